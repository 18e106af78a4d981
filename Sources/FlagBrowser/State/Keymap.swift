/// What a key does in normal mode. One table drives key handling, the footer and `?` help.
public enum Command: String, Sendable, Hashable, CaseIterable {
    case moveUp, moveDown, collapse, expand, pageUp, pageDown, top, bottom
    case activate, toggle, edit, resetKey, resetAll, undo, redo
    case search, nextMatch, previousMatch, filter, cycleView, toggleHidden
    case switchPane, reload, help, quit, back
}

/// One row of the keymap.
public struct Binding: Sendable {
    /// The keys that trigger it.
    public var keys: [KeyEvent]
    /// How the keys are written in the footer and help (`↑↓ j k`).
    public var label: String
    /// What it does, in a few words.
    public var help: String
    /// The command.
    public var command: Command
    /// Whether the footer shows it (space is short; help shows all).
    public var inFooter: Bool
}

/// The single keymap table.
public enum Keymap {
    /// Every binding, in help order.
    public static let bindings: [Binding] = [
        Binding(keys: [.up, .character("k")], label: "↑ k", help: "move up", command: .moveUp, inFooter: false),
        Binding(keys: [.down, .character("j")], label: "↓ j", help: "move down", command: .moveDown, inFooter: false),
        Binding(keys: [.left, .character("h")], label: "← h", help: "collapse / go to parent", command: .collapse, inFooter: false),
        Binding(keys: [.right, .character("l")], label: "→ l", help: "expand / go to first child", command: .expand, inFooter: false),
        Binding(keys: [.pageUp, .control("b")], label: "PgUp", help: "page up", command: .pageUp, inFooter: false),
        Binding(keys: [.pageDown, .control("f")], label: "PgDn", help: "page down", command: .pageDown, inFooter: false),
        Binding(keys: [.home, .character("g")], label: "Home g", help: "first row", command: .top, inFooter: false),
        Binding(keys: [.end, .character("G")], label: "End G", help: "last row", command: .bottom, inFooter: false),
        Binding(keys: [.enter], label: "Enter", help: "toggle bool, edit value, expand", command: .activate, inFooter: true),
        Binding(keys: [.space], label: "Space", help: "toggle bool", command: .toggle, inFooter: false),
        Binding(keys: [.character("e")], label: "e", help: "edit (typed editor or picker)", command: .edit, inFooter: true),
        Binding(keys: [.character("x")], label: "x", help: "reset key (remove from the writable file)", command: .resetKey, inFooter: true),
        Binding(keys: [.character("X")], label: "X", help: "reset all (shows what will go, asks first)", command: .resetAll, inFooter: false),
        Binding(keys: [.character("u")], label: "u", help: "undo (writes back)", command: .undo, inFooter: true),
        Binding(keys: [.control("r")], label: "^R", help: "redo", command: .redo, inFooter: false),
        Binding(keys: [.character("/")], label: "/", help: "search as you type; n / N next, previous", command: .search, inFooter: true),
        Binding(keys: [.character("n")], label: "n", help: "next match", command: .nextMatch, inFooter: false),
        Binding(keys: [.character("N")], label: "N", help: "previous match", command: .previousMatch, inFooter: false),
        Binding(keys: [.character("f")], label: "f", help: "filter to matches (ancestors kept); again to clear", command: .filter, inFooter: true),
        Binding(keys: [.character("F")], label: "F", help: "cycle views: all, overridden, differs, unavailable, problems", command: .cycleView, inFooter: true),
        Binding(keys: [.character(".")], label: ".", help: "show hidden flags", command: .toggleHidden, inFooter: false),
        Binding(keys: [.tab], label: "Tab", help: "switch pane (detail full-width when narrow)", command: .switchPane, inFooter: false),
        Binding(keys: [.character("r")], label: "r", help: "reload from disk, ask servers again", command: .reload, inFooter: false),
        Binding(keys: [.character("?")], label: "?", help: "help", command: .help, inFooter: true),
        Binding(keys: [.character("q")], label: "q", help: "quit", command: .quit, inFooter: true),
        Binding(keys: [.escape], label: "Esc", help: "back, cancel, clear filter", command: .back, inFooter: false),
    ]

    private static let lookup: [KeyEvent: Command] = {
        var table: [KeyEvent: Command] = [:]
        for binding in bindings { for key in binding.keys { table[key] = binding.command } }
        return table
    }()

    /// The command a key triggers in normal mode.
    public static func command(for key: KeyEvent) -> Command? {
        lookup[key]
    }

    /// The footer hints, in order.
    public static var footer: [(label: String, help: String)] {
        bindings.filter(\.inFooter).map { ($0.label, Self.shortHelp[$0.command] ?? $0.help) }
    }

    private static let shortHelp: [Command: String] = [
        .activate: "toggle/edit", .edit: "edit", .resetKey: "reset", .undo: "undo", .search: "search",
        .filter: "filter", .cycleView: "view", .help: "help", .quit: "quit",
    ]
}
