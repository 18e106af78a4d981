/// A provider entry's rules, compiled once when the file is read: one case per rule kind
/// (flagd targeting, Unleash toggles, Firebase conditions).
package enum CompiledRules: Sendable, Hashable {
    /// A flagd flag with targeting, in a box of its own (``FlagdFlagBox``).
    case flagd(FlagdFlagBox)
    /// An Unleash toggle: its strategies, constraints, segments, dependencies and variants,
    /// with the file's other toggles (shared) for its dependencies.
    indirect case unleash(UnleashRules)
    /// A Remote Config parameter with conditional values. Its conditions are the template's one
    /// array, shared by every parameter of the template rather than copied into each.
    indirect case firebase(FirebaseParameter)

    /// What the rules give for `context` (a pure function of the rules and the context, whose
    /// clock is part of it), with the trace of how they decided: its steps only with `tracing`.
    package func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        switch self {
        case .flagd(let box): return box.rules.evaluate(in: context, tracing: tracing)
        case .unleash(let rules): return rules.evaluate(in: context, tracing: tracing)
        case .firebase(let parameter): return parameter.evaluate(in: context, tracing: tracing)
        }
    }
}

/// A flagd flag's rules in a box that never changes. The resolver takes the rules out of their
/// entry for every evaluation: copying the box is one retain where copying the rules was one
/// for each of their fields. And the rules are evaluated where they lie, as a constant is read
/// in place, where a case of an `indirect` enum (or a box that may change) was copied out
/// first: a retain and a release for each field, 5M instructions per pass of a 10k-flag file.
package final class FlagdFlagBox: Sendable, Hashable {
    /// What evaluating the flag needs.
    let rules: FlagdRules

    /// Boxes the rules of `flag`, which must be enabled and without an error.
    package init(_ flag: FlagdFlag) {
        rules = FlagdRules(flag)
    }

    package static func == (lhs: FlagdFlagBox, rhs: FlagdFlagBox) -> Bool {
        lhs === rhs || lhs.rules == rhs.rules
    }

    package func hash(into hasher: inout Hasher) {
        rules.hash(into: &hasher)
    }
}
