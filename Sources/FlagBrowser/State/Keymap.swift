/// The keymap: one table per mode. Each table drives that mode's key handling, its footer
/// hints and its part of the `?` help; no key is handled anywhere else.
package enum Keymap {
    /// Keys in the tree and the detail pane.
    package static let normal = KeyTable<Command>(
        title: "Browsing",
        [
            Binding([.up, .character("k")], "↑ k", "move up", .moveUp),
            Binding([.down, .character("j")], "↓ j", "move down", .moveDown),
            Binding([.left, .character("h")], "← h", "collapse / go to parent", .collapse),
            Binding([.right, .character("l")], "→ l", "expand / go to first child", .expand),
            Binding([.pageUp, .control("b")], "PgUp ^B", "page up", .pageUp),
            Binding([.pageDown, .control("f")], "PgDn ^F", "page down", .pageDown),
            Binding([.home, .character("g")], "Home g", "first row", .top),
            Binding([.end, .character("G")], "End G", "last row", .bottom),
            Binding(
                [.enter], "Enter",
                "toggle bool, edit value, expand; simulate a device profile; show what a live device gets", .activate,
                footer: "toggle/edit"),
            Binding([.space], "Space", "toggle bool; on a feature, its user toggle", .toggle),
            Binding([.character("e")], "e", "edit (typed editor or picker)", .edit, footer: "edit"),
            Binding(
                [.character("x")], "x", "reset key (remove from the writable file)", .resetKey, footer: "reset",
                importance: .extra),
            Binding([.character("X")], "X", "reset all (shows what will go, asks first)", .resetAll),
            Binding(
                [.character("D")], "D",
                "restore the simulated device: remove every context/* key from the writable file (asks first)",
                .restoreDevice),
            Binding([.character("p")], "p", "pick a device profile to simulate (none at the top)", .pickDevice),
            Binding(
                [.character("c")], "c",
                "compare with a device: ≠ marks what differs (on a device row: pin it; again: stop)", .compareDevice),
            Binding(
                [.character("S")], "S", "save the simulated device as a new device profile (asks for a name)",
                .saveDevice),
            Binding(
                [.character("o")], "o",
                "open $VISUAL / $EDITOR (default vi) at the row's place: a declaration, a profile, a problem's line",
                .openInEditor),
            Binding(
                [.character("R")], "R",
                "where the app's code reads the flag or feature (docs/code.md); Enter opens one in the editor",
                .references),
            Binding([.character("y")], "y", "copy the selected key (OSC 52: the terminal's clipboard)", .copyKey),
            Binding(
                [.character("E")], "E",
                "export the view's overrides as launch arguments, a scheme, env, json, plist or flagd (y copies, w writes)",
                .export),
            Binding(
                [.character("a")], "a", "keep a live device (docs/serve.md) as a new device profile", .adoptLiveDevice),
            Binding([.character("u")], "u", "undo (writes back)", .undo, footer: "undo"),
            Binding([.control("r")], "^R", "redo", .redo),
            Binding([.character("/")], "/", "search as you type; n / N next, previous", .search, footer: "search"),
            Binding([.character("n")], "n", "next match", .nextMatch),
            Binding([.character("N")], "N", "previous match", .previousMatch),
            Binding(
                [.character("f")], "f", "filter to matches (ancestors kept); again to clear", .filter, footer: "filter",
                importance: .extra),
            Binding(
                [.character("F")], "F",
                "cycle views: all, compared (while c pins a device), overridden, differs, unavailable, problems, stale",
                .cycleView,
                footer: "view", importance: .extra),
            Binding([.character(".")], ".", "show hidden flags", .toggleHidden),
            Binding(
                [.tab], "Tab", "switch pane (detail full-width when narrow)", .switchPane, footer: "detail",
                importance: .essential, footerWithDetail: "tree", footerOnlyWhenNarrow: true),
            Binding([.character("r")], "r", "reload from disk, ask servers again", .reload),
            Binding([.character("?")], "?", "help", .help, footer: "help", importance: .essential),
            Binding([.character("q")], "q", "quit", .quit, footer: "quit", importance: .essential),
            Binding([.escape], "Esc", "back, cancel, clear filter", .back),
        ])

    /// Keys while typing a search after `/`; other characters are typed into the query.
    package static let search = KeyTable<SearchCommand>(
        title: "Searching (/)",
        notes: ["Typing moves to the first match; the status line counts them (2/7) or says no match."],
        [
            Binding([.enter], "Enter", "keep the match (then n / N walk the others, f filters)", .keep, footer: "keep"),
            Binding([.escape], "Esc", "cancel: back to where the search started", .cancel, footer: "cancel"),
            Binding([.backspace], "BS", "delete a character", .deleteBack),
            Binding([.control("w")], "^W", "delete the word before the cursor", .deleteWordBack),
            Binding([.control("u")], "^U", "clear the query", .clear),
        ])

    /// Keys in the line editor of `e` (numbers, text, dates, URLs, JSON): the readline keys of a
    /// shell. Other characters are typed.
    package static let editor = KeyTable<EditorCommand>(
        title: "Line editor (e on a number, text, date, URL, JSON)",
        [
            Binding([.enter], "Enter", "save (refused, with the reason, while the value does not fit)", .save),
            Binding([.escape], "Esc", "cancel the edit", .cancel),
            Binding([.left, .control("b")], "← ^B", "character left", .left),
            Binding([.right, .control("f")], "→ ^F", "character right", .right),
            Binding([.alt("b")], "Alt-b", "word left", .wordLeft),
            Binding([.alt("f")], "Alt-f", "word right", .wordRight),
            Binding([.home, .control("a")], "Home ^A", "start of the line", .lineStart),
            Binding([.end, .control("e")], "End ^E", "end of the line", .lineEnd),
            Binding([.backspace], "BS", "delete the character before the cursor", .deleteBack),
            Binding([.delete, .control("d")], "Del ^D", "delete the character under the cursor", .deleteForward),
            Binding([.control("w")], "^W", "delete the word before the cursor", .deleteWordBack),
            Binding([.alt("d")], "Alt-d", "delete the word after the cursor", .deleteWordForward),
            Binding([.control("k")], "^K", "delete to the end of the line", .killToEnd),
            Binding([.control("u")], "^U", "delete to the start of the line", .clear),
        ])

    /// Keys in a picker (enum values, bools, permission and purchase states). Letters are not
    /// commands there: they jump, as in a file picker.
    package static let picker = KeyTable<PickerCommand>(
        title: "Pickers (e on an enum, bool, permission or purchase; p, c, E, R)",
        notes: [
            "Typing (spaces too) shows only the options that hold the text typed; Enter takes the highlighted one."
        ],
        [
            Binding([.up], "↑", "previous option", .up),
            Binding([.down], "↓", "next option", .down, footer: "choose", footerLabel: "↑↓"),
            Binding([.pageUp], "PgUp", "a page up", .pageUp),
            Binding([.pageDown], "PgDn", "a page down", .pageDown),
            Binding([.home], "Home", "first option", .first),
            Binding([.end], "End", "last option", .last),
            Binding([.enter], "Enter", "take the highlighted option", .choose, footer: "save"),
            Binding([.escape], "Esc", "cancel", .cancel, footer: "cancel"),
            Binding([.backspace], "BS", "take back a typed character", .deleteBack),
        ])

    /// Keys while a question (`X`, `D`, an edit that cannot win) waits for an answer. The footer
    /// says what the question's yes and no do.
    package static let confirm = KeyTable<ConfirmCommand>(
        title: "Questions (X, D, an edit a computed value overrides)",
        [
            Binding(
                [.character("y"), .character("Y"), .enter], "y", "yes: do what the box says (u undoes it)", .yes,
                footer: "yes"),
            Binding(
                [.character("n"), .character("N"), .escape, .character("q")], "n Esc", "no: leave the file as it is",
                .no, footer: "no"),
        ])

    /// Keys in the pane of an export (`E`).
    package static let exported = KeyTable<ExportCommand>(
        title: "An export (E)",
        [
            Binding([.character("y")], "y", "copy it (OSC 52: the terminal's clipboard)", .copy, footer: "copy"),
            Binding([.character("w")], "w", "write it to a file (asks for the name)", .write, footer: "write"),
            Binding([.escape, .character("q")], "Esc q", "close", .close, footer: "close"),
            Binding([.down, .character("j")], "↓ j", "scroll down a line", .lineDown),
            Binding([.up, .character("k")], "↑ k", "scroll up a line", .lineUp),
            Binding([.pageDown, .space], "PgDn Space", "scroll down a page", .pageDown),
            Binding([.pageUp], "PgUp", "scroll up a page", .pageUp),
            Binding([.home, .character("g")], "Home g", "top", .top),
            Binding([.end, .character("G")], "End G", "bottom", .bottom),
        ])

    /// Keys in the help overlay.
    package static let help = KeyTable<HelpCommand>(
        title: "This help",
        [
            Binding(
                [.escape, .character("q"), .character("?"), .enter], "Esc q ?", "close", .close, footer: "close help"),
            Binding([.down, .character("j")], "↓ j", "scroll down a line", .lineDown),
            Binding([.up, .character("k")], "↑ k", "scroll up a line", .lineUp),
            Binding(
                [.pageDown, .space, .control("f")], "PgDn Space", "scroll down a page", .pageDown, footer: "scroll",
                footerLabel: "↑↓ PgDn"),
            Binding([.pageUp, .control("b")], "PgUp", "scroll up a page", .pageUp),
            Binding([.home, .character("g")], "Home g", "top", .top),
            Binding([.end, .character("G")], "End G", "bottom", .bottom),
        ])

    /// Keys that do the same in every mode.
    package static let everywhere = KeyTable<GlobalCommand>(
        title: "Everywhere",
        [
            Binding([.control("c")], "^C", "quit at once (exit status 130)", .interrupt),
            Binding([.control("z")], "^Z", "suspend to the shell; fg brings the browser back", .suspend),
        ])
}
