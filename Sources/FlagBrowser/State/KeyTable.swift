/// One row of a keymap table.
package struct Binding<Action: Hashable & Sendable>: Sendable {
    /// The keys that trigger it.
    package var keys: [KeyEvent]
    /// How the keys are written in the footer and help (`↑ k`).
    package var label: String
    /// What it does, in a few words (the help overlay).
    package var help: String
    /// What it does.
    package var command: Action
    /// The footer's shorter text, when the footer shows it (space is short; help shows all).
    package var footer: String?
    /// The keys as the footer writes them, when it names a pair (`↑↓`) rather than `label`.
    package var footerLabel: String?
    /// How much the footer hint matters: a narrow footer drops the least important first.
    package var importance: FooterImportance
    /// What the footer says while the detail pane fills a narrow screen (`Tab tree`), when that
    /// differs from `footer`.
    package var footerWithDetail: String?
    /// Whether the hint is only shown below ``Layout/splitWidth``, where it does something the
    /// screen does not already show (Tab: the detail pane is hidden there).
    package var footerOnlyWhenNarrow: Bool

    /// Creates a binding.
    package init(
        _ keys: [KeyEvent], _ label: String, _ help: String, _ command: Action, footer: String? = nil,
        footerLabel: String? = nil, importance: FooterImportance = .usual, footerWithDetail: String? = nil,
        footerOnlyWhenNarrow: Bool = false
    ) {
        self.keys = keys
        self.label = label
        self.help = help
        self.command = command
        self.footer = footer
        self.footerLabel = footerLabel
        self.importance = importance
        self.footerWithDetail = footerWithDetail
        self.footerOnlyWhenNarrow = footerOnlyWhenNarrow
    }
}

/// How much a footer hint matters. Every width keeps the essential ones (how to see the
/// detail, get help and quit); narrower footers drop `extra` hints before `usual` ones.
package enum FooterImportance: Int, Sendable, Comparable {
    case essential, usual, extra

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A key hint in the footer: what it says, and the key a click on it presses.
package struct FooterHint: Sendable, Equatable {
    /// The keys as written (`?`, `Enter`).
    package var label: String
    /// What they do, briefly.
    package var help: String
    /// The key a click on the hint presses.
    package var key: KeyEvent
    /// How much it matters when the footer is short of room.
    package var importance: FooterImportance = .usual
    /// What it says while the detail fills a narrow screen, when that differs.
    package var helpWithDetail: String? = nil
    /// Whether it is only shown on screens too narrow for the detail pane beside the tree.
    package var onlyWhenNarrow = false
}

/// The keys of one mode: the single table its key handling, its footer hints and its part of
/// the `?` help are all read from, so the three cannot disagree.
package struct KeyTable<Action: Hashable & Sendable>: Sendable {
    /// The heading of this mode's part of the help.
    package let title: String
    /// Every binding, in help order.
    package let bindings: [Binding<Action>]
    /// What the help says about this mode beyond its bindings (typing, for instance).
    package let notes: [String]
    private let lookup: [KeyEvent: Action]

    /// A table; an earlier binding wins a key two bindings name.
    package init(title: String, notes: [String] = [], _ bindings: [Binding<Action>]) {
        self.title = title
        self.bindings = bindings
        self.notes = notes
        var lookup: [KeyEvent: Action] = [:]
        for binding in bindings.reversed() { for key in binding.keys { lookup[key] = binding.command } }
        self.lookup = lookup
    }

    /// The command `key` triggers in this mode, if any.
    package func command(for key: KeyEvent) -> Action? {
        lookup[key]
    }

    /// The footer hints, in order.
    package var footer: [FooterHint] { footer { _ in nil } }

    /// The footer hints, with the words `wording` gives for a command instead of the table's
    /// (a question's own yes and no: `save anyway`, `keep them`).
    package func footer(wording: (Action) -> String?) -> [FooterHint] {
        bindings.compactMap { binding in
            binding.footer.map { wording(binding.command) ?? $0 }.map {
                FooterHint(
                    label: binding.footerLabel ?? binding.label, help: $0, key: binding.keys[0],
                    importance: binding.importance, helpWithDetail: binding.footerWithDetail,
                    onlyWhenNarrow: binding.footerOnlyWhenNarrow)
            }
        }
    }

    /// The first binding of `command`, for messages that name its keys.
    package func binding(for command: Action) -> Binding<Action>? {
        bindings.first { $0.command == command }
    }
}
