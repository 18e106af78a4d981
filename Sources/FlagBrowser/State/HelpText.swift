import FlagCore

/// The `?` help's text: every mode's keys, read from the keymap tables, and the legend, wrapped
/// to the box at any width; and how far it scrolls. The reducer scrolls it, the renderer draws it.
enum HelpText {
    /// The widest the box gets.
    static let preferredWidth = 80
    /// The box's title.
    static let title = "Keys — Esc closes"

    /// The legend: what the marks in the tree mean, and the mouse.
    static let legend: [(label: String, help: String)] = [
        ("✎", "set in the writable file"),
        ("!", "a layer's value does not fit the flag's type"),
        ("⊘", "locked: read-only in the browser"),
        ("†", "stale: past its expiry date"),
        ("✓ ✗ ?", "feature available, unavailable, unknown"),
        ("✓ ✗ ? –", "constraint satisfied, not satisfied, not determined, other platform"),
        ("Mouse", "a click selects a row or does what a footer hint says; the wheel scrolls"),
    ]

    /// The box's width on a screen `screenWidth` wide (as ``Renderer/box`` makes it).
    static func boxWidth(screenWidth: Int) -> Int {
        min(screenWidth - 2, max(preferredWidth, TerminalText.displayWidth(of: title) + 6))
    }

    /// Lines the box shows at once on a screen `screenHeight` tall: the box stays clear of the
    /// header and of the footer's hints.
    static func visibleLines(screenHeight: Int) -> Int { max(1, screenHeight - 5) }

    /// The furthest the help scrolls: its last line at the bottom of the box.
    static func maximumScroll(screenWidth: Int, screenHeight: Int) -> Int {
        max(0, lines(screenWidth: screenWidth).count - visibleLines(screenHeight: screenHeight))
    }

    /// Every line of the help, wrapped to the box on a screen `screenWidth` wide.
    static func lines(screenWidth: Int) -> [(String, StyleRole)] {
        let width = max(10, boxWidth(screenWidth: screenWidth) - 4)
        var sections: [(title: String, rows: [(label: String, help: String)], notes: [String])] = []
        func add<Action>(_ table: KeyTable<Action>, where keep: (Binding<Action>) -> Bool = { _ in true }) {
            sections.append((table.title, table.bindings.filter(keep).map { ($0.label, $0.help) }, table.notes))
        }
        // The footer's essential keys open the help, so its first page always says how to see
        // the detail, get help and quit, at any size; the rest of browsing follows.
        let essentials = Keymap.normal.bindings.filter { $0.footer != nil && $0.importance == .essential }
        sections.append(("Essentials", essentials.map { ($0.label, $0.help) }, []))
        add(Keymap.normal) { !($0.footer != nil && $0.importance == .essential) }
        add(Keymap.everywhere)
        add(Keymap.search)
        add(Keymap.editor)
        add(Keymap.picker)
        add(Keymap.confirm)
        add(Keymap.exported)
        add(Keymap.help)
        sections.append(("Legend", legend, []))
        let widestLabel = sections.flatMap { $0.rows.map { TerminalText.displayWidth(of: $0.label) } }.max() ?? 0
        let labelWidth = min(widestLabel + 2, width / 3)
        var lines: [(String, StyleRole)] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append(("", .normal)) }
            lines += TerminalText.wrapped(section.title, width: width).map { ($0, .key) }
            for row in section.rows {
                let indent = String(repeating: " ", count: labelWidth)
                let wrapped = TerminalText.wrapped(row.help, width: width - labelWidth)
                if TerminalText.displayWidth(of: row.label) < labelWidth {
                    lines.append((TerminalText.padded(row.label, toWidth: labelWidth) + wrapped[0], .normal))
                } else {
                    // A label wider than its column gets a line of its own.
                    lines.append((row.label, .normal))
                    lines.append((indent + wrapped[0], .normal))
                }
                lines += wrapped.dropFirst().map { (indent + $0, .normal) }
            }
            for note in section.notes {
                lines += TerminalText.wrapped(note, width: width).map { ($0, .muted) }
            }
        }
        return lines
    }
}
