import Foundation

/// Resolves every key of a workspace: computed first, then the blueprint default.
///
/// Provider layers slot in between (they read files); this type owns the order of the stack.
public struct Resolver: Sendable {
    /// The workspace being resolved.
    public let workspace: Workspace

    /// Creates a resolver.
    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The resolution of every key, in declaration order (declared flags, then generated keys).
    public func resolveAll() -> [Resolution] {
        var cache: [String: Resolution] = [:]
        return workspace.flags.keys.map { resolve($0, cache: &cache)! }
    }

    /// The resolution of one key, or `nil` when no blueprint declares it.
    public func resolve(_ key: String) -> Resolution? {
        var cache: [String: Resolution] = [:]
        return resolve(key, cache: &cache)
    }

    private func resolve(_ key: String, cache: inout [String: Resolution]) -> Resolution? {
        if let cached = cache[key] { return cached }
        guard let flag = workspace.flags[key] else { return nil }
        var resolution = Resolution(flag: flag, value: flag.defaultValue, source: "default", reason: .default, computedInputs: [])
        if let expression = workspace.expressions[key] {
            // Cycles were rejected at load time, so this recursion ends.
            let inputs = expression.referencedKeys
            var values: [String: FlagValue] = [:]
            for input in inputs {
                if let value = resolve(input, cache: &cache)?.value { values[input] = value }
            }
            if let value = expression.evaluate({ values[$0] }), flag.rules.problem(with: value) == nil {
                resolution = Resolution(flag: flag, value: value, source: "computed", reason: .computed, computedInputs: inputs)
            }
        }
        cache[key] = resolution
        return resolution
    }
}
