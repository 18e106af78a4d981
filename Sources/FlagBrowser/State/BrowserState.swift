import FlagCore

/// The browser's whole state. The reducer changes it; the renderer only reads it.
package struct BrowserState: Sendable {
    /// What is shown. A new model keeps the expansion: positions are carried over by identity.
    package internal(set) var model: BrowserModel {
        didSet { carryExpansion(from: oldValue) }
    }
    /// The selected node, by identity (survives reloads and filtering).
    package internal(set) var selection: NodeID?
    /// Expanded nodes, by position in `model`: rows test a bit per node instead of hashing its
    /// identity, and identities are hashed only when the model changes.
    var expandedNodes: NodeSet
    /// Expanded nodes the model does not have (a collection removed from a file), kept so they
    /// are expanded again when a reload brings them back.
    var expandedElsewhere: Set<NodeID> = []
    /// The first tree row on screen.
    package internal(set) var scroll: Int = 0
    /// The first detail line on screen.
    package internal(set) var detailScroll: Int = 0
    /// Which pane has the keyboard.
    package internal(set) var focus: Pane = .tree
    /// What the keyboard is doing.
    package internal(set) var mode: Mode = .normal
    /// The search text (kept after Enter for n/N and f).
    package internal(set) var query: String = ""
    /// While a query is typed: where the search began and what its match opened.
    var searchStart: SearchStart?
    /// Which match the selection is, of how many, after the last search step (`nil` before any).
    package internal(set) var matchCount: MatchCount?
    /// The active filter text, if any.
    package internal(set) var filter: String?
    /// The active view.
    package internal(set) var view: BrowserView = .all
    /// Whether hidden flags are shown.
    package internal(set) var showHidden = false
    /// The last status message.
    package internal(set) var status: StatusMessage?
    /// Undo history, newest last.
    package internal(set) var undoStack: [UndoEntry] = []
    /// Redo history, newest last.
    package internal(set) var redoStack: [UndoEntry] = []
    /// Screen size in cells.
    package internal(set) var size: (width: Int, height: Int)
    /// Whether a write is in flight (keys that write wait for it).
    package internal(set) var writing = false
    /// The remote providers whose servers are being asked right now (shown in the header).
    package internal(set) var fetching: [String] = []
    /// What each live device did (docs/serve.md), by name: drawn on its row and in its detail.
    package internal(set) var liveActivity: [String: LiveActivity] = [:]
    /// Visible tree rows (node indices, ascending: tree pre-order), derived from the model,
    /// expansion, filter and view.
    package internal(set) var rows: [Int] = []

    /// A state showing `model`, top-level nodes expanded, the first row selected.
    package init(model: BrowserModel, width: Int = 100, height: Int = 30) {
        self.model = model
        size = (width, height)
        expandedNodes = NodeSet(count: model.nodes.count)
        for root in model.roots { expandedNodes.insert(root) }
        refreshRows()
        selection = rows.first.map { model.nodes[$0].id }
    }

    /// Expanded nodes, by identity.
    package var expanded: Set<NodeID> {
        expandedElsewhere.union(expandedNodes.positions.map { model.nodes[$0].id })
    }

    /// Moves the expansion from `old`'s positions to the current model's, by identity.
    private mutating func carryExpansion(from old: BrowserModel) {
        let identities = expandedElsewhere.union(expandedNodes.positions.map { old.nodes[$0].id })
        expandedNodes = NodeSet(count: model.nodes.count)
        expandedElsewhere = []
        for id in identities {
            if let position = model.position(of: id) {
                expandedNodes.insert(position)
            } else {
                expandedElsewhere.insert(id)
            }
        }
    }

    /// The selected node.
    package var selectedNode: TreeNode? {
        selectedPosition.map { model.nodes[$0] }
    }

    /// The selected node's position in `model.nodes`.
    var selectedPosition: Int? {
        selection.flatMap { model.position(of: $0) }
    }

    /// Position of the selection in `rows`.
    package var selectedRow: Int? {
        selectedPosition.flatMap { row(of: $0) }
    }

    /// The key an edit of the selection would change: a flag, or the single key of a constraint.
    package var editableKey: String? {
        guard let node = selectedNode else { return nil }
        switch node.kind {
        case .flag(let key): return key
        case .constraint(let featureKey, let index, _, _):
            guard let constraint = model.explanations[featureKey]?.constraints[index] else { return nil }
            if constraint.kind == .platform { return constraint.key }
            return constraint.keys.count == 1 ? constraint.keys[0] : nil
        default: return nil
        }
    }
}
