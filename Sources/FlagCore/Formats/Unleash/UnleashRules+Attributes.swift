extension UnleashRules: RuleEngine {
    /// On and off (off alone for a disabled toggle), or the variants' payloads.
    var outcomes: [RawValue] {
        switch answer {
        case .isEnabled:
            return toggle?.enabled == true ? [.native(.bool(true)), .native(.bool(false))] : [.native(.bool(false))]
        case .payload: return payloads.map(\.value)
        }
    }

    /// Every context field the toggle's rules read (constraints, segments, strategies,
    /// variant stickiness and overrides, and its parents' rules), in the order written. What
    /// each is compared with is at hand in the toggle, so `keysOnly` saves nothing here.
    func attributeReads(keysOnly: Bool) -> [AttributeRead] {
        guard let toggle else { return [] }
        var reads: [AttributeRead] = []
        Self.collect(toggle, features: features, into: &reads)
        for dependency in toggle.dependencies {
            guard let parent = features.toggles[dependency.feature], parent.name != toggle.name else { continue }
            Self.collect(parent, features: features, into: &reads)
        }
        return reads
    }

    /// The payloads of the variants, when the flag reads a payload: each is a value the toggle may
    /// give, checked by `validate` against the flag's type.
    var possibleValues: [(name: String, value: RawValue)] {
        answer == .payload ? payloads.map { ($0.variant, $0.value) } : []
    }

    private static func collect(_ toggle: UnleashToggle, features: UnleashFeatures, into reads: inout [AttributeRead]) {
        func add(
            _ field: String, _ hint: AttributeTypeHint?, _ suggestions: [String], _ rule: String, _ at: TextLocation?
        ) {
            reads.append(
                AttributeRead(
                    key: ContextKeys.prefix + field, typeHint: hint, suggestions: Array(suggestions.prefix(50)),
                    rule: rule, location: at))
        }
        func addConstraints(_ constraints: [UnleashConstraint]) {
            for constraint in constraints {
                add(
                    constraint.contextName, hint(for: constraint.knownOperator),
                    constraint.values + (constraint.value.map { [$0] } ?? []), constraint.wording, constraint.location)
            }
        }
        for strategy in toggle.strategies {
            for id in strategy.segments { addConstraints(features.segments[id]?.constraints ?? []) }
            addConstraints(strategy.constraints)
            let parameters = strategy.parameters
            switch strategy.name {
            case "userWithId":
                let ids = UnleashEvaluation.list(parameters["userIds"])
                add("userId", .text, ids, "userWithId userIds \(UnleashEvaluation.shown(ids))", strategy.location)
            case "gradualRolloutUserId":
                add("userId", .text, [], "gradualRolloutUserId", strategy.location)
            case "gradualRolloutSessionId":
                add("sessionId", .text, [], "gradualRolloutSessionId", strategy.location)
            case "flexibleRollout":
                let stickiness = parameters["stickiness"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
                let rule = "flexibleRollout, stickiness \(stickiness)"
                switch stickiness {
                case "default":
                    add("userId", .text, [], rule, strategy.location)
                    add("sessionId", .text, [], rule, strategy.location)
                case "random": break
                default: add(stickiness, .text, [], rule, strategy.location)
                }
            case "remoteAddress":
                let entries = UnleashEvaluation.list(parameters["IPs"])
                add(
                    "remoteAddress", .text, entries, "remoteAddress IPs \(UnleashEvaluation.shown(entries))",
                    strategy.location)
            case "applicationHostname":
                let names = UnleashEvaluation.list(parameters["hostNames"])
                add(
                    "hostname", .text, names, "applicationHostname hostNames \(UnleashEvaluation.shown(names))",
                    strategy.location)
            default: break
            }
            addVariantReads(strategy.variants, stickiness: parameters["stickiness"], add: add)
        }
        addVariantReads(toggle.variants, stickiness: toggle.variants.first?.stickiness, add: add)
    }

    private static func addVariantReads(
        _ variants: [UnleashVariant], stickiness: String?,
        add: (String, AttributeTypeHint?, [String], String, TextLocation?) -> Void
    ) {
        for variant in variants {
            for override in variant.overrides {
                add(
                    override.contextName, .text, override.values,
                    "variant override: \(override.contextName) IN \(UnleashEvaluation.shown(override.values))", nil)
            }
        }
        guard variants.count > 1 else { return }
        let stickiness = stickiness.flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let rule = "variant by weight, stickiness \(stickiness)"
        switch stickiness {
        case "default":
            for field in ["userId", "sessionId"] { add(field, .text, [], rule, nil) }
        case "random": break
        default: add(stickiness, .text, [], rule, nil)
        }
    }

    private static func hint(for known: UnleashConstraint.Operator?) -> AttributeTypeHint? {
        switch known {
        case .numberEqual, .numberGreater, .numberGreaterOrEqual, .numberLess, .numberLessOrEqual: return .number
        case .semverEqual, .semverGreater, .semverGreaterOrEqual, .semverLess, .semverLessOrEqual: return .version
        case nil: return nil
        default: return .text
        }
    }
}
