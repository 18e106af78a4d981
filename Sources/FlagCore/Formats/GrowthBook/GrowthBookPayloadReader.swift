import OrderedCollections

/// The reading of one GrowthBook payload: features, their rules and conditions compiled, each
/// part that cannot be read reported where it is written. The SDKs' own leniencies are kept (a
/// rule with neither `force` nor `variations` is skipped, unknown fields are ignored).
struct GrowthBookPayloadReader {
    let decryptionKey: String?
    var problems: [RuleProblem] = []
    /// Prerequisites named, checked against the features once all are read.
    private var parentReferences: [(id: String, location: TextLocation)] = []
    /// Where decrypted text came from: its problems are reported at the encrypted field, with
    /// their place in the decrypted text in the message.
    private var decryptedFrom: (field: String, location: TextLocation)?

    init(decryptionKey: String?) {
        self.decryptionKey = decryptionKey
    }

    mutating func report(_ message: String, at location: TextLocation) {
        if let (field, origin) = decryptedFrom {
            problems.append(
                RuleProblem(
                    "\(field), decrypted, line \(location.line), column \(location.column): \(message)", at: origin))
        } else {
            problems.append(RuleProblem(message, at: location))
        }
    }

    mutating func read(_ root: SourceNode) throws(DocumentError) -> GrowthBookPayload {
        guard root.mapping != nil else {
            throw DocumentError(
                "a GrowthBook payload is a JSON object with \"features\", found \(root.kindDescription)",
                at: root.location)
        }
        let groups = savedGroups(root)
        var features = OrderedDictionary<String, GrowthBookFeature>()
        if let encrypted = root["encryptedFeatures"] {
            let decrypted = try decryptedDocument(encrypted, field: "encryptedFeatures")
            decryptedFrom = ("encryptedFeatures", encrypted.location)
            features = self.features(decrypted, savedGroupIDs: Set(groups.keys))
            decryptedFrom = nil
        } else if let node = root["features"] {
            features = self.features(node, savedGroupIDs: Set(groups.keys))
        } else {
            report(
                "a GrowthBook payload has \"features\" (or \"encryptedFeatures\"); this one has none", at: root.location
            )
        }
        for (id, location) in parentReferences where features[id] == nil {
            problems.append(
                RuleProblem(
                    "no feature '\(TerminalText.capped(id, limit: 80))' in this payload; the prerequisite reads its value as null",
                    at: location, severity: .warning))
        }
        problems.sort { $0.location ?? .start < $1.location ?? .start }
        return GrowthBookPayload(
            definitions: GrowthBookDefinitions(features: features, savedGroups: groups),
            dateUpdated: root["dateUpdated"]?.scalarText, problems: problems)
    }

    /// The decrypted JSON of an encrypted field; a missing key, a key that does not fit or text
    /// that is not JSON stops the read, naming what is wrong.
    private func decryptedDocument(_ node: SourceNode, field: String) throws(DocumentError) -> SourceNode {
        guard case .scalar(let text, true) = node.content else {
            throw DocumentError("\"\(field)\" is the encrypted text, found \(node.kindDescription)", at: node.location)
        }
        guard let decryptionKey, !decryptionKey.isEmpty else {
            throw DocumentError(
                "\"\(field)\" is encrypted and no decryption key was given (decryptionKeyEnv: names the environment variable that holds it)",
                at: node.location)
        }
        let plain: String
        do {
            plain = try GrowthBookDecryption.decrypt(text, key: decryptionKey)
        } catch {
            throw DocumentError("\"\(field)\" cannot be decrypted: \(error.message)", at: node.location)
        }
        do {
            return try JSONReader.parse(plain)
        } catch {
            throw DocumentError(
                "\"\(field)\" decrypts to text that is not JSON (line \(error.location.line), column \(error.location.column): \(error.message)); is the key the right one?",
                at: node.location)
        }
    }

    // MARK: Saved groups

    private mutating func savedGroups(_ root: SourceNode) -> [String: GrowthBookValueSet] {
        var node = root["savedGroups"]
        if let encrypted = root["encryptedSavedGroups"] {
            // Saved groups that cannot be decrypted are left out, as the SDKs leave them.
            do {
                node = try decryptedDocument(encrypted, field: "encryptedSavedGroups")
            } catch {
                report(error.message + "; the payload is read without saved groups", at: encrypted.location)
                return [:]
            }
            decryptedFrom = ("encryptedSavedGroups", encrypted.location)
        }
        defer { decryptedFrom = nil }
        guard let node, !node.isNull else { return [:] }
        guard let pairs = node.mapping else {
            report(
                "\"savedGroups\" is an object of group ids to lists, found \(node.kindDescription)", at: node.location)
            return [:]
        }
        var groups: [String: GrowthBookValueSet] = [:]
        for (key, value) in pairs {
            guard case .array(let items) = JSONValue(value) else {
                report("a saved group is a list of values, found \(value.kindDescription)", at: value.location)
                groups[key.scalarText ?? ""] = GrowthBookValueSet([], ignoringCase: false)
                continue
            }
            groups[key.scalarText ?? ""] = GrowthBookValueSet(items, ignoringCase: false)
        }
        return groups
    }

    // MARK: Features

    private mutating func features(_ node: SourceNode, savedGroupIDs: Set<String>)
        -> OrderedDictionary<String, GrowthBookFeature>
    {
        guard let pairs = node.mapping else {
            report(
                "\"features\" is an object of feature keys to features, found \(node.kindDescription)",
                at: node.location)
            return [:]
        }
        var features = OrderedDictionary<String, GrowthBookFeature>()
        features.reserveCapacity(pairs.count)
        var compiler = GrowthBookConditionCompiler(savedGroupIDs: savedGroupIDs)
        for (keyNode, value) in pairs {
            let key = keyNode.scalarText ?? ""
            if let feature = feature(key, at: keyNode.location, value, compiler: &compiler) {
                features[key] = feature
            }
        }
        for var problem in compiler.problems {
            problem.location = problem.location ?? node.location
            problems.append(problem)
        }
        return features
    }

    private mutating func feature(
        _ key: String, at location: TextLocation, _ node: SourceNode, compiler: inout GrowthBookConditionCompiler
    ) -> GrowthBookFeature? {
        guard let pairs = node.mapping else {
            report(
                "a feature is an object with \"defaultValue\" and \"rules\", found \(node.kindDescription)",
                at: node.location)
            // The SDKs take a falsy definition for no feature at all, anything else for an empty one.
            return GrowthBookCoercion.isTruthy(JSONValue(node))
                ? GrowthBookFeature(key: key, location: location, defaultValue: nil, rules: []) : nil
        }
        var defaultValue: JSONValue?
        var rules: [GrowthBookRule] = []
        for (name, value) in pairs {
            switch name.scalarText {
            case "defaultValue": defaultValue = JSONValue(value)
            case "rules":
                guard let items = value.sequence else {
                    if !value.isNull {
                        report("\"rules\" is a list of rules, found \(value.kindDescription)", at: value.location)
                    }
                    continue
                }
                var reader = GrowthBookRuleReader(featureKey: key, compiler: compiler)
                rules = items.enumerated().compactMap { index, item in reader.rule(item, index: index) }
                compiler = reader.compiler
                parentReferences += reader.parentReferences
                for var problem in reader.problems {
                    problem.location = problem.location ?? value.location
                    problems.append(problem)
                }
            default: continue
            }
        }
        return GrowthBookFeature(key: key, location: location, defaultValue: defaultValue, rules: rules)
    }
}
