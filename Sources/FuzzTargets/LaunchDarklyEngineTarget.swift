import FlagCore

extension EngineTargets {
    /// LaunchDarkly's server-side SDK data alone, in memory: the file, NUL, a context — the
    /// device's attributes (`{"key": "ana", "org/key": "acme"}`), or a context as the SDKs take
    /// one in JSON when it has a `kind`. Every flag is evaluated with and without its steps,
    /// which must decide alike, and its trace worded; then every value it can give, what it
    /// reads, and the file's problems.
    static func launchDarkly(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        guard let data = try? LaunchDarklyData.read(definitions) else { return 0 }
        var context = FuzzInput.context(contextBytes)
        if let root = try? JSONReader.parse(contextBytes), JSONValue(root).object?["kind"] != nil {
            context = EvaluationContext(
                attributes: LaunchDarklyContext.deviceAttributes(of: JSONValue(root)), now: context.now)
        }
        var output = OutputSize()
        for key in data.flags.keys {
            guard let rules = data.rules(for: key) else { continue }
            output.add(decide(key, context: context) { rules.evaluate(in: context, tracing: $0) })
            for value in rules.outcomes { output.add(value.displayText) }
            for read in rules.readKeys { output.add(read.key + read.rule) }
        }
        for problem in data.problems { output.add(problem.message) }
        return output.bytes
    }
}
