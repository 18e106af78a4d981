import Foundation

/// Resolves keys through the stack (docs/providers.md): computed first (when it yields a value), then each
/// provider in stack order skipping excluded ones, the first value that fits wins, else the default.
package struct Resolver: Sendable {
    /// The workspace being resolved.
    package let workspace: Workspace
    /// The clock rules see (`context/now`, when set, overrides it).
    package let now: Date
    /// The context rules are evaluated with: given, or made once from the workspace when the
    /// first rule needs it.
    private let ruleContext: RuleContextCache
    /// Whether rule traces keep their steps (what each rule read and gave): the detail pane
    /// and `get` show them; a bulk resolve for rows and counts does not, and skips the work.
    private let tracesRuleSteps: Bool

    /// Creates a resolver. Rules (docs/rules.md) see `context` when given, else the `context/*`
    /// keys as the layers without rules resolve them, with `now` as the clock. Without
    /// `tracingRuleSteps` rule layers keep their variant, reason and error, but no steps.
    package init(
        workspace: Workspace, context: EvaluationContext? = nil, now: Date = Date(), tracingRuleSteps: Bool = true
    ) {
        self.workspace = workspace
        self.now = context?.now ?? now
        ruleContext = RuleContextCache(context)
        tracesRuleSteps = tracingRuleSteps
    }

    /// The resolution of every key, in declaration order (declared flags, then generated keys).
    package func resolveAll() -> [Resolution] {
        var all: [Resolution] = []
        all.reserveCapacity(workspace.flags.count)
        forEachResolution { all.append($0) }
        return all
    }

    /// Resolves every key in declaration order and hands each resolution to `body`, keeping
    /// none (unless computed flags need them): what a summary of 100k keys needs, without
    /// holding 100k sets of layers at once.
    package func forEachResolution(_ body: (Resolution) -> Void) {
        var cache: [String: Resolution] = [:]
        // Each definition is at hand: no lookup of its key (a tenth of resolving 100k keys).
        for flag in workspace.flags.values { body(resolve(flag, cache: &cache)) }
    }

    /// The resolution of one key, or `nil` when no blueprint declares it.
    package func resolve(_ key: String) -> Resolution? {
        var cache: [String: Resolution] = [:]
        return resolve(key, cache: &cache)
    }

    /// The layers of a key, in stack order, with no winner marked.
    package func layers(for flag: FlagDefinition) -> [Layer] {
        // Rules never decide a context key: context comes from static values, so nothing loops.
        layers(for: flag, evaluatingRules: !flag.key.hasPrefix(ContextKeys.prefix))
    }

    /// The context rules see: given, or the `context/*` keys as the layers without rules
    /// resolve them. Keys a blueprint types (the platform, permissions) have their typed value;
    /// other keys keep the JSON type their provider gives (docs/rules.md), text from text sources.
    package func evaluationContext() -> EvaluationContext {
        ruleContext.value {
            var attributes: [String: JSONValue] = [:]
            for flag in workspace.flags.values where flag.key.hasPrefix(ContextKeys.prefix) {
                // Attributes accept any JSON value, so the first layer that sets one is what it is.
                if let value = layers(for: flag, evaluatingRules: false).first(where: { $0.value != nil })?.value
                    ?? flag.defaultValue
                {
                    attributes[flag.key] = value.json
                }
            }
            return EvaluationContext(attributes: attributes, now: now)
        }
    }

    private func layers(for flag: FlagDefinition, evaluatingRules: Bool) -> [Layer] {
        workspace.providers.map { provider in
            let name = provider.config.name
            if flag.excludedProviders.contains(name) {
                return Layer(provider: name, state: .excluded)
            }
            let remote = provider.remote
            switch provider.status {
            case .missing:
                return Layer(provider: name, state: .missing)
            case .pending:
                return Layer(provider: name, state: .fetching, remote: remote)
            case .failed(let message, _):
                return Layer(provider: name, state: .error(message), remote: remote)
            case .loaded:
                guard let entry = provider.entries[flag.key] else {
                    return Layer(provider: name, state: .unset, remote: remote)
                }
                if let outcome = provider.config.format.outcome(
                    of: entry, evaluatingRules: evaluatingRules, context: evaluationContext(), tracing: tracesRuleSteps)
                {
                    return layer(
                        name, flag: flag, outcome: outcome, rules: entry.rules, notes: entry.notes, remote: remote)
                }
                if let error = entry.error {
                    return Layer(provider: name, state: .error(error), notes: entry.notes, remote: remote)
                }
                guard let raw = entry.value else {
                    return Layer(provider: name, state: .unset, notes: entry.notes, remote: remote)
                }
                switch flag.rules.value(from: raw) {
                case .success(let value):
                    return Layer(provider: name, state: .set(value), notes: entry.notes, remote: remote)
                case .failure(let problem):
                    return Layer(
                        provider: name, state: .typeMismatch(raw: raw, problem: problem.message), notes: entry.notes,
                        remote: remote)
                }
            }
        }
    }

    /// The layer rules decided: a value (checked against the flag's type, its trace an error
    /// when it does not fit), unset, or an error.
    private func layer(
        _ name: String, flag: FlagDefinition, outcome: RuleOutcome, rules: CompiledRules?, notes: [String],
        remote: RemoteLayerStatus?
    ) -> Layer {
        switch outcome.result {
        case .error(let message):
            return Layer(provider: name, state: .error(message), notes: notes, remote: remote, rules: outcome.trace)
        case .unset:
            return Layer(provider: name, state: .unset, notes: notes, remote: remote, rules: outcome.trace)
        case .value(let raw):
            switch flag.rules.value(from: raw) {
            case .success(let value):
                return Layer(provider: name, state: .set(value), notes: notes, remote: remote, rules: outcome.trace)
            case .failure(let problem):
                return Layer(
                    provider: name, state: .typeMismatch(raw: raw, problem: problem.message), notes: notes,
                    remote: remote,
                    rules: outcome.trace.mismatched(problem: problem.message, formatReason: rules?.wrongTypeReason))
            }
        }
    }

    private func resolve(_ key: String, cache: inout [String: Resolution]) -> Resolution? {
        if let cached = cache[key] { return cached }
        guard let flag = workspace.definition(for: key) else { return nil }
        return resolve(flag, cache: &cache)
    }

    private func resolve(_ flag: FlagDefinition, cache: inout [String: Resolution]) -> Resolution {
        let key = flag.key
        if !cache.isEmpty, let cached = cache[key] { return cached }
        var layers = layers(for: flag)
        // The layers go into the resolution once the winner is marked: marking it in a list the
        // resolution already shared copied the whole list, for every key a provider sets.
        var resolution = Resolution(
            flag: flag, value: flag.defaultValue, source: "default", reason: .default,
            computedInputs: [], layers: [])
        if let expression = workspace.expressions[key] {
            // Cycles were rejected at load time, so this recursion ends.
            let inputs = expression.referencedKeys
            var values: [String: FlagValue] = [:]
            for input in inputs {
                guard let inputResolution = resolve(input, cache: &cache), let value = inputResolution.value else {
                    continue
                }
                // docs/computed.md: an unset context key means no value, even where docs/context.md gives it a meaning.
                if input.hasPrefix(ContextKeys.prefix), inputResolution.reason == .default { continue }
                values[input] = value
            }
            resolution.computedInputs = inputs
            if let value = expression.evaluate({ values[$0] }), flag.rules.problem(with: value) == nil {
                resolution.layers = layers
                resolution.value = value
                resolution.source = "computed"
                resolution.reason = .computed
                cache[key] = resolution
                return resolution
            }
        }
        if let index = layers.firstIndex(where: { $0.value != nil }) {
            layers[index].isWinner = true
            resolution.value = layers[index].value
            resolution.source = layers[index].provider
            resolution.reason = .provider
        }
        resolution.layers = layers
        // Only computed flags read other keys; without any, nothing is looked up twice.
        if !workspace.expressions.isEmpty { cache[key] = resolution }
        return resolution
    }
}

/// The context rules see, made at most once per resolver (resolvers are made per command and
/// per screen; the context is made only if some layer has rules).
private final class RuleContextCache: @unchecked Sendable {
    private let lock = NSLock()
    private var context: EvaluationContext?

    init(_ context: EvaluationContext?) {
        self.context = context
    }

    func value(_ make: () -> EvaluationContext) -> EvaluationContext {
        lock.lock()
        defer { lock.unlock() }
        if let context { return context }
        let made = make()
        context = made
        return made
    }
}
