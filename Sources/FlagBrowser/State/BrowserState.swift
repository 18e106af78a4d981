import FlagCore
import OrderedCollections

/// Which pane has the keyboard.
public enum Pane: Sendable, Hashable { case tree, detail }

/// The view cycle of `F`.
public enum BrowserView: String, Sendable, Hashable, CaseIterable {
    case all, overridden, differs, unavailable, problems

    /// The header label.
    public var title: String {
        switch self {
        case .all: return "all"
        case .overridden: return "overridden"
        case .differs: return "differs from default"
        case .unavailable: return "unavailable features"
        case .problems: return "problems"
        }
    }

    var next: BrowserView {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// A message in the status line.
public struct StatusMessage: Sendable, Equatable {
    /// How it reads.
    public enum Kind: Sendable, Equatable { case info, warning, error }
    /// The text.
    public var text: String
    /// Its kind.
    public var kind: Kind

    /// Creates a message.
    public init(_ text: String, _ kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}

/// The typed text editor of `e` for numbers, strings, dates, urls and json.
public struct TextEditor: Sendable, Equatable {
    /// The key being edited.
    public var key: String
    /// The text typed so far.
    public var text: [Character]
    /// Cursor position in `text`.
    public var cursor: Int
    /// Why the text does not fit yet (live validation), or `nil` when it does.
    public var problem: String?

    /// Values longer than this many bytes are not opened in the line editor (each keystroke
    /// re-validates the whole text).
    static let sizeLimit = 100_000
}

/// A choice list: enum values, bools, permission and purchase states.
public struct Picker: Sendable, Equatable {
    /// The key being edited.
    public var key: String
    /// The values offered.
    public var options: [FlagValue]
    /// The highlighted option.
    public var selected: Int
    /// The letters typed to jump to an option (empty after a move).
    public var typed: String = ""
}

/// A question awaiting y/n, with the write it would make.
public struct Confirmation: Sendable, Equatable {
    /// The question.
    public var title: String
    /// What will happen, line by line.
    public var lines: [String]
    /// The write on yes.
    public var request: WriteRequest
}

/// What the keyboard is doing.
public enum Mode: Sendable, Equatable {
    case normal
    case search
    case edit(TextEditor)
    case picker(Picker)
    case confirm(Confirmation)
    case help(scroll: Int)
}

/// An edit that can be undone: the changes forward and back.
public struct UndoEntry: Sendable, Equatable {
    /// What the edit did, for the status line.
    public var summary: String
    /// Changes that redo it.
    public var forward: OrderedDictionary<String, KeyChange>
    /// Whether redo removes every key.
    public var forwardRemovesAll: Bool
    /// Changes that undo it (restore the file's previous entries).
    public var backward: OrderedDictionary<String, KeyChange>
}

/// A write for the run loop to perform.
public struct WriteRequest: Sendable, Equatable {
    /// Why: a new edit, an undo or a redo.
    public enum Origin: Sendable, Equatable { case edit, undo, redo }
    /// Key changes.
    public var changes: OrderedDictionary<String, KeyChange>
    /// Remove every key first.
    public var removeAll: Bool
    /// The status line's account of it.
    public var summary: String
    /// The undo entry this write creates or replays.
    public var entry: UndoEntry
    /// Edit, undo or redo.
    public var origin: Origin
}

/// The browser's whole state. The reducer changes it; the renderer only reads it.
public struct BrowserState: Sendable {
    /// What is shown. A new model keeps the expansion: positions are carried over by identity.
    public internal(set) var model: BrowserModel {
        didSet { carryExpansion(from: oldValue) }
    }
    /// The selected node, by identity (survives reloads and filtering).
    public internal(set) var selection: NodeID?
    /// Expanded nodes, by position in `model`: rows test a bit per node instead of hashing its
    /// identity, and identities are hashed only when the model changes.
    var expandedNodes: NodeSet
    /// Expanded nodes the model does not have (a collection removed from a file), kept so they
    /// are expanded again when a reload brings them back.
    var expandedElsewhere: Set<NodeID> = []
    /// The first tree row on screen.
    public internal(set) var scroll: Int = 0
    /// The first detail line on screen.
    public internal(set) var detailScroll: Int = 0
    /// Which pane has the keyboard.
    public internal(set) var focus: Pane = .tree
    /// What the keyboard is doing.
    public internal(set) var mode: Mode = .normal
    /// The search text (kept after Enter for n/N and f).
    public internal(set) var query: String = ""
    /// While a query is typed: where the search began and what its match opened.
    var searchStart: SearchStart?
    /// Which match the selection is, of how many, after the last search step (`nil` before any).
    public internal(set) var matchCount: MatchCount?
    /// The active filter text, if any.
    public internal(set) var filter: String?
    /// The active view.
    public internal(set) var view: BrowserView = .all
    /// Whether hidden flags are shown.
    public internal(set) var showHidden = false
    /// The last status message.
    public internal(set) var status: StatusMessage?
    /// Undo history, newest last.
    public internal(set) var undoStack: [UndoEntry] = []
    /// Redo history, newest last.
    public internal(set) var redoStack: [UndoEntry] = []
    /// Screen size in cells.
    public internal(set) var size: (width: Int, height: Int)
    /// Whether a write is in flight (keys that write wait for it).
    public internal(set) var writing = false
    /// The remote providers whose servers are being asked right now (shown in the header).
    public internal(set) var fetching: [String] = []
    /// Visible tree rows (node indices, ascending: tree pre-order), derived from the model,
    /// expansion, filter and view.
    public internal(set) var rows: [Int] = []

    /// A state showing `model`, top-level nodes expanded, the first row selected.
    public init(model: BrowserModel, width: Int = 100, height: Int = 30) {
        self.model = model
        size = (width, height)
        expandedNodes = NodeSet(count: model.nodes.count)
        for root in model.roots { expandedNodes.insert(root) }
        refreshRows()
        selection = rows.first.map { model.nodes[$0].id }
    }

    /// Expanded nodes, by identity.
    public var expanded: Set<NodeID> {
        expandedElsewhere.union(expandedNodes.positions.map { model.nodes[$0].id })
    }

    /// Moves the expansion from `old`'s positions to the current model's, by identity.
    private mutating func carryExpansion(from old: BrowserModel) {
        let identities = expandedElsewhere.union(expandedNodes.positions.map { old.nodes[$0].id })
        expandedNodes = NodeSet(count: model.nodes.count)
        expandedElsewhere = []
        for id in identities {
            if let position = model.position(of: id) { expandedNodes.insert(position) } else { expandedElsewhere.insert(id) }
        }
    }

    /// The selected node.
    public var selectedNode: TreeNode? {
        selectedPosition.map { model.nodes[$0] }
    }

    /// The selected node's position in `model.nodes`.
    var selectedPosition: Int? {
        selection.flatMap { model.position(of: $0) }
    }

    /// Position of the selection in `rows`.
    public var selectedRow: Int? {
        selectedPosition.flatMap { row(of: $0) }
    }

    /// The key an edit of the selection would change: a flag, or the single key of a constraint.
    public var editableKey: String? {
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
