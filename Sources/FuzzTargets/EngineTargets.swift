import FlagCore

/// The rule engines alone, in memory, with no workspace around them: the input is the rule
/// definitions, a NUL byte, then the context as a JSON object of attributes. Each definition is
/// compiled, evaluated with and without steps (which must decide the same), and its trace
/// worded as `get` words it, text and JSON. Fast enough (thousands of inputs a second under
/// AddressSanitizer) to explore the engines' own states; the whole-workspace targets (`flagd`,
/// `unleash`, `firebase`) go on to the reports.
enum EngineTargets {
    /// flagd targeting with `$evaluators`, `fractional`, `sem_ver` and the string operators.
    static func flagd(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        guard let document = try? FlagdDocument.read(definitions) else { return 0 }
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        for (key, flag) in document.flags {
            output.add(decide(key, context: context) { flag.evaluate(in: context, tracing: $0) })
            for value in flag.rules?.outcomes ?? [] { output.add(value.displayText) }
        }
        for problem in document.problems { output.add(problem.message) }
        return output.bytes
    }

    /// Unleash toggles: strategies, constraints, segments, dependencies and variants, asked
    /// both whether the toggle is on and for its variant's payload.
    static func unleash(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        guard let document = try? UnleashDocument.read(definitions) else { return 0 }
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        // The two answers an app asks for, each the whole evaluation (`isEnabled`, `getVariant`).
        for name in document.features.toggles.keys {
            for kind in [UnleashRules.Answer.isEnabled, .payload] {
                let rules = CompiledRules.unleash(
                    UnleashRules(toggleName: name, features: document.features, answer: kind))
                output.add(decide(name, context: context) { rules.evaluate(in: context, tracing: $0) })
                for value in rules.outcomes { output.add(value.displayText) }
            }
        }
        for problem in document.problems { output.add(problem.message) }
        return output.bytes
    }

    /// Remote Config conditions, each parameter of a template.
    static func firebase(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        guard let template = try? FirebaseTemplate.read(definitions) else { return 0 }
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        for (name, parameter) in template.parameters {
            output.add(decide(name, context: context) { parameter.rules.evaluate(in: context, tracing: $0) })
            for value in CompiledRules.firebase(parameter.rules).outcomes { output.add(value.displayText) }
            if let error = parameter.error { output.add(error) }
        }
        for problem in template.problems { output.add(problem.message) }
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
