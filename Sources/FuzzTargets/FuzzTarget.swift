/// The fuzz targets: each takes any bytes and must return, whatever they are, without a crash
/// or a hang, having made everything a user would see of them.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// The JSON reader.
    case json
    /// The YAML reader.
    case yaml
    /// Every provider format; the first byte chooses which.
    case providers
    /// The workspace file, `flagscope.yml`.
    case workspace
    /// Computed expressions.
    case expressions
    /// flagd targeting with a context.
    case flagd
    /// Unleash strategies and constraints with a context.
    case unleash
    /// Firebase Remote Config conditions with a context.
    case firebase
    /// An OFREP request body, answered by both endpoints.
    case ofrep
    /// flagd targeting alone, in memory: compiled, evaluated, its trace worded.
    case flagdEngine = "flagd-engine"
    /// Unleash toggles alone, in memory.
    case unleashEngine = "unleash-engine"
    /// Remote Config conditions alone, in memory.
    case firebaseEngine = "firebase-engine"
    /// LaunchDarkly flags and segments alone, in memory.
    case launchDarklyEngine = "launchdarkly-engine"
    /// A computed expression alone: parsed, checked and evaluated.
    case expressionEngine = "expression-engine"
    /// The linear-time regular expressions, in Rust's and RE2's syntax.
    case regex

    /// Runs the target on one input; returns how many bytes of output it made.
    @discardableResult
    package func run(_ bytes: [UInt8]) -> Int {
        switch self {
        case .json: return DocumentTargets.json(bytes)
        case .yaml: return DocumentTargets.yaml(bytes)
        case .providers: return ProviderTarget.run(bytes)
        case .workspace: return WorkspaceTarget.run(bytes)
        case .expressions: return ExpressionTarget.run(bytes)
        case .flagd: return RuleTargets.flagd(bytes)
        case .unleash: return RuleTargets.unleash(bytes)
        case .firebase: return RuleTargets.firebase(bytes)
        case .ofrep: return OFREPTarget.run(bytes)
        case .flagdEngine: return EngineTargets.flagd(bytes)
        case .unleashEngine: return EngineTargets.unleash(bytes)
        case .firebaseEngine: return EngineTargets.firebase(bytes)
        case .launchDarklyEngine: return EngineTargets.launchDarkly(bytes)
        case .expressionEngine: return ExpressionTarget.engine(bytes)
        case .regex: return EngineTargets.regex(bytes)
        }
    }

    /// What the target reads, for `--list`.
    package var summary: String {
        switch self {
        case .json: return "the JSON reader (any bytes)"
        case .yaml: return "the YAML reader (any bytes)"
        case .providers:
            return "every provider format: byte 1 picks json, flagd, unleash, firebase, plist, env or a server answer"
        case .workspace: return "flagscope.yml beside the demo's blueprints and providers"
        case .expressions: return "a computed expression, checked, evaluated and as a blueprint's computed:"
        case .flagd: return "flagd definitions, NUL, a context JSON object"
        case .unleash: return "an Unleash file (payload, export or events), NUL, a context JSON object"
        case .firebase: return "a Remote Config template, NUL, a context JSON object"
        case .ofrep: return "an OFREP request body, answered one flag at a time and in bulk, which must agree"
        case .flagdEngine: return "flagd definitions, NUL, a context: the engine alone, no workspace"
        case .unleashEngine: return "an Unleash file, NUL, a context: the engine alone, no workspace"
        case .firebaseEngine: return "a Remote Config template, NUL, a context: the engine alone, no workspace"
        case .launchDarklyEngine: return "LaunchDarkly SDK data, NUL, a context: the engine alone, no workspace"
        case .expressionEngine: return "a computed expression: parsed, checked and evaluated, no workspace"
        case .regex: return "byte 1 picks Rust's or RE2's syntax and case; a pattern, NUL, the text searched"
        }
    }
}
