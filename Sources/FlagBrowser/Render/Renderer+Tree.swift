import FlagCore

extension Renderer {
    /// The tree pane: the visible rows only, the selected one marked, and where the view is
    /// scrolled to when the rows do not fit.
    static func drawTree(_ state: BrowserState, _ layout: Layout, _ screen: inout ScreenBuffer) {
        let width = layout.treeWidth
        let selected = state.selectedRow
        if state.rows.isEmpty {
            let message = state.filter != nil || state.view != .all ? "nothing matches; Esc clears" : "no flags"
            screen.write(message, x: 1, y: layout.bodyTop, role: .muted, limit: width - 1)
            return
        }
        for line in 0..<layout.bodyHeight {
            let rowIndex = state.scroll + line
            guard rowIndex < state.rows.count else { break }
            let y = layout.bodyTop + line
            drawRow(at: rowIndex, state, y: y, width: width, &screen)
            if rowIndex == selected {
                // A gutter mark as well as the highlight: the selection shows without colour too.
                screen.write("›", x: 0, y: y, role: .selection)
                screen.paint(x: 0, y: y, count: width, role: state.focus == .tree ? .selection : .selectionInactive)
            }
        }
        // A scroll position marker when there is more than fits.
        if state.rows.count > layout.bodyHeight, width > 2 {
            let fraction = Double(state.scroll) / Double(max(1, state.rows.count - layout.bodyHeight))
            let y = layout.bodyTop + Int(fraction * Double(layout.bodyHeight - 1))
            screen.write("┃", x: width - 1, y: y, role: .border)
        }
    }

    /// One tree row: indent, disclosure, label on the left; value, source and markers on the right.
    static func drawRow(at row: Int, _ state: BrowserState, y: Int, width: Int, _ screen: inout ScreenBuffer) {
        let node = state.model.nodes[state.rows[row]]
        let indent = String(repeating: "  ", count: node.depth)
        let disclosure = node.children.isEmpty ? "  " : (isOpen(row: row, state) ? "▾ " : "▸ ")
        let decoration = RowDecoration(node, at: state.rows[row], state)
        var x = 1 + screen.write(indent + disclosure, x: 1, y: y, role: .muted, limit: width - 1)
        x += screen.write(decoration.prefix, x: x, y: y, role: decoration.prefixRole, limit: max(0, width - x))
        // The label is whole when it can be: the right-hand side takes what it leaves, and at
        // least 11/20 of the row when both are long (a section's label, one short word, always
        // leaves enough).
        let leftByLabel = width - x - columns(of: node.label, upTo: width) - 2
        let rightLimit =
            if case .section = node.kind { max(0, leftByLabel) } else { max(0, leftByLabel, (width - x) * 11 / 20) }
        let right = fitted(decoration.right, values: decoration.values, limit: rightLimit)
        let rightWidth = right.reduce(0) { $0 + $1.columns }
        let labelLimit = max(1, width - x - rightWidth - (rightWidth > 0 ? 2 : 1))
        screen.write(node.label, x: x, y: y, role: decoration.labelRole, limit: labelLimit)
        var rx = width - rightWidth - 1
        for run in right where run.columns > 0 {
            rx += screen.write(run.text, x: rx, y: y, role: run.role, limit: run.columns)
        }
    }

    /// The right-hand runs in at most `limit` columns, each with the columns it gets. When they
    /// do not all fit, the first `values` runs (a flag's value and the compared device's, shown
    /// whole in the detail pane) share what the others leave, the narrower keeping all it
    /// needs, so the source and markers after them stay whole; only when those alone do not
    /// fit are they cut too, from the end.
    static func fitted(_ runs: [(String, StyleRole)], values: Int, limit: Int)
        -> [(text: String, role: StyleRole, columns: Int)]
    {
        var widths = runs.map { columns(of: $0.0, upTo: limit) }
        let values = min(values, runs.count)
        if values > 0, widths.reduce(0, +) > limit {
            // Each value keeps a few columns (`tr…`) even when the rest must be cut.
            var room = max(limit - widths[values...].reduce(0, +), 4 * values)
            let narrowestFirst = (0..<values).sorted { widths[$0] < widths[$1] }
            for (place, index) in narrowestFirst.enumerated() {
                widths[index] = min(widths[index], room / (values - place))
                room -= widths[index]
            }
        }
        var left = limit
        return zip(runs, widths).map { run, width in
            let columns = min(width, left)
            left -= columns
            return (run.0, run.1, columns)
        }
    }

    /// The columns `text` takes once escaped, at most `limit`. Printable ASCII (most values,
    /// sources and details) is one column per byte, counted without walking graphemes.
    static func columns(of text: String, upTo limit: Int) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return min(text.utf8.count, limit) }
        return min(
            TerminalText.displayWidth(of: TerminalText.escaped(String(TerminalText.leading(text, columns: limit)))),
            limit)
    }

    /// Whether the children of the node on `row` are on screen: the next row is one of them
    /// (filters open branches without expanding them).
    static func isOpen(row: Int, _ state: BrowserState) -> Bool {
        guard row + 1 < state.rows.count else { return false }
        return Int(state.model.traits[state.rows[row + 1]].parent) == state.rows[row]
    }
}
