import FlagCore

/// The three rule evaluators, each with a context: the input is the rule definitions, a NUL
/// byte, then the context as a JSON object of attributes. Each definition is evaluated by the
/// engine alone (with and without steps, which must decide the same), its trace written as
/// `get --json` writes it, and then the definitions are a provider of a workspace, worded as
/// `get`, `list` and `validate` word them.
enum RuleTargets {
    /// flagd targeting: compile, evaluate, word the trace.
    static func flagd(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        if let document = try? FlagdDocument.read(definitions) {
            for (key, flag) in document.flags {
                let traced = flag.evaluate(in: context)
                FuzzCheck.sameOutcome(flag.evaluate(in: context, tracing: false), traced, of: key)
                output.add(traced.trace.json)
            }
            for problem in document.problems { output.add(problem.message) }
        }
        return output.bytes + workspace(.flagd, definitions, contextBytes, context)
    }

    /// Unleash strategies, constraints, segments and variants (any of the three file forms).
    static func unleash(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        if let document = try? UnleashDocument.read(definitions) {
            for name in document.features.toggles.keys {
                let answer = document.features.evaluate(name, in: context)
                output.add("\(answer.enabled) \(answer.variant.name) \(answer.variant.payload?.value ?? "")")
                for kind in [UnleashRules.Answer.isEnabled, .payload] {
                    let rules = UnleashRules(toggleName: name, features: document.features, answer: kind)
                    let traced = CompiledRules.unleash(rules).evaluate(in: context)
                    FuzzCheck.sameOutcome(
                        CompiledRules.unleash(rules).evaluate(in: context, tracing: false), traced, of: name)
                    output.add(traced.trace.json)
                }
            }
            for problem in document.problems { output.add(problem.message) }
        }
        return output.bytes + workspace(.unleash, definitions, contextBytes, context)
    }

    /// Remote Config conditions (a client template) with a context.
    static func firebase(_ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        let context = FuzzInput.context(contextBytes)
        var output = OutputSize()
        if let template = try? FirebaseTemplate.read(definitions) {
            for (name, parameter) in template.parameters {
                let traced = parameter.rules.evaluate(in: context)
                FuzzCheck.sameOutcome(parameter.rules.evaluate(in: context, tracing: false), traced, of: name)
                output.add(traced.trace.json)
                if let error = parameter.error { output.add(error) }
            }
            for problem in template.problems { output.add(problem.message) }
        }
        return output.bytes + workspace(.firebase, definitions, contextBytes, context)
    }

    /// The definitions as the provider "Under test" beside the demo's blueprints; the context
    /// part, when there is one, is what the rules see.
    private static func workspace(
        _ kind: ProviderTarget.Kind, _ definitions: [UInt8], _ contextBytes: [UInt8], _ context: EvaluationContext
    ) -> Int {
        ProviderTarget.workspace(kind, definitions).exercise(context: contextBytes.isEmpty ? nil : context)
    }
}
