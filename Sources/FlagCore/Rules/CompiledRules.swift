/// A provider entry's rules, compiled once when its file is read: the engine of the entry's
/// format (flagd targeting, an Unleash toggle, a Remote Config parameter, …), behind the one
/// seam every format's engine conforms to (``RuleEngine``). Nothing outside a format's folder
/// knows which engine it holds (docs/architecture.md#adding-a-provider-format).
package struct CompiledRules: Sendable, Hashable {
    /// The engine.
    let engine: any RuleEngine

    /// Rules evaluated by `engine`.
    init(_ engine: some RuleEngine) {
        self.engine = engine
    }

    /// What the rules give for `context` (a pure function of the rules and the context, whose
    /// clock is part of it), with the trace of how they decided: its steps only with `tracing`.
    package func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        engine.evaluate(in: context, tracing: tracing)
    }

    /// Every value the rules can give, whatever the context (see ``RuleEngine/outcomes``).
    package var outcomes: [RawValue] { engine.outcomes }

    /// The format's own reason for a value that does not fit the flag's type (see
    /// ``RuleEngine/wrongTypeReason``).
    package var wrongTypeReason: SourceReason? { engine.wrongTypeReason }

    /// Whether the rules read the device at all, so another device may get another value.
    package var readsDevice: Bool { !engine.attributeReads(keysOnly: true).isEmpty }

    package static func == (left: CompiledRules, right: CompiledRules) -> Bool {
        AnyHashable(left.engine) == AnyHashable(right.engine)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(engine))
    }
}
