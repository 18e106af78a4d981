extension LaunchDarklyDataReader {
    /// What a rule or the fallthrough serves: its `variation`, else its `rollout`.
    mutating func serve(_ node: SourceNode, what: String) -> LaunchDarklyServe {
        if let variation = integer(node["variation"], "\"variation\"") { return .variation(variation) }
        guard let rolloutNode = node["rollout"], !rolloutNode.isNull else {
            if node["variation"] == nil {
                report(
                    "\(what) serves neither a \"variation\" nor a \"rollout\": a context that gets here is MALFORMED_FLAG",
                    at: node.location)
            }
            return .nothing
        }
        guard rolloutNode.mapping != nil else {
            wrongType(rolloutNode, "\"rollout\"", "an object")
            return .nothing
        }
        let contextKind = text(rolloutNode["contextKind"], "\"contextKind\"").flatMap { $0.isEmpty ? nil : $0 }
        var rollout = LaunchDarklyRollout(
            isExperiment: text(rolloutNode["kind"], "a rollout's \"kind\"") == "experiment",
            contextKind: contextKind ?? "user", seed: integer(rolloutNode["seed"], "\"seed\""),
            location: rolloutNode.location)
        rollout.bucketBy = reference(rolloutNode["bucketBy"], isReference: contextKind != nil, what: "\"bucketBy\"")
        for share in list(rolloutNode["variations"], "a rollout's \"variations\"") {
            guard share.mapping != nil, let variation = integer(share["variation"], "a share's \"variation\"") else {
                malformation = malformation ?? "a rollout's share has no \"variation\""
                report("a rollout's share is an object with a \"variation\" and a \"weight\"", at: share.location)
                continue
            }
            rollout.variations.append(
                LaunchDarklyWeightedVariation(
                    variation: variation, weight: integer(share["weight"], "\"weight\"") ?? 0,
                    untracked: bool(share["untracked"], "\"untracked\"") ?? false))
        }
        if rollout.variations.isEmpty {
            report(
                "\(what) is a rollout with no variations: a context that gets here is MALFORMED_FLAG",
                at: rolloutNode.location)
        } else {
            let total = rollout.variations.reduce(0) { $0 &+ $1.weight }
            if total != 100_000 {
                report(
                    "the rollout's weights add up to \(total), not 100000: contexts past the end get the last share",
                    at: rolloutNode.location)
            }
        }
        return .rollout(rollout)
    }

    /// An attribute reference (`bucketBy`): absent or empty is none.
    mutating func reference(_ node: SourceNode?, isReference: Bool, what: String) -> LaunchDarklyAttributeReference? {
        guard let text = text(node, what), !text.isEmpty else { return nil }
        let reference = LaunchDarklyAttributeReference(text, isReference: isReference)
        if let error = reference.error {
            report(
                "\(what) \(Self.quoted(text)) is refused by the SDKs (\(error)): it is MALFORMED_FLAG",
                at: node?.location)
        }
        return reference
    }

    /// A clause, its values made ready for its operator, each value the operator cannot use reported.
    mutating func clause(_ node: SourceNode) -> LaunchDarklyClause? {
        guard node.mapping != nil else {
            wrongType(node, "a clause", "an object")
            return nil
        }
        let contextKind = text(node["contextKind"], "\"contextKind\"").flatMap { $0.isEmpty ? nil : $0 }
        let operatorName = text(node["op"], "\"op\"") ?? ""
        let valueNodes = list(node["values"], "\"values\"")
        let clause = LaunchDarklyClause(
            contextKind: contextKind ?? "user",
            attribute: LaunchDarklyAttributeReference(
                text(node["attribute"], "\"attribute\"") ?? "", isReference: contextKind != nil),
            operatorName: operatorName, values: valueNodes.map(JSONValue.init),
            negate: bool(node["negate"], "\"negate\"") ?? false, location: node.location)
        guard let known = clause.knownOperator else {
            report(
                "unknown operator \(Self.quoted(operatorName)) (the SDKs know "
                    + LaunchDarklyOperator.allCases.map(\.rawValue).joined(separator: ", ")
                    + "): the clause never matches",
                at: node["op"]?.location ?? node.location, severity: .warning)
            return clause
        }
        if known != .segmentMatch, let error = clause.attribute.error {
            report(
                "the clause's attribute \(Self.quoted(clause.attribute.text)) is refused by the SDKs (\(error)): evaluating it is MALFORMED_FLAG",
                at: node["attribute"]?.location ?? node.location)
        }
        if node["values"] == nil { report("the clause has no \"values\": it never matches", at: node.location) }
        for (value, valueNode) in zip(clause.values, valueNodes) {
            if let problem = Self.problem(with: value, for: known) { report(problem, at: valueNode.location) }
            if known == .segmentMatch, let key = value.launchDarklyText {
                segmentReferences.append((key, valueNode.location))
            }
        }
        return clause
    }

    /// Why `value` can never match with `known`, when it cannot.
    static func problem(with value: JSONValue, for known: LaunchDarklyOperator) -> String? {
        switch known {
        case .in: return nil
        case .endsWith, .startsWith, .contains, .segmentMatch:
            return value.launchDarklyText == nil
                ? "a \(known.rawValue) value is text, found \(value.compactText(limit: 40)): it never matches" : nil
        case .matches:
            guard let source = value.launchDarklyText else {
                return
                    "a matches value is a regular expression in text, found \(value.compactText(limit: 40)): it never matches"
            }
            do {
                _ = try LinearPattern(source, dialect: .re2)
                return nil
            } catch {
                return
                    "\(quoted(source)) is not a regular expression the SDKs accept (RE2's syntax, as Go's SDK reads it) \(error.description): it never matches"
            }
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            return value.launchDarklyNumber == nil
                ? "a \(known.rawValue) value is a number, found \(value.compactText(limit: 40)): it never matches" : nil
        case .before, .after:
            return LaunchDarklyDate.milliseconds(of: value) == nil
                ? "\(value.compactText(limit: 40)) is not a date (epoch milliseconds, or RFC 3339 text with a time and a zone): it never matches"
                : nil
        case .semVerEqual, .semVerLessThan, .semVerGreaterThan:
            return value.launchDarklyText.flatMap(LaunchDarklyVersion.parse) == nil
                ? "\(value.compactText(limit: 40)) is not a semantic version: it never matches" : nil
        }
    }
}
