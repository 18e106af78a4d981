/// A percentage split that rules reach for a device, as `flagscope rollout` samples it.
struct RolloutSplit {
    /// The rule that splits, in the source's own words.
    var rule: String
    /// The shares as configured, with this device's bucket and share when it has one.
    var split: PercentageSplit
    /// The `context/*` key the split hashes, when the rules say.
    var attribute: String?
    /// Every `context/*` key the split's step read: what it may hash (flagd can hash several
    /// joined with `cat`). Empty when the rules do not say.
    var reads: [String] = []
    /// Whether `split` places this device (it sets what the split hashes).
    var placesDevice: Bool
}

extension CompiledRules {
    /// The split these rules reach for `context`: the first percentage step of the trace (flagd
    /// `fractional`, Unleash rollouts and variant weights), or for a Remote Config parameter the
    /// split its `percent` conditions make together, `default` included.
    func rolloutSplit(in context: EvaluationContext) -> RolloutSplit? {
        if case .firebase(let parameter) = self { return parameter.rolloutSplit(in: context) }
        let now = ContextKeys.now
        guard let step = evaluate(in: context).trace.steps.first(where: { $0.split != nil }), let split = step.split
        else { return nil }
        let reads = step.reads.map(\.key).filter { $0 != now }
        return RolloutSplit(rule: step.rule, split: split, attribute: reads.first, reads: reads, placesDevice: true)
    }

    /// The share of ``rolloutSplit(in:)`` a device with this outcome's trace fell in.
    func rolloutShare(of trace: RuleTrace) -> String? {
        if case .firebase = self { return trace.variant }
        return trace.steps.first { $0.split != nil }?.split?.chosen
    }
}
