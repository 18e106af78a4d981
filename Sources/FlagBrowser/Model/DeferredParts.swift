import FlagCore
import Foundation
import OrderedCollections

/// The parts of a ``BrowserModel`` the first frame does not need, built once: by
/// ``BrowserModel/buildDeferredParts()`` right after the first frame, or by their first use,
/// whichever comes first. Copies of a model share them (they are the same tree's); a model
/// that changes them gets its own (``init(_:)``).
final class DeferredParts: @unchecked Sendable {
    /// What is built.
    struct Parts: Sendable {
        /// Every key's value and source, in the order of `workspace.flags`.
        var values: [ResolvedValue]
        /// Bytes of the values too long for the detail pane, by key.
        var hugeValueSizes: [String: Int]
        /// Per node, the views (`F`) it belongs to, computed once so cycling views is a scan of bits.
        var viewMarks: [ViewMarks]
        /// The nodes' search text, for `/` and `f`.
        var search: SearchIndex
        /// What can go, by key (the view "stale", docs/code.md#stale-flags).
        var stale: [String: [StaleReport.Finding]]
    }

    /// Guards `built` and `build` (a model is `Sendable`; the terminal uses it on one thread).
    private let lock = NSLock()
    private var built: Parts?
    private var build: (@Sendable () -> Parts)?
    /// Resolves the rows of the first frame, one key each, until the parts are built.
    let rowResolver: Resolver?

    /// Parts that `build` makes when first needed; `rowResolver` resolves single rows until then.
    init(rowResolver: Resolver, build: @escaping @Sendable () -> Parts) {
        self.build = build
        self.rowResolver = rowResolver
    }

    /// Parts already made.
    init(_ parts: Parts) {
        built = parts
        rowResolver = nil
    }

    /// The parts, built now if they were not.
    var parts: Parts {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let parts = build!()
        built = parts
        build = nil
        return parts
    }

    /// The parts if they are built, without building them.
    var builtParts: Parts? {
        lock.lock()
        defer { lock.unlock() }
        return built
    }
}

extension DeferredParts.Parts {
    /// Builds the parts of the model of `workspace`, whose tree is `nodes`.
    init(
        workspace: Workspace, explanations: OrderedDictionary<String, FeatureExplanation>, nodes: [TreeNode], now: Date
    ) {
        let writable = workspace.config.writableProvider?.name
        // The index of what rules read is built on first use: here, before any key is read, so
        // opening the Context branch or an attribute's detail does not wait for it.
        _ = workspace.ruleAttributes
        var values: [ResolvedValue] = []
        values.reserveCapacity(workspace.flags.count)
        var hugeValueSizes: [String: Int] = [:]
        // Rows show values and variants; the detail pane resolves its key again, traced.
        Resolver(workspace: workspace, tracingRuleSteps: false).forEachResolution { resolution in
            values.append(ResolvedValue(resolution, writableProvider: writable, now: now))
            // Sized once here, so the detail pane of a multi-megabyte JSON value does not
            // serialise it whole on every frame to say how large it is.
            if let size = resolution.value?.textSize, size > PreviewLimits.detail {
                hugeValueSizes[resolution.flag.key] = size
            }
        }
        let stale = Dictionary(grouping: StaleReport(workspace: workspace, now: now).findings, by: \.key)
        let viewMarks = nodes.map { node -> ViewMarks in
            switch node.kind {
            case .flag(let key):
                let marks = workspace.flags.index(forKey: key).map { ViewMarks(values[$0]) } ?? []
                return stale[key] == nil ? marks : marks.union(.stale)
            case .feature(let key):
                let marks: ViewMarks =
                    explanations[key].map { $0.availability != .available } == true ? .unavailable : []
                return stale[key] == nil ? marks : marks.union(.stale)
            case .constraint(let key, let position, _, _):
                guard let explanation = explanations[key], explanation.availability != .available else { return [] }
                let status = explanation.constraints[position].status
                return status == .notSatisfied || status == .notDetermined ? .unavailable : []
            case .unknownKey(let unknown):
                return stale[unknown.key] == nil ? .problem : [.problem, .stale]
            case .diagnostic:
                return .problem
            default:
                return []
            }
        }
        self.init(
            values: values, hugeValueSizes: hugeValueSizes, viewMarks: viewMarks,
            search: SearchIndex.build(workspace: workspace, explanations: explanations), stale: stale)
    }
}
