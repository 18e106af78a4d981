import OrderedCollections

/// An Unleash file read into toggles and segments: the client features payload
/// (`{"version":2,"features":[…],"segments":[…]}`), an export (`features`,
/// `featureStrategies`, `featureEnvironments`, `segments`, `dependencies`), or the delta
/// events (`{"events":[…]}`: hydration, feature and segment updates and removals, applied in
/// order).
///
/// Lenient where the SDKs are: a part that cannot be read (a wrong type, a number out of
/// range) is a located problem for `validate` and is left out, and the rest still evaluates.
package struct UnleashDocument: Sendable {
    /// Which of the three forms the file is.
    package enum Form: String, Sendable {
        case clientPayload = "client payload"
        case export = "export"
        case deltaEvents = "delta events"
    }

    /// The toggles and segments.
    package var features: UnleashFeatures
    /// The form read.
    package var form: Form
    /// The environment an export's toggle was taken from, by toggle name.
    package var environments: [String: String]
    /// What `validate` reports, in file order.
    package var problems: [RuleProblem]

    /// Reads an Unleash file; only a file that is not JSON, or is none of the three forms, fails as a whole.
    package static func read(_ bytes: [UInt8]) throws(DocumentError) -> UnleashDocument {
        if let payload = try streamedClientPayload(bytes) { return payload }
        return try read(JSONReader.parse(bytes))
    }

    /// The client payload read a toggle at a time, each toggle's nodes let go once it is read,
    /// so a large payload is never held whole as a tree; `nil` when the file is another form (an
    /// export, delta events) or its `"features"` is no list, which reading the whole tree reads
    /// and words.
    private static func streamedClientPayload(_ bytes: [UInt8]) throws(DocumentError) -> UnleashDocument? {
        var reader = UnleashDocumentReader()
        var toggles = OrderedDictionary<String, UnleashToggle>()
        var segments: SourceNode?
        var featuresRead = false
        var otherForm = false
        let root = try JSONReader.forEachRootMember(bytes, knownKeys: KnownKeys()) {
            (key, _, parser) throws(DocumentError) in
            switch key {
            case "features" where !otherForm && parser.bytes[parser.offset] == UInt8(ascii: "["):
                featuresRead = true
                try parser.forEachItem(depth: 2) { parser throws(DocumentError) in
                    if let toggle = reader.toggle(try parser.value(depth: 2)) { toggles[toggle.name] = toggle }
                }
            case "segments":
                segments = try parser.value(depth: 1)
            case "features", "events", "featureStrategies", "featureEnvironments":
                otherForm = true
                _ = try parser.value(depth: 1)
            default:
                _ = try parser.value(depth: 1)
            }
        }
        guard case .object = root, featuresRead, !otherForm else { return nil }
        var segmentsByID: [Int: UnleashSegment] = [:]
        reader.readSegments(segments, into: &segmentsByID)
        reader.problems.sort { ($0.location ?? .start) < ($1.location ?? .start) }
        return UnleashDocument(
            features: UnleashFeatures(toggles: toggles, segments: segmentsByID), form: .clientPayload,
            environments: [:], problems: reader.problems)
    }

    /// Reads the parsed file `root`.
    static func read(_ root: SourceNode) throws(DocumentError) -> UnleashDocument {
        var reader = UnleashDocumentReader()
        let document = try reader.read(root)
        return document
    }
}

/// The reading of one Unleash file.
struct UnleashDocumentReader {
    var problems: [RuleProblem] = []
    /// The largest weight or id kept; larger ones are reported and clamped (or left out).
    static let largestNumber = Int(Int32.max)

    mutating func report(_ message: String, at location: TextLocation?) {
        problems.append(RuleProblem(message, at: location))
    }

    mutating func read(_ root: SourceNode) throws(DocumentError) -> UnleashDocument {
        guard root.mapping != nil else {
            throw DocumentError(
                "an Unleash file is a JSON object with a \"features\" list (or \"events\"), found \(root.kindDescription)",
                at: root.location)
        }
        var toggles = OrderedDictionary<String, UnleashToggle>()
        var segments: [Int: UnleashSegment] = [:]
        var environments: [String: String] = [:]
        let form: UnleashDocument.Form
        if let events = root["events"], root["features"] == nil {
            guard let items = events.sequence else {
                throw DocumentError(
                    "\"events\" is a list of delta events, found \(events.kindDescription)", at: events.location)
            }
            form = .deltaEvents
            for event in items { apply(event, toggles: &toggles, segments: &segments) }
        } else {
            guard let featuresNode = root["features"], let features = featuresNode.sequence else {
                throw DocumentError(
                    "an Unleash file is a JSON object with a \"features\" list (or \"events\")",
                    at: root["features"]?.location ?? root.location)
            }
            readSegments(root["segments"], into: &segments)
            if root["featureStrategies"] != nil || root["featureEnvironments"] != nil {
                form = .export
                readExport(root, features: features, toggles: &toggles, environments: &environments)
            } else {
                form = .clientPayload
                for node in features {
                    if let toggle = toggle(node) { toggles[toggle.name] = toggle }
                }
            }
        }
        problems.sort { ($0.location ?? .start) < ($1.location ?? .start) }
        return UnleashDocument(
            features: UnleashFeatures(toggles: toggles, segments: segments), form: form, environments: environments,
            problems: problems)
    }

    // MARK: Delta events

    private mutating func apply(
        _ event: SourceNode, toggles: inout OrderedDictionary<String, UnleashToggle>,
        segments: inout [Int: UnleashSegment]
    ) {
        guard event.mapping != nil, let type = text(event["type"]) else {
            report("a delta event is an object with a \"type\"", at: event.location)
            return
        }
        switch type {
        case "hydration":
            toggles = [:]
            segments = [:]
            readSegments(event["segments"], into: &segments)
            if let features = event["features"] {
                guard let items = features.sequence else {
                    report(
                        "\"features\" is a list of toggles, found \(features.kindDescription)", at: features.location)
                    return
                }
                for node in items {
                    if let toggle = toggle(node) { toggles[toggle.name] = toggle }
                }
            }
        case "feature-updated":
            guard let node = event["feature"] else {
                report("a feature-updated event has a \"feature\"", at: event.location)
                return
            }
            if let toggle = toggle(node) { toggles[toggle.name] = toggle }
        case "feature-removed":
            guard let name = text(event["featureName"]) else {
                report("a feature-removed event has a \"featureName\"", at: event.location)
                return
            }
            toggles.removeValue(forKey: name)
        case "segment-updated":
            guard let node = event["segment"] else {
                report("a segment-updated event has a \"segment\"", at: event.location)
                return
            }
            if let segment = segment(node) { segments[segment.id] = segment }
        case "segment-removed":
            guard let id = integer(event["segmentId"], what: "\"segmentId\"") else {
                report("a segment-removed event has a numeric \"segmentId\"", at: event.location)
                return
            }
            segments.removeValue(forKey: id)
        default:
            report(
                "unknown delta event type '\(TerminalText.capped(type, limit: 60))' (hydration, feature-updated, feature-removed, segment-updated or segment-removed); it is skipped",
                at: event["type"]?.location ?? event.location)
        }
    }

    // MARK: Export

    private mutating func readExport(
        _ root: SourceNode, features: [SourceNode], toggles: inout OrderedDictionary<String, UnleashToggle>,
        environments: inout [String: String]
    ) {
        // An export holds one environment; if several are listed, the first per toggle wins.
        var environmentNodes: [String: SourceNode] = [:]
        for item in list(root["featureEnvironments"], what: "\"featureEnvironments\"") {
            guard let name = text(item["featureName"]) else {
                report("each feature environment names its \"featureName\"", at: item.location)
                continue
            }
            if environmentNodes[name] == nil { environmentNodes[name] = item }
        }
        var strategyNodes: [String: [(order: Double, index: Int, node: SourceNode)]] = [:]
        for (index, item) in list(root["featureStrategies"], what: "\"featureStrategies\"").enumerated() {
            guard let name = text(item["featureName"]) else {
                report("each feature strategy names its \"featureName\"", at: item.location)
                continue
            }
            if bool(item["disabled"], what: "\"disabled\"") == true { continue }
            let order = text(item["sortOrder"]).flatMap(UnleashText.number) ?? 0
            strategyNodes[name, default: []].append((order, index, item))
        }
        var dependencyNodes: [String: [SourceNode]] = [:]
        for item in list(root["dependencies"], what: "\"dependencies\"") {
            guard let child = text(item["feature"]) else {
                report("each entry of \"dependencies\" names its \"feature\"", at: item.location)
                continue
            }
            dependencyNodes[child, default: []] += list(item["dependencies"], what: "\"dependencies\"")
        }
        for node in features {
            guard var toggle = toggle(node) else { continue }
            if let environment = environmentNodes[toggle.name] {
                if let enabled = bool(environment["enabled"], what: "\"enabled\"") { toggle.enabled = enabled }
                if let variants = environment["variants"] { toggle.variants = self.variants(variants) }
                if let name = text(environment["environment"]) ?? text(environment["name"]) {
                    environments[toggle.name] = name
                }
            }
            if let strategies = strategyNodes[toggle.name] {
                toggle.strategies = strategies.sorted { ($0.order, $0.index) < ($1.order, $1.index) }.compactMap {
                    strategy($0.node)
                }
            }
            if let dependencies = dependencyNodes[toggle.name] {
                toggle.dependencies += dependencies.compactMap { dependency($0) }
            }
            toggles[toggle.name] = toggle
        }
    }

    // MARK: Parts

    /// A toggle; `nil` (reported) when it is not an object with a name.
    mutating func toggle(_ node: SourceNode) -> UnleashToggle? {
        guard node.mapping != nil else {
            report("a toggle is an object with a \"name\", found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard let nameNode = node["name"], case .scalar(let name, true) = nameNode.content, !name.isEmpty else {
            report("a toggle needs a \"name\" (text)", at: node["name"]?.location ?? node.location)
            return nil
        }
        var toggle = UnleashToggle(
            name: name, location: nameNode.location, enabled: bool(node["enabled"], what: "\"enabled\"") ?? false)
        toggle.strategies = list(node["strategies"], what: "\"strategies\"").compactMap { strategy($0) }
        if let variants = node["variants"] { toggle.variants = self.variants(variants) }
        toggle.dependencies = list(node["dependencies"], what: "\"dependencies\"").compactMap { dependency($0) }
        return toggle
    }

    private mutating func strategy(_ node: SourceNode) -> UnleashStrategy? {
        guard node.mapping != nil, let name = text(node["name"]) ?? text(node["strategyName"]) else {
            report("a strategy is an object with a \"name\"", at: node.location)
            return nil
        }
        var strategy = UnleashStrategy(name: name, location: node.location)
        if let parameters = node["parameters"], !parameters.isNull {
            if let pairs = parameters.mapping {
                for (key, value) in pairs {
                    guard !value.isNull else { continue }
                    guard let text = text(value) else {
                        report(
                            "a strategy parameter is text, found \(value.kindDescription)", at: value.location)
                        continue
                    }
                    strategy.parameters[key.scalarText ?? ""] = text
                }
            } else {
                report("\"parameters\" is an object, found \(parameters.kindDescription)", at: parameters.location)
            }
        }
        strategy.constraints = constraints(node["constraints"])
        strategy.segments = list(node["segments"], what: "\"segments\"").compactMap {
            integer($0, what: "a segment id")
        }
        if let variants = node["variants"] { strategy.variants = self.variants(variants) }
        return strategy
    }

    mutating func constraints(_ node: SourceNode?) -> [UnleashConstraint] {
        list(node, what: "\"constraints\"").compactMap { item in
            guard item.mapping != nil, let contextName = text(item["contextName"]),
                let operatorName = text(item["operator"])
            else {
                report("a constraint is an object with \"contextName\" and \"operator\"", at: item.location)
                return nil
            }
            let values = list(item["values"], what: "\"values\"").compactMap { value -> String? in
                guard let text = text(value) else {
                    if !value.isNull {
                        report("a constraint value is text, found \(value.kindDescription)", at: value.location)
                    }
                    return nil
                }
                return text
            }
            var single: String?
            if let valueNode = item["value"], !valueNode.isNull {
                single = text(valueNode)
                if single == nil {
                    report(
                        "a constraint's \"value\" is text, found \(valueNode.kindDescription)", at: valueNode.location)
                }
            }
            let constraint = UnleashConstraint(
                contextName: contextName, operatorName: operatorName, values: values, value: single,
                inverted: bool(item["inverted"], what: "\"inverted\"") ?? false,
                caseInsensitive: bool(item["caseInsensitive"], what: "\"caseInsensitive\"") ?? false,
                location: item.location)
            if let problem = constraint.problem {
                // At the value that cannot be used, or at the operator nobody knows.
                let at = constraint.knownOperator == nil ? item["operator"] : (item["value"] ?? item["operator"])
                report(problem, at: at?.location ?? item.location)
            }
            return constraint
        }
    }

    mutating func variants(_ node: SourceNode) -> [UnleashVariant] {
        list(node, what: "\"variants\"").compactMap { item in
            guard item.mapping != nil, let name = text(item["name"]) else {
                report("a variant is an object with a \"name\"", at: item.location)
                return nil
            }
            var variant = UnleashVariant(
                name: name, weight: weight(item["weight"]), weightType: text(item["weightType"]),
                stickiness: text(item["stickiness"]))
            if let payload = item["payload"], !payload.isNull {
                if payload.mapping != nil, let type = text(payload["type"]), let valueNode = payload["value"] {
                    // The value is text in the API; an object or list written in its place is kept as its JSON.
                    let value = text(valueNode) ?? JSONValue(valueNode).compactText
                    variant.payload = UnleashVariant.Payload(type: type, value: value)
                } else {
                    report("a variant's payload is an object with \"type\" and \"value\"", at: payload.location)
                }
            }
            for override in list(item["overrides"], what: "\"overrides\"") {
                guard override.mapping != nil, let contextName = text(override["contextName"]) else {
                    report("an override is an object with \"contextName\" and \"values\"", at: override.location)
                    continue
                }
                variant.overrides.append(
                    UnleashVariant.Override(
                        contextName: contextName,
                        values: list(override["values"], what: "\"values\"").compactMap { text($0) }))
            }
            return variant
        }
    }

    private mutating func dependency(_ node: SourceNode) -> UnleashDependency? {
        guard node.mapping != nil, let feature = text(node["feature"]) else {
            report("a dependency is an object with a \"feature\"", at: node.location)
            return nil
        }
        return UnleashDependency(
            feature: feature, enabled: bool(node["enabled"], what: "\"enabled\"") ?? true,
            variants: list(node["variants"], what: "\"variants\"").compactMap { text($0) })
    }

    mutating func readSegments(_ node: SourceNode?, into segments: inout [Int: UnleashSegment]) {
        for item in list(node, what: "\"segments\"") {
            if let segment = segment(item) { segments[segment.id] = segment }
        }
    }

    private mutating func segment(_ node: SourceNode) -> UnleashSegment? {
        guard node.mapping != nil, let id = integer(node["id"], what: "a segment's \"id\"") else {
            report("a segment is an object with a numeric \"id\"", at: node.location)
            return nil
        }
        return UnleashSegment(id: id, name: text(node["name"]), constraints: constraints(node["constraints"]))
    }

    // MARK: Scalars

    /// A scalar as text (numbers and bools as written); `nil` for null, lists and objects.
    func text(_ node: SourceNode?) -> String? {
        guard let node, !node.isNull, case .scalar(let text, _) = node.content else { return nil }
        return text
    }

    /// A bool, reported when it is something else; `nil` when absent or not a bool.
    mutating func bool(_ node: SourceNode?, what: String) -> Bool? {
        guard let node, !node.isNull else { return nil }
        if case .scalar(let text, let quoted) = node.content, let value = PlainScalar.bool(text) {
            if quoted { report("\(what) is a bool, found text", at: node.location) }
            return value
        }
        report("\(what) is a bool, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// A list's items, reported when it is something else; none when absent or null.
    mutating func list(_ node: SourceNode?, what: String) -> [SourceNode] {
        guard let node, !node.isNull else { return [] }
        guard let items = node.sequence else {
            report("\(what) is a list, found \(node.kindDescription)", at: node.location)
            return []
        }
        return items
    }

    /// A whole number within range (ids), reported when it is not one.
    mutating func integer(_ node: SourceNode?, what: String) -> Int? {
        guard let node, let text = text(node) else { return nil }
        guard let value = PlainScalar.int(text) ?? Self.wholeDouble(text),
            value >= -Self.largestNumber, value <= Self.largestNumber
        else {
            report(
                "\(what) is a whole number up to \(Self.largestNumber), found \(TerminalText.capped(text, limit: 40))",
                at: node.location)
            return nil
        }
        return value
    }

    /// A variant's weight: a whole number 0…2³¹−1 (absent: 0); others are reported and clamped.
    private mutating func weight(_ node: SourceNode?) -> Int {
        guard let node, !node.isNull else { return 0 }
        guard let text = text(node), let number = PlainScalar.number(text) else {
            report("a variant's \"weight\" is a number, found \(node.kindDescription)", at: node.location)
            return 0
        }
        guard number >= 0, number <= Double(Self.largestNumber), number == number.rounded(.down) else {
            report(
                "a variant's \"weight\" is a whole number 0…\(Self.largestNumber), found \(TerminalText.capped(text, limit: 40))",
                at: node.location)
            return number < 0 ? 0 : (number.isNaN ? 0 : Int(min(number, Double(Self.largestNumber))))
        }
        return Int(number)
    }

    private static func wholeDouble(_ text: String) -> Int? {
        guard let value = PlainScalar.double(text), value == value.rounded(), abs(value) <= Double(largestNumber)
        else { return nil }
        return Int(value)
    }
}
