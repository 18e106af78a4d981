import FlagCore
import Foundation
import OrderedCollections

/// Everything the browser shows, computed once per load: the tree, each key's value and where it
/// came from, and each feature's explanation. Navigation never recomputes it.
///
/// A key's whole resolution (every layer) is computed when asked for — the detail pane, an
/// edit — not kept for every key: at 100k keys that would be most of the browser's memory.
///
/// What the first frame does not need — every key's value, the views' marks, the search index —
/// is built after it (``buildDeferredParts()``, which the terminal calls before it reads a key)
/// or when first used; until then a row's value is resolved for that row alone.
package struct BrowserModel: Sendable {
    /// The workspace as loaded.
    package private(set) var workspace: Workspace
    /// Every feature's explanation.
    package let explanations: OrderedDictionary<String, FeatureExplanation>
    /// All nodes, in tree (pre-)order.
    package let nodes: [TreeNode]
    /// Indices of the top-level nodes.
    package let roots: [Int]
    /// Each node's position by identity (``position(of:)``).
    let positions: NodePositions
    /// What the first frame does not need, built once after it or on first use.
    private var deferred: DeferredParts
    /// Per node, what filtering needs (parent, branch or leaf, hidden) in one flat array, so a
    /// filter or view over 100k nodes reads a few bytes per node instead of whole nodes.
    let traits: [NodeTraits]
    /// Subtree ends and flag counts in flat arrays, for rows and the detail pane.
    let shape: TreeShape
    /// The rows of each view, filled on first use (they follow `viewMarks`).
    private(set) var viewRows = ViewRowsCache()
    /// The moment staleness is judged against.
    package let now: Date
    /// The device pinned for comparison (`c`), if any.
    package private(set) var comparison: Comparison?

    /// The writable provider's name, if any.
    package var writableProvider: String? { workspace.config.writableProvider?.name }

    /// The workspace's errors and warnings, counted once (the header keeps errors in sight).
    let problemCount: ProblemCount

    /// Builds the model of a loaded workspace.
    package init(workspace: Workspace, now: Date = Date()) {
        self.workspace = workspace
        self.now = now
        problemCount = ProblemCount(workspace.diagnostics)
        let explanations = FeatureEvaluator(workspace: workspace).explainAll()
        self.explanations = explanations
        let tree = TreeBuilder.tree(of: workspace, explanations: explanations)
        let nodes = tree.nodes
        self.nodes = nodes
        roots = tree.roots
        positions = tree.positions
        shape = TreeShape(nodes: nodes)
        traits = nodes.map { node in
            let isBranch: Bool
            switch node.kind {
            case .section, .collection, .group: isBranch = true
            default: isBranch = false
            }
            return NodeTraits(
                parent: Int32(node.parent ?? -1), isBranch: isBranch, hasChildren: !node.children.isEmpty,
                hidden: node.hidden)
        }
        deferred = DeferredParts(rowResolver: Resolver(workspace: workspace, tracingRuleSteps: false)) {
            DeferredParts.Parts(workspace: workspace, explanations: explanations, nodes: nodes, now: now)
        }
    }

    /// Builds what the first frame did not need (every key's value, the views' marks, the search
    /// index), unless it is built already: the terminal calls it once the first frame is on screen,
    /// before it reads a key, so no key waits for it longer than it waited for the first frame.
    package func buildDeferredParts() {
        _ = deferred.parts
    }

    /// Whether what the first frame did not need is built yet.
    var deferredPartsBuilt: Bool { deferred.builtParts != nil }

    /// Every key's value and source, in the order of `workspace.flags`.
    var values: [ResolvedValue] { deferred.parts.values }
    /// Per node, the views (`F`) it belongs to, computed once so cycling views is a scan of bits.
    var viewMarks: [ViewMarks] { deferred.parts.viewMarks }
    /// The nodes' search text, for `/` and `f`.
    package var search: SearchIndex { deferred.parts.search }
    /// Bytes of `key`'s value when it is too long for the detail pane. Before the deferred
    /// parts are built (the first frame after a load) it is measured for this key alone, so the
    /// detail pane does not build them all.
    func hugeValueSize(_ key: String) -> Int? {
        if let parts = deferred.builtParts { return parts.hugeValueSizes[key] }
        guard let size = value(key)?.value?.textSize, size > PreviewLimits.detail else { return nil }
        return size
    }

    /// What can go of `key`, with why (docs/code.md#stale-flags); before the deferred parts are
    /// built, found for this key alone.
    func staleFindings(_ key: String) -> [StaleReport.Finding] {
        if let parts = deferred.builtParts { return parts.stale[key] ?? [] }
        return StaleReport.findings(of: key, in: workspace, now: Date())
    }

    /// The model after the writable provider's file was read again: `workspace` is this model's
    /// workspace with only that layer re-read (``Workspace/rereadingProvider(named:fileSystem:)``).
    /// The keys whose entries changed, and computed flags, are resolved again and their marks
    /// redrawn; nothing else is recomputed, so a toggle at 100k flags costs milliseconds, not a
    /// rebuild. A change that reaches the tree — a key features read (their explanations and
    /// constraint rows), an unknown key coming or going, or a diagnostic — builds the model again.
    package func updated(afterRereading provider: String, in workspace: Workspace) -> BrowserModel {
        guard let position = workspace.providers.firstIndex(where: { $0.config.name == provider }),
            workspace.providers.count == self.workspace.providers.count,
            workspace.flags.count == self.workspace.flags.count,
            workspace.unknownKeys == self.workspace.unknownKeys, workspace.diagnostics == self.workspace.diagnostics
        else {
            return BrowserModel(workspace: workspace, now: now)
        }
        let old = self.workspace.providers[position].entries
        let fresh = workspace.providers[position].entries
        var changed: Set<String> = []
        for (key, entry) in fresh where old[key] != entry { changed.insert(key) }
        for key in old.keys where fresh[key] == nil { changed.insert(key) }
        let readByFeatures = FeatureEvaluator.keysRead(in: workspace)
        guard !changed.contains(where: readByFeatures) else { return BrowserModel(workspace: workspace, now: now) }

        var model = self
        model.workspace = workspace
        // Compared with the old values: BrowserSession compares the new model again.
        model.comparison = nil
        // The marks below change, so the rows each view showed are worked out again.
        model.viewRows = ViewRowsCache()
        var parts = deferred.parts
        // Computed flags may read any changed key; there are few of them.
        changed.formUnion(workspace.expressions.keys)
        let resolver = Resolver(workspace: workspace)
        let writable = workspace.config.writableProvider?.name
        for key in changed {
            guard let flagIndex = workspace.flags.index(forKey: key), let resolution = resolver.resolve(key) else {
                continue
            }
            let value = ResolvedValue(resolution, writableProvider: writable, now: now)
            parts.values[flagIndex] = value
            let size = resolution.value?.textSize ?? 0
            parts.hugeValueSizes[key] = size > PreviewLimits.detail ? size : nil
            let stale = StaleReport.findings(of: key, in: workspace, now: now)
            parts.stale[key] = stale.isEmpty ? nil : stale
            if let node = self.position(of: .flag(key)) {
                parts.viewMarks[node] = ViewMarks(value).union(stale.isEmpty ? [] : .stale)
            }
        }
        model.deferred = DeferredParts(parts)
        return model
    }

    /// This model with `device` pinned for comparison, `workspace` being the same stack as that
    /// device sees it (``Workspace/simulating(device:context:)``); nil unpins.
    package func comparing(_ device: DeviceProfile?, in workspace: Workspace?) -> BrowserModel {
        var model = self
        if let device, let workspace {
            model.comparison = Comparison(device: device, workspace: workspace, model: self)
        } else {
            model.comparison = nil
        }
        // The view of what differs follows the comparison.
        model.viewRows = ViewRowsCache()
        return model
    }

    /// The position in ``nodes`` of the node with an identity.
    package func position(of id: NodeID) -> Int? {
        positions.position(of: id, flags: workspace.flags)
    }

    /// The node with an identity.
    package func node(_ id: NodeID) -> TreeNode? {
        position(of: id).map { nodes[$0] }
    }

    /// A key's value and source, as its row shows them (`nil` for a key no blueprint declares).
    package func value(_ key: String) -> ResolvedValue? {
        guard let index = workspace.flags.index(forKey: key) else { return nil }
        guard let rowResolver = deferred.rowResolver, deferred.builtParts == nil else {
            return deferred.parts.values[index]
        }
        // The first frame: this row's key alone, as the whole pass would resolve it.
        return rowResolver.resolve(key).map { ResolvedValue($0, writableProvider: writableProvider, now: now) }
    }

    /// A key's whole resolution, every layer included, resolved now (a few microseconds).
    package func resolution(_ key: String) -> Resolution? {
        guard workspace.flags[key] != nil else { return nil }
        return Resolver(workspace: workspace).resolve(key)
    }

    /// Whether the writable provider sets this key.
    package func isOverridden(_ key: String) -> Bool {
        value(key)?.marks.contains(.overridden) ?? false
    }

    /// Whether some layer has a value that does not fit.
    package func hasMismatch(_ key: String) -> Bool {
        value(key)?.marks.contains(.mismatch) ?? false
    }

    /// Whether the flag is past its expiry date.
    package func isStale(_ key: String) -> Bool {
        value(key)?.marks.contains(.stale) ?? false
    }
}

/// What the browser keeps of one key's resolution: the value, where it came from, and the facts
/// its markers and views show. A few dozen bytes, where the whole resolution is several hundred.
package struct ResolvedValue: Sendable, Hashable {
    // Fields in this order, the two one-byte fields fill the 17-byte value's padding: 40 bytes
    // per key instead of 48 (fields are laid out in declaration order).
    /// The winning value; `nil` for a context key nobody sets (unknown).
    package var value: FlagValue?
    /// Which kind of layer won.
    package var reason: ResolutionReason
    /// The facts markers and views show.
    var marks: Marks
    /// The winning provider's name, or `default` / `computed`.
    package var source: String

    /// Facts about a key's resolution.
    struct Marks: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        /// The writable provider sets it (its value may still be shadowed).
        static let overridden = Marks(rawValue: 1)
        /// Its value is not the blueprint default.
        static let differs = Marks(rawValue: 2)
        /// Some layer's value does not fit.
        static let mismatch = Marks(rawValue: 4)
        /// Past its expiry date.
        static let stale = Marks(rawValue: 8)
        /// Read-only here (`locked:` in the blueprint).
        static let locked = Marks(rawValue: 16)
    }

    /// The summary of a resolution.
    init(_ resolution: Resolution, writableProvider: String?, now: Date) {
        value = resolution.value
        source = resolution.source
        reason = resolution.reason
        marks = []
        if resolution.isOverridden(in: writableProvider) { marks.insert(.overridden) }
        if resolution.value != resolution.flag.defaultValue { marks.insert(.differs) }
        if resolution.hasTypeMismatch { marks.insert(.mismatch) }
        if resolution.isStale(now: now) { marks.insert(.stale) }
        if resolution.flag.locked { marks.insert(.locked) }
    }
}

/// The facts about a node that filtering reads.
struct NodeTraits: Sendable {
    /// The parent's index, or -1.
    var parent: Int32
    /// A section, collection or group: matches only through its descendants.
    var isBranch: Bool
    var hasChildren: Bool
    var hidden: Bool
}

/// The views of `F` a node belongs to.
struct ViewMarks: OptionSet, Sendable {
    let rawValue: UInt8
    static let overridden = ViewMarks(rawValue: 1)
    static let differs = ViewMarks(rawValue: 2)
    static let unavailable = ViewMarks(rawValue: 4)
    static let problem = ViewMarks(rawValue: 8)
    static let stale = ViewMarks(rawValue: 16)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The views a flag's row belongs to.
    init(_ value: ResolvedValue) {
        self = []
        if value.marks.contains(.overridden) { insert(.overridden) }
        if value.marks.contains(.differs) { insert(.differs) }
        if value.marks.contains(.stale) || value.marks.contains(.mismatch) { insert(.problem) }
    }
}
