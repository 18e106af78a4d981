extension GrowthBookRules {
    /// The first split the device reaches (a force rule's range or coverage, or an experiment),
    /// and the attribute it hashes: the rule's hash attribute, or its fallback when sticky
    /// bucketing read that one instead. A rule's step also lists what its condition read, so
    /// the default (the step's first read) would name the wrong attribute.
    func rolloutSplit(in context: EvaluationContext) -> RolloutSplit? {
        let trace = evaluate(in: context, tracing: true).trace
        guard let step = trace.steps.first(where: { $0.split != nil }), let split = step.split else { return nil }
        let rule = feature?.rules.first { $0.location == step.location }
        var attribute = ContextKeys.prefix + (rule?.hashedAttribute ?? "id")
        let hashed = step.reads.first { $0.key == attribute }
        if let fallback = rule?.fallbackAttribute, stickyBuckets != nil, rule?.disableStickyBucketing == false,
            !GrowthBookCoercion.isTruthy(hashed?.value)
        {
            attribute = ContextKeys.prefix + fallback
        }
        return RolloutSplit(rule: step.rule, split: split, attribute: attribute, reads: [attribute], placesDevice: true)
    }
}
