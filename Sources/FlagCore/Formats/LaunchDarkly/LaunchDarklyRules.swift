/// What a LaunchDarkly provider entry evaluates: one flag of a file, with the file's other flags
/// and segments (shared) for its prerequisites and segment clauses.
package struct LaunchDarklyRules: Sendable, Hashable {
    /// The flag's key.
    package var flagKey: String
    /// Every flag and segment of the file.
    package var store: LaunchDarklyStore

    /// Creates the rules of one flag of `store`.
    package init(flagKey: String, store: LaunchDarklyStore) {
        self.flagKey = flagKey
        self.store = store
    }

    /// The flag.
    package var flag: LaunchDarklyFlag? { store.flags[flagKey] }

    /// What the flag gives `context`, as LaunchDarkly's server-side SDKs decide, with the trace.
    ///
    /// A variation is the value, its variant `variation N`. No variation (off, or a failed
    /// prerequisite, without an off variation) is no value: the next layer decides. An `ERROR`
    /// (a malformed flag, a cycle, no context key) is an error with the reason. The trace carries
    /// LaunchDarkly's own reason and OpenFeature's: `OFF` and `PREREQUISITE_FAILED` are DISABLED,
    /// `FALLTHROUGH` DEFAULT (SPLIT when the fallthrough is a rollout), `TARGET_MATCH` and
    /// `RULE_MATCH` TARGETING_MATCH (SPLIT when the rule is a rollout), `ERROR` ERROR.
    package func evaluate(in context: EvaluationContext, tracing: Bool) -> RuleOutcome {
        let detail = store.detail(of: flagKey, in: context, tracing: tracing)
        let reason: RuleReason
        switch detail.reason {
        case .off, .prerequisiteFailed: reason = .disabled
        case .fallthrough: reason = flag?.fallthrough.isRollout == true ? .split : .defaultValue
        case .targetMatch: reason = .targetingMatch
        case .ruleMatch(let index, _, _):
            let rules = flag?.rules ?? []
            reason = rules.indices.contains(index) && rules[index].serve.isRollout ? .split : .targetingMatch
        case .error: reason = .error
        }
        var trace = RuleTrace(
            variant: detail.variationIndex.map(LaunchDarklyFlag.variant), reason: reason, steps: detail.steps,
            sourceReason: detail.sourceReason)
        guard let value = detail.value, detail.variationIndex != nil else {
            if case .error(let kind) = detail.reason {
                let message = detail.errorMessage ?? kind.rawValue
                trace.errorCode = kind.openFeatureCode
                trace.errorMessage = "\(kind.rawValue): \(message)"
                return RuleOutcome(result: .error(trace.errorMessage ?? message), trace: trace)
            }
            return RuleOutcome(result: .unset, trace: trace)
        }
        return RuleOutcome(result: .value(.native(value)), trace: trace)
    }

    // Rules are the same when they evaluate the same flag of files that say the same: one file's
    // entries share their store, so the check is usually one identity comparison.
    package static func == (a: LaunchDarklyRules, b: LaunchDarklyRules) -> Bool {
        a.flagKey == b.flagKey && a.store.holdsSame(as: b.store)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(flagKey)
    }
}
