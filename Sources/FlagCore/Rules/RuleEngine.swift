/// One provider format's rules for one key, compiled once when its file is read: what the
/// resolver, the Context branch, `validate` and `flagscope rollout` ask of every rule engine
/// (flagd targeting, Unleash toggles, Firebase conditions, GrowthBook features, LaunchDarkly
/// flags). A format's engine conforms to this, and its reader puts each key's rules in
/// ``CompiledRules`` (docs/architecture.md#adding-a-provider-format).
protocol RuleEngine: Sendable, Hashable {
    /// What the rules give for `context` — a pure function of the rules and the context, whose
    /// clock is part of it — with the trace of how they decided: its steps only with `tracing`.
    func evaluate(in context: EvaluationContext, tracing: Bool) -> RuleOutcome
    /// Every attribute the rules read, in the order written (a rule read twice is listed
    /// twice). With `keysOnly`, without what each is compared with: loading needs only the keys,
    /// and finding the rest costs time.
    func attributeReads(keysOnly: Bool) -> [AttributeRead]
    /// The percentage split the rules reach for `context`, as `flagscope rollout` samples it.
    func rolloutSplit(in context: EvaluationContext) -> RolloutSplit?
    /// The share of ``rolloutSplit(in:)`` a device with this outcome's trace fell in.
    func rolloutShare(of trace: RuleTrace) -> String?
    /// Why the rules of `key` in `provider` make no one split to sample although they split,
    /// when that is so; `nil` otherwise.
    func rolloutProblem(key: String, provider: String) -> String?
    /// Values the rules may give besides their entry's own, each with what gives it, for
    /// `validate` to check against the flag's type (an Unleash variant's payload).
    var possibleValues: [(name: String, value: RawValue)] { get }
    /// Every value the rules can give, whatever the context (a rule that gives none lets the
    /// next layer decide); `flagscope stale` finds a flag that is the same everywhere with it.
    var outcomes: [RawValue] { get }
    /// The format's own reason for a value that does not fit the flag's type, where it has one
    /// (LaunchDarkly's `ERROR` with `WRONG_TYPE`); `nil` keeps the reason the rules gave.
    var wrongTypeReason: SourceReason? { get }
}

extension RuleEngine {
    /// The first percentage step of the trace (flagd `fractional`, Unleash rollouts and
    /// variant weights): its split and the attribute it hashes, the first it read.
    func rolloutSplit(in context: EvaluationContext) -> RolloutSplit? {
        let now = ContextKeys.now
        guard let step = evaluate(in: context, tracing: true).trace.steps.first(where: { $0.split != nil }),
            let split = step.split
        else { return nil }
        let reads = step.reads.map(\.key).filter { $0 != now }
        return RolloutSplit(rule: step.rule, split: split, attribute: reads.first, reads: reads, placesDevice: true)
    }

    /// The share the first percentage step chose.
    func rolloutShare(of trace: RuleTrace) -> String? {
        trace.steps.first { $0.split != nil }?.split?.chosen
    }

    func rolloutProblem(key: String, provider: String) -> String? { nil }

    var possibleValues: [(name: String, value: RawValue)] { [] }

    var wrongTypeReason: SourceReason? { nil }
}
