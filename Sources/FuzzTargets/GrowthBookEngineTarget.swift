import FlagCore

extension EngineTargets {
    /// GrowthBook's engine alone: a payload, NUL, the attributes as a JSON object. Every feature is
    /// evaluated with and without steps (which must decide alike), without sticky bucketing and
    /// with an empty set of sticky-bucket documents (which reads fallback attributes), its trace
    /// worded as `get` words it, with every value it can give and every attribute it reads.
    static func growthbook(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        guard let payload = try? GrowthBookPayload.read(definitions) else { return 0 }
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        for key in payload.features.keys {
            for sticky in [nil, GrowthBookStickyBuckets()] {
                let rules = payload.rules(for: key, stickyBuckets: sticky)
                output.add(decide(key, context: context) { rules.evaluate(in: context, tracing: $0) })
                for value in rules.outcomes { output.add(value.displayText) }
                for (key, rule) in rules.readers { output.add(key + rule) }
            }
        }
        for problem in payload.problems { output.add(problem.message) }
        return output.bytes
    }
}
