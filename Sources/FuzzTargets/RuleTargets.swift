import FlagCore

/// The three rule evaluators, each with a context: the input is the rule definitions, a NUL
/// byte, then the context as a JSON object of attributes. Each definition goes through the
/// engine alone (``EngineTargets``), and then the definitions are a provider of a workspace,
/// worded as `get`, `list` and `validate` word them.
enum RuleTargets {
    /// flagd targeting: the engine alone, then the definitions as a provider.
    static func flagd(_ bytes: [UInt8]) -> Int {
        EngineTargets.flagd(bytes) + workspace(.flagd, bytes)
    }

    /// Unleash strategies, constraints, segments and variants (any of the three file forms).
    static func unleash(_ bytes: [UInt8]) -> Int {
        EngineTargets.unleash(bytes) + workspace(.unleash, bytes)
    }

    /// Remote Config conditions (a client template) with a context.
    static func firebase(_ bytes: [UInt8]) -> Int {
        EngineTargets.firebase(bytes) + workspace(.firebase, bytes)
    }

    /// The definitions as the provider "Under test" beside the demo's blueprints; the context
    /// part, when there is one, is what the rules see.
    private static func workspace(_ kind: ProviderTarget.Kind, _ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        let context = contextBytes.isEmpty ? nil : FuzzInput.context(contextBytes)
        return ProviderTarget.workspace(kind, definitions).exercise(context: context)
    }
}
