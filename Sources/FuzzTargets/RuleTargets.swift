import FlagCore

/// A rule format's definitions with a context: the input is the definitions, a NUL byte, then
/// the context as a JSON object of attributes. They go through the engine alone
/// (``EngineTargets``), and then are a provider of a workspace, worded as `get`, `list` and
/// `validate` word them.
enum RuleTargets {
    /// The engine alone, then the definitions as the provider "Under test" beside the demo's
    /// blueprints; the context part, when there is one, is what the rules see.
    static func run(_ format: ProviderFormat, _ bytes: [UInt8]) -> Int {
        let (definitions, contextBytes) = FuzzInput.split(bytes)
        let context = contextBytes.isEmpty ? nil : FuzzInput.context(contextBytes)
        let workspace = ProviderTarget.workspace(.file(format), definitions)
        return EngineTargets.rules(of: format, bytes) + workspace.exercise(context: context)
    }
}
