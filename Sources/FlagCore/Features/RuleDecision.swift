/// The rules that decided a key a feature's constraint reads: the layer whose rules gave a
/// runtime switch or user toggle its value (an Unleash strategy, flagd targeting), worded as
/// `get` words it, and the attributes of the simulated device that would change the answer.
package struct RuleDecision: Sendable, Hashable {
    /// The deciding layer in words: ``LayerDescription/trace`` holds its steps.
    package var layer: LayerDescription
    /// What to set to try the other way, first one first.
    package var changes: [AttributeChange]

    /// The layer's provider.
    package var provider: String { layer.provider }

    /// The decision for `resolution`, or `nil` when no layer's rules decided it: the winning
    /// layer's rules, else (a rule that gave no value, so a lower layer or the default won) the
    /// first layer whose rules ran.
    init?(_ resolution: Resolution, workspace: Workspace) {
        let decided =
            resolution.winningLayer.flatMap { $0.rules?.steps.isEmpty == false ? $0 : nil }
            ?? resolution.layers.first { $0.rules?.steps.isEmpty == false }
        guard let decided, let trace = decided.rules else { return nil }
        layer = LayerDescription(decided, in: resolution, workspace: workspace)
        changes = Self.changes(trace, workspace: workspace)
    }

    /// The attributes read by the steps that did not hold, each with the values the rules
    /// compare it with (other than the one it has): setting one of them is what QA tries.
    private static func changes(_ trace: RuleTrace, workspace: Workspace) -> [AttributeChange] {
        var changes: [AttributeChange] = []
        for step in trace.steps where step.result != .bool(true) {
            for read in step.reads where !changes.contains(where: { $0.key == read.key }) {
                let current = read.value.flatMap { value -> String? in
                    if case .string(let text) = value { return text }
                    return nil
                }
                let values = (workspace.ruleAttribute(read.key)?.suggestions ?? []).filter { $0 != current }
                changes.append(AttributeChange(key: read.key, values: Array(values.prefix(3))))
            }
        }
        return changes
    }
}

/// An attribute of the simulated device to set, and the values that may change a rule's answer.
package struct AttributeChange: Sendable, Hashable {
    /// The full key, `context/userId`.
    package var key: String
    /// Values the rules compare it with, in the order written (none when they compare it with
    /// nothing written, such as a percentage split).
    package var values: [String]

    /// `set context/userId to qa-ana or qa-bo`, or `set context/userId` when no value is known.
    package var text: String {
        guard !values.isEmpty else { return "set \(key)" }
        let quoted = values.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }
        return "set \(key) to " + quoted.joined(separator: " or ")
    }

    /// The command that sets it to its first value, or `nil` when no value is known.
    package var command: [String]? {
        values.first.map { ["flagscope", "set", key, $0] }
    }
}
