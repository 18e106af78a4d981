import FlagCore
import OrderedCollections

/// A device pinned for comparison (`c`, docs/devices.md): what it gets wherever that differs
/// from what the simulated device gets, worked out once per model, so rows show `≠` and the
/// other value without resolving anything while they are drawn.
package struct Comparison: Sendable {
    /// The pinned device.
    package let device: DeviceProfile
    /// The workspace as the pinned device sees it: the same stack, its layer in place of the
    /// simulated device's (what-if edits in the writable file apply to both).
    package let workspace: Workspace
    /// The pinned device's value of each key whose value differs (`nil`: it has none), by key.
    package let values: [String: ResolvedValue?]
    /// Every feature's explanation on the pinned device.
    package let explanations: OrderedDictionary<String, FeatureExplanation>
    /// The model's nodes that differ: flags, features and the constraints that part them.
    let nodes: NodeSet
    /// How many flags (context attributes apart) and features differ.
    package let flagCount: Int
    package let featureCount: Int

    /// Compares `model` (the simulated device) with `device`, as `workspace` (the same stack for
    /// that device) resolves it.
    init(device: DeviceProfile, workspace: Workspace, model: BrowserModel) {
        self.device = device
        self.workspace = workspace
        let current = model.values
        let flags = model.workspace.flags
        let writable = workspace.config.writableProvider?.name
        var values: [String: ResolvedValue?] = [:]
        var seen = 0
        Resolver(workspace: workspace, tracingRuleSteps: false).forEachResolution { resolution in
            let key = resolution.flag.key
            guard let index = flags.index(forKey: key) else { return }
            seen += 1
            if current[index].value != resolution.value {
                values[key] = ResolvedValue(resolution, writableProvider: writable, now: model.now)
            }
        }
        // A key only the simulated device has (a context attribute its profile alone sets).
        if seen < flags.count {
            for (index, key) in flags.keys.enumerated()
            where current[index].value != nil && workspace.flags[key] == nil {
                values[key] = .some(nil)
            }
        }
        self.values = values
        explanations = FeatureEvaluator(workspace: workspace).explainAll()
        var nodes = NodeSet(count: model.nodes.count)
        var flagCount = 0
        var featureCount = 0
        for (position, node) in model.nodes.enumerated() {
            switch node.kind {
            case .flag(let key) where values[key] != nil:
                nodes.insert(position)
                if !key.hasPrefix(ContextKeys.prefix) { flagCount += 1 }
            case .feature(let key)
            where model.explanations[key]?.availability != explanations[key]?.availability:
                nodes.insert(position)
                featureCount += 1
            case .constraint(let key, let index, _, _)
            where model.explanations[key]?.availability != explanations[key]?.availability:
                let here = model.explanations[key]?.constraints[index]
                let there = explanations[key]?.constraints.first { $0.name == here?.name && $0.kind == here?.kind }
                if here?.status != there?.status { nodes.insert(position) }
            default: break
            }
        }
        self.nodes = nodes
        self.flagCount = flagCount
        self.featureCount = featureCount
    }

    /// Whether node `position` of the model compared differs.
    func differs(_ position: Int) -> Bool { nodes.contains(position) }

    /// The pinned device's value of `key` when it differs: `.some(nil)` when it has none.
    package func otherValue(_ key: String) -> ResolvedValue?? { values[key] }

    /// What differs, counted: `3 flags and 1 feature differ`.
    package var count: String {
        var parts: [String] = []
        if flagCount > 0 { parts.append(Plural.count(flagCount, "flag")) }
        if featureCount > 0 { parts.append(Plural.count(featureCount, "feature")) }
        guard !parts.isEmpty else { return "no flag or feature differs" }
        return "\(parts.joined(separator: " and ")) \(flagCount + featureCount == 1 ? "differs" : "differ")"
    }

    /// The count for the status line: `3 flags and 1 feature differ on QA iPad`.
    package var summary: String { "\(count) on \(device.name)" }
}
