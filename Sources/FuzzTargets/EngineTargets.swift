import FlagCore

/// The rule engines alone, in memory, with no workspace around them: the input is the rule
/// definitions, a NUL byte, then the context as a JSON object of attributes. Each definition is
/// compiled, evaluated with and without steps (which must decide the same), and its trace
/// worded as `get` words it, text and JSON. Fast enough (thousands of inputs a second under
/// AddressSanitizer) to explore the engines' own states; the whole-workspace targets (named for
/// the format) go on to the reports.
enum EngineTargets {
    /// A format's engine: its own reader compiles the definitions (as each type of flag the
    /// format answers differently), then every entry is decided for the context as a layer
    /// decides it, and every value its rules can give is worded.
    static func rules(of format: ProviderFormat, _ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        for type in format.answerTypes {
            guard let file = try? format.readAlone(definitions, typeOf: { _ in type }) else { return output.bytes }
            for (key, entry) in file.entries {
                if format.outcome(of: entry, evaluatingRules: true, context: context, tracing: false) != nil {
                    output.add(
                        decide(key, context: context) {
                            format.outcome(of: entry, evaluatingRules: true, context: context, tracing: $0)!
                        })
                }
                for value in entry.rules?.outcomes ?? [] { output.add(value.displayText) }
                if let error = entry.error { output.add(error) }
            }
            for problem in file.problems { output.add(problem.message) }
        }
        return output.bytes
    }

    /// The linear-time regular expressions: byte 1 picks the dialect (Rust's for Unleash, RE2's
    /// for Firebase) and case-insensitivity; then the pattern, NUL, and the text searched. The
    /// text is also searched cut short and doubled, so one pattern meets several lengths.
    static func regex(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.first else { return 0 }
        let (patternBytes, textBytes) = FuzzInput.split(Array(bytes.dropFirst()))
        let dialect: LinearPattern.Dialect = first & 1 == 0 ? .rust : .re2
        let source = String(decoding: patternBytes, as: UTF8.self)
        let text = String(decoding: textBytes, as: UTF8.self)
        do {
            let pattern = try LinearPattern(source, dialect: dialect, caseInsensitive: first & 2 != 0)
            var output = OutputSize()
            for subject in [text, String(text.prefix(text.count / 2)), text + text] {
                output.add(pattern.matches(in: subject) ? "match" : "no match")
            }
            return output.bytes
        } catch {
            return error.message.utf8.count
        }
    }

    /// Evaluates with steps and without, checks the two decide alike, and words the trace as
    /// `get` does (its lines, then its JSON).
    static func decide(
        _ name: String, context: EvaluationContext, _ evaluate: (_ tracing: Bool) -> RuleOutcome
    ) -> String {
        let traced = evaluate(true)
        FuzzCheck.sameOutcome(evaluate(false), traced, of: name)
        let state: LayerState
        switch traced.result {
        case .value(let raw):
            switch ValueRules(type: .json).value(from: raw) {
            case .success(let value): state = .set(value)
            case .failure(let problem): state = .typeMismatch(raw: raw, problem: problem.message)
            }
        case .unset: state = .unset
        case .error(let message): state = .error(message)
        }
        let layer = Layer(provider: "Under test", state: state, rules: traced.trace)
        let lines = LayerDescription.lines(of: traced.trace, in: layer).map(\.text)
        return lines.joined(separator: "\n") + traced.trace.json.compactText
    }
}
