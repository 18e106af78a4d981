/// Reads one feature's rules: each field as the SDKs read it (a falsy `seed` or `hashAttribute`
/// is no seed or attribute), a field of the wrong type reported where it is written and left out.
struct GrowthBookRuleReader {
    let featureKey: String
    var compiler: GrowthBookConditionCompiler
    var problems: [RuleProblem] = []
    /// Prerequisites named, checked once every feature is read.
    var parentReferences: [(id: String, location: TextLocation)] = []

    init(featureKey: String, compiler: GrowthBookConditionCompiler) {
        self.featureKey = featureKey
        self.compiler = compiler
    }

    mutating func report(_ message: String, at location: TextLocation) {
        problems.append(RuleProblem(message, at: location))
    }

    /// A rule; `nil` (reported) when it is not an object.
    mutating func rule(_ node: SourceNode, index: Int) -> GrowthBookRule? {
        guard node.mapping != nil else {
            report("a rule is an object, found \(node.kindDescription); it is skipped", at: node.location)
            return nil
        }
        var rule = GrowthBookRule(id: "", index: index, location: node.location, kind: .none)
        if let id = node["id"] { rule.id = text(id, what: "a rule's \"id\"") ?? "" }
        if let condition = node["condition"], GrowthBookCoercion.isTruthy(JSONValue(condition)) {
            rule.condition = compiler.condition(condition)
            rule.conditionLocation = condition.location
        }
        if let parents = node["parentConditions"] { rule.parentConditions = parentConditions(parents) }
        if let filters = node["filters"], !filters.isNull { rule.filters = self.filters(filters) }
        rule.seed = node["seed"].flatMap { text($0, what: "\"seed\"") }.flatMap { $0.isEmpty ? nil : $0 }
        rule.hashAttribute = node["hashAttribute"].flatMap { text($0, what: "\"hashAttribute\"") }.flatMap {
            $0.isEmpty ? nil : $0
        }
        rule.fallbackAttribute = node["fallbackAttribute"].flatMap { text($0, what: "\"fallbackAttribute\"") }
            .flatMap { $0.isEmpty ? nil : $0 }
        rule.hashVersion = node["hashVersion"].flatMap { hashVersion($0) }
        if let range = node["range"], !range.isNull { rule.range = self.range(range) }
        if let coverage = node["coverage"] {
            // A null coverage multiplies to 0 in the SDK; any other non-number is left out.
            rule.coverage = coverage.isNull ? 0 : number(coverage, what: "\"coverage\"")
        }
        rule.disableStickyBucketing =
            node["disableStickyBucketing"].map { GrowthBookCoercion.isTruthy(JSONValue($0)) }
            ?? false
        if let force = node["force"] {
            rule.kind = .force(JSONValue(force))
        } else if let variations = node["contextualVariations"] ?? node["variations"], !variations.isNull {
            if node["contextualBanditRef"] != nil {
                report(
                    "a contextual bandit's answer is not simulated: the rule splits by its own weights, as the SDKs do without the bandit's",
                    at: node.location)
            }
            if let experiment = experiment(node, variations: variations) { rule.kind = .experiment(experiment) }
        }
        return rule
    }

    private mutating func experiment(_ node: SourceNode, variations: SourceNode) -> GrowthBookExperiment? {
        guard case .array(let items) = JSONValue(variations) else {
            report(
                "\"variations\" is a list of values, found \(variations.kindDescription); the rule is skipped",
                at: variations.location)
            return nil
        }
        var experiment = GrowthBookExperiment(variations: items)
        experiment.key = node["key"].flatMap { text($0, what: "\"key\"") }.flatMap { $0.isEmpty ? nil : $0 }
        if let weights = node["weights"], !weights.isNull {
            experiment.weights = numbers(weights, what: "\"weights\"")
        }
        if let ranges = node["ranges"], !ranges.isNull {
            if let items = ranges.sequence {
                let read = items.compactMap { range($0) }
                experiment.ranges = read.count == items.count ? read : nil
            } else {
                report(
                    "\"ranges\" is a list of [start, end] pairs, found \(ranges.kindDescription)", at: ranges.location)
            }
        }
        if let meta = node["meta"], !meta.isNull { experiment.meta = self.meta(meta) }
        if let namespace = node["namespace"], !namespace.isNull { experiment.namespace = self.namespace(namespace) }
        experiment.name = node["name"].flatMap { text($0, what: "\"name\"") }
        experiment.phase = node["phase"].flatMap { text($0, what: "\"phase\"") }
        experiment.bucketVersion = node["bucketVersion"].flatMap { integer($0, what: "\"bucketVersion\"") } ?? 0
        experiment.minBucketVersion =
            node["minBucketVersion"].flatMap { integer($0, what: "\"minBucketVersion\"") } ?? 0
        return experiment
    }

    // MARK: Parts

    private mutating func parentConditions(_ node: SourceNode) -> [GrowthBookParentCondition] {
        guard let items = node.sequence else {
            if !node.isNull {
                report(
                    "\"parentConditions\" is a list of prerequisites, found \(node.kindDescription)", at: node.location)
            }
            return []
        }
        return items.compactMap { item in
            guard item.mapping != nil else {
                report(
                    "a prerequisite is an object with \"id\" and \"condition\", found \(item.kindDescription)",
                    at: item.location)
                return nil
            }
            let idNode = item["id"]
            guard let idNode, let id = text(idNode, what: "a prerequisite's \"id\"") else {
                report("a prerequisite names its feature in \"id\"", at: item.location)
                return GrowthBookParentCondition(id: "", condition: .all([]), gate: false, location: item.location)
            }
            parentReferences.append((id, idNode.location))
            let condition = item["condition"].map { compiler.condition($0) } ?? .all([])
            let gate = item["gate"].map { GrowthBookCoercion.isTruthy(JSONValue($0)) } ?? false
            return GrowthBookParentCondition(id: id, condition: condition, gate: gate, location: item.location)
        }
    }

    private mutating func filters(_ node: SourceNode) -> [GrowthBookFilter]? {
        guard let items = node.sequence else {
            report("\"filters\" is a list of filters, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return items.compactMap { item in
            guard item.mapping != nil else {
                report(
                    "a filter is an object with \"seed\" and \"ranges\", found \(item.kindDescription)",
                    at: item.location)
                return nil
            }
            let ranges = item["ranges"]?.sequence?.compactMap { range($0) } ?? []
            if item["ranges"]?.sequence == nil { report("a filter has a list of \"ranges\"", at: item.location) }
            return GrowthBookFilter(
                attribute: item["attribute"].flatMap { text($0, what: "a filter's \"attribute\"") }.flatMap {
                    $0.isEmpty ? nil : $0
                },
                // The SDK joins a missing seed into the hashed text as JavaScript writes it.
                seed: item["seed"].flatMap { text($0, what: "a filter's \"seed\"") } ?? "undefined",
                hashVersion: item["hashVersion"].flatMap { hashVersion($0) } ?? 2,
                ranges: ranges)
        }
    }

    private mutating func meta(_ node: SourceNode) -> [GrowthBookVariationMeta]? {
        guard let items = node.sequence else {
            report("\"meta\" is a list of objects, one per variation, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return items.map { item in
            GrowthBookVariationMeta(
                key: item["key"].flatMap { text($0, what: "a variation's \"key\"") },
                name: item["name"].flatMap { text($0, what: "a variation's \"name\"") },
                passthrough: item["passthrough"].map { GrowthBookCoercion.isTruthy(JSONValue($0)) } ?? false)
        }
    }

    private mutating func namespace(_ node: SourceNode) -> GrowthBookNamespace? {
        guard let items = node.sequence, items.count >= 3, case .scalar(let id, true) = items[0].content,
            let start = number(items[1], what: "a namespace's start"),
            let end = number(items[2], what: "a namespace's end")
        else {
            report(
                "\"namespace\" is [id, start, end], found \(JSONValue(node).compactText(limit: 60))", at: node.location)
            return nil
        }
        return GrowthBookNamespace(id: id, start: start, end: end)
    }

    /// A `[start, end]` pair.
    private mutating func range(_ node: SourceNode) -> GrowthBookRange? {
        guard let items = node.sequence, items.count >= 2, let start = number(items[0], what: "a range's start"),
            let end = number(items[1], what: "a range's end")
        else {
            report("a range is [start, end], found \(JSONValue(node).compactText(limit: 60))", at: node.location)
            return nil
        }
        return GrowthBookRange(start: start, end: end)
    }

    // MARK: Scalars

    /// Text; a number is taken as its text (the SDKs join it into hashed text as such).
    private mutating func text(_ node: SourceNode, what: String) -> String? {
        switch JSONValue(node) {
        case .string(let text): return text
        case .int, .double: return GrowthBookCoercion.text(JSONValue(node))
        case .null: return nil
        default:
            report("\(what) is text, found \(node.kindDescription)", at: node.location)
            return nil
        }
    }

    private mutating func number(_ node: SourceNode, what: String) -> Double? {
        switch JSONValue(node) {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .null: return nil
        default:
            report("\(what) is a number, found \(node.kindDescription)", at: node.location)
            return nil
        }
    }

    /// `hashVersion`: `nil` when absent or 0 (the default applies); anything but a number is
    /// reported and kept as no version at all, which hashes no device (the SDK's `hash` gives
    /// null for a version it does not know).
    private mutating func hashVersion(_ node: SourceNode) -> Double? {
        switch JSONValue(node) {
        case .null, .int(0), .double(0), .bool(false), .string(""): return nil
        case .int(let number): return Double(number)
        case .double(let number): return number
        default:
            report("\"hashVersion\" is 1 or 2, found \(node.kindDescription); no device is hashed", at: node.location)
            return .nan
        }
    }

    private mutating func integer(_ node: SourceNode, what: String) -> Int? {
        guard let number = number(node, what: what) else { return nil }
        guard number.isFinite, number.rounded() == number, abs(number) < 1e15 else {
            report("\(what) is a whole number, found \(GrowthBookCoercion.numberText(number))", at: node.location)
            return nil
        }
        return Int(number)
    }

    private mutating func numbers(_ node: SourceNode, what: String) -> [Double]? {
        guard let items = node.sequence else {
            report("\(what) is a list of numbers, found \(node.kindDescription)", at: node.location)
            return nil
        }
        let read = items.compactMap { number($0, what: "each of \(what)") }
        return read.count == items.count ? read : nil
    }
}
