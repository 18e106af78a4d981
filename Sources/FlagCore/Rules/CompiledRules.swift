/// A provider entry's rules, compiled once when the file is read: one case per rule engine
/// (flagd targeting, Unleash toggles, Firebase conditions), each a ``RuleEngine``. A closed
/// enum rather than `any RuleEngine`, so evaluating a flag — done for every flag on every
/// resolve — is a switch and a direct call, not an existential's dynamic dispatch; everything
/// else goes through ``engine``.
package enum CompiledRules: Sendable, Hashable {
    /// A flagd flag with targeting (one reference: taking the rules out of their entry for
    /// every evaluation is one retain, and they are read where they lie).
    case flagd(FlagdRules)
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
        case .flagd(let rules): return rules.evaluate(in: context, tracing: tracing)
        case .unleash(let rules): return rules.evaluate(in: context, tracing: tracing)
        case .firebase(let parameter): return parameter.evaluate(in: context, tracing: tracing)
        }
    }

    /// Every value the rules can give, whatever the context (see ``RuleEngine/outcomes``).
    package var outcomes: [RawValue] { engine.outcomes }

    /// The engine behind the rules.
    var engine: any RuleEngine {
        switch self {
        case .flagd(let rules): return rules
        case .unleash(let rules): return rules
        case .firebase(let parameter): return parameter
        }
    }
}
