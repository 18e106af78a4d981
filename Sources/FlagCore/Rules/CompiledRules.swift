/// A provider entry's rules, compiled once when the file is read: one case per rule kind
/// (flagd targeting, Unleash toggles, Firebase conditions).
package indirect enum CompiledRules: Sendable, Hashable {
    /// A flagd flag with targeting. Boxed: the resolver takes the rules out of their entry
    /// for every evaluation, and copying a box is one retain where copying the flag was one
    /// for each of its fields.
    case flagd(FlagdFlag)
    /// An Unleash toggle: its strategies, constraints, segments, dependencies and variants,
    /// with the file's other toggles (shared) for its dependencies.
    case unleash(UnleashRules)
    /// A Remote Config parameter with conditional values. Its conditions are the template's one
    /// array, shared by every parameter of the template rather than copied into each.
    case firebase(FirebaseParameter)

    /// What the rules give for `context` (a pure function of the rules and the context, whose
    /// clock is part of it), with the trace of how they decided: its steps only with `tracing`.
    package func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        switch self {
        case .flagd(let flag): return flag.evaluate(in: context, tracing: tracing)
        case .unleash(let rules): return rules.evaluate(in: context, tracing: tracing)
        case .firebase(let parameter): return parameter.evaluate(in: context, tracing: tracing)
        }
    }
}
