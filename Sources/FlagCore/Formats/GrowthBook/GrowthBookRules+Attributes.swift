extension GrowthBookRules: RuleEngine {
    /// Every value the feature can give: its default, each force value and each variation (null
    /// left out: it lets the next layer decide).
    package var outcomes: [RawValue] {
        guard let feature else { return [] }
        var values: [JSONValue] = []
        if let value = feature.defaultValue, value != .null { values.append(value) }
        for (_, value) in Self.ruleValues(feature) where !values.contains(value) { values.append(value) }
        return values.map(RawValue.native)
    }

    /// The force values and variations, each with the rule that gives it, for `validate` to
    /// check against the flag's type.
    package var possibleValues: [(name: String, value: RawValue)] {
        guard let feature else { return [] }
        return Self.ruleValues(feature).map { ($0.name, .native($0.value)) }
    }

    /// The `context/*` keys the rules read, each with the rule that reads it in the trace's words:
    /// what the Context branch lists (``attributeReads(keysOnly:)`` with the hints left out).
    package var readers: [(key: String, rule: String)] {
        attributeReads(keysOnly: false).map { ($0.key, $0.rule) }
    }

    private static func ruleValues(_ feature: GrowthBookFeature) -> [(name: String, value: JSONValue)] {
        var values: [(name: String, value: JSONValue)] = []
        for rule in feature.rules {
            let label = rule.id.isEmpty ? "rule \(rule.index + 1)" : "rule \"\(rule.id)\""
            switch rule.kind {
            case .force(let value) where value != .null:
                values.append(("\(label) force", value))
            case .experiment(let experiment):
                for (index, value) in experiment.variations.enumerated() where value != .null {
                    values.append(("\(label) \(GrowthBookWording.variationName(index, of: experiment))", value))
                }
            default: break
            }
        }
        return values
    }

    /// Every attribute the feature's rules read, in the order written: its conditions' paths, the
    /// attributes its ranges, coverage, experiments and filters hash (the fallback attribute when
    /// sticky bucketing is on), and its prerequisites' own reads.
    func attributeReads(keysOnly: Bool) -> [AttributeRead] {
        var reads: [AttributeRead] = []
        var visited: Set<String> = []
        collect(featureKey, keysOnly: keysOnly, visited: &visited, into: &reads)
        return reads
    }

    private func collect(_ key: String, keysOnly: Bool, visited: inout Set<String>, into reads: inout [AttributeRead]) {
        guard visited.insert(key).inserted, let feature = definitions.features[key] else { return }
        for rule in feature.rules {
            for parent in rule.parentConditions {
                collect(parent.id, keysOnly: keysOnly, visited: &visited, into: &reads)
            }
            if let condition = rule.condition {
                GrowthBookAttributeWalk(keysOnly: keysOnly).reads(of: condition, into: &reads)
            }
            for filter in rule.filters ?? [] {
                reads.append(
                    hashRead(
                        filter.attribute ?? "id", rule: "filter, seed \(GrowthBookWording.quoted(filter.seed))",
                        at: rule.location))
            }
            let hashes: Bool
            switch rule.kind {
            case .force: hashes = rule.range != nil || (rule.coverage ?? 0) > 0
            case .experiment: hashes = true
            case .none: hashes = false
            }
            guard hashes else { continue }
            let words = keysOnly ? "hashed by \(rule.hashedAttribute)" : GrowthBookWording.rule(rule, of: feature)
            reads.append(hashRead(rule.hashedAttribute, rule: words, at: rule.location))
            if let fallback = rule.fallbackAttribute, stickyBuckets != nil, !rule.disableStickyBucketing {
                reads.append(hashRead(fallback, rule: words, at: rule.location))
            }
        }
    }

    private func hashRead(_ attribute: String, rule: String, at location: TextLocation) -> AttributeRead {
        AttributeRead(key: ContextKeys.prefix + attribute, typeHint: .text, rule: rule, location: location)
    }
}

/// The attributes a condition reads, with what each is compared with (the kind of value, and
/// text it is compared with or looked up among, for the Context branch's editor).
struct GrowthBookAttributeWalk {
    /// Whether only the keys are wanted.
    let keysOnly: Bool
    /// The most suggestions kept for one attribute.
    static let suggestionLimit = 50

    func reads(of condition: GrowthBookCondition, into reads: inout [AttributeRead]) {
        switch condition {
        case .all(let parts), .and(let parts, _), .or(let parts, _), .nor(let parts, _):
            for part in parts { self.reads(of: part, into: &reads) }
        case .not(let inner, _):
            self.reads(of: inner, into: &reads)
        case .attribute(let path, let test):
            let key = ContextKeys.prefix + path.names.joined(separator: "/")
            guard !keysOnly else {
                reads.append(
                    AttributeRead(key: key, rule: GrowthBookWording.condition(condition), location: path.location))
                return
            }
            let (hint, suggestions) = Self.hint(test)
            reads.append(
                AttributeRead(
                    key: key, typeHint: hint, suggestions: Array(suggestions.prefix(Self.suggestionLimit)),
                    rule: GrowthBookWording.condition(condition), location: path.location))
        case .tooDeep:
            break
        }
    }

    /// The kind of value a test compares with, and the text it names.
    static func hint(_ test: GrowthBookValueTest) -> (AttributeTypeHint?, [String]) {
        switch test {
        case .text(let text, _): return (.text, [text])
        case .number: return (.number, [])
        case .bool: return (.bool, [])
        case .null, .json, .tooDeep: return (nil, [])
        case .operators(let operations):
            var hint: AttributeTypeHint?
            var suggestions: [String] = []
            for operation in operations {
                let (found, texts) = Self.hint(operation)
                hint = hint ?? found
                suggestions += texts
            }
            return (hint, suggestions)
        }
    }

    private static func hint(_ operation: GrowthBookOperation) -> (AttributeTypeHint?, [String]) {
        switch operation.test {
        case .version: return (.version, GrowthBookCoercion.textValue(operation.operand).map { [$0] } ?? [])
        case .membership(let set, _):
            let items = set?.items ?? []
            let texts = items.prefix(suggestionLimit).compactMap(GrowthBookCoercion.textValue)
            if items.first.map({ if case .string = $0 { return true } else { return false } }) == true {
                return (.text, texts)
            }
            return (
                items.contains {
                    if case .int = $0 { return true }
                    if case .double = $0 { return true }
                    return false
                } ? .number : nil, texts
            )
        case .equal, .order:
            switch operation.operand {
            case .string(let text): return (.text, [text])
            case .int, .double: return (.number, [])
            case .bool: return (.bool, [])
            default: return (nil, [])
            }
        case .regex: return (.text, [])
        case .not(let inner): return hint(inner)
        default: return (nil, [])
        }
    }
}
