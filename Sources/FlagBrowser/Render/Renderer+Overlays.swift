import FlagCore

extension Renderer {
    /// A framed box in the middle of the screen: `title` in the top border, `note` (if any) in
    /// the bottom one, the lines scrolled so that `selected` shows.
    static func box(
        _ lines: [(String, StyleRole)], title: String, width: Int, _ screen: inout ScreenBuffer, selected: Int? = nil,
        note: String? = nil
    ) {
        let boxWidth = min(screen.width - 2, max(width, TerminalText.displayWidth(of: title) + 6))
        let boxHeight = min(screen.height - 2, lines.count + 2)
        let left = max(0, (screen.width - boxWidth) / 2)
        let top = max(1, (screen.height - boxHeight) / 2)
        screen.fill(x: left, y: top, count: boxWidth, role: .border)
        screen.write("┌" + String(repeating: "─", count: max(0, boxWidth - 2)) + "┐", x: left, y: top, role: .border)
        screen.write(" \(title) ", x: left + 2, y: top, role: .key, limit: boxWidth - 4)
        let inner = boxHeight - 2
        let start = selected.map { max(0, min($0 - inner + 1, lines.count - inner)) } ?? 0
        for row in 0..<inner {
            let y = top + 1 + row
            screen.fill(x: left, y: y, count: boxWidth, role: .normal)
            screen.write("│", x: left, y: y, role: .border)
            screen.write("│", x: left + boxWidth - 1, y: y, role: .border)
            let index = start + row
            guard index < lines.count else { continue }
            screen.write(lines[index].0, x: left + 2, y: y, role: lines[index].1, limit: boxWidth - 4)
            if index == selected { screen.paint(x: left + 1, y: y, count: boxWidth - 2, role: .selection) }
        }
        screen.write(
            "└" + String(repeating: "─", count: max(0, boxWidth - 2)) + "┘", x: left, y: top + boxHeight - 1,
            role: .border)
        if let note {
            screen.write(" \(note) ", x: left + 2, y: top + boxHeight - 1, role: .muted, limit: boxWidth - 4)
        }
    }

    /// A picker (`e`, `p`, `c`, `E`, `R`): its options in a box, the current one marked, what is
    /// typed to find one in the bottom border.
    static func drawPicker(_ picker: Picker, _ state: BrowserState, _ screen: inout ScreenBuffer) {
        let current: FlagValue?
        switch picker.purpose {
        case .value: current = state.model.value(picker.key)?.value
        case .device: current = .string(state.model.workspace.activeDevice?.name ?? Picker.noDevice)
        case .comparison: current = .string(state.model.comparison?.device.name ?? Picker.noDevice)
        case .export, .references: current = nil
        }
        let rows = picker.shownRows
        let lines = rows.map { index -> (String, StyleRole) in
            let mark = index == picker.selected ? "›" : " "
            guard index < picker.options.count else {
                let holdsOther = current.map { !picker.options.contains($0) } ?? false
                return (mark + (holdsOther ? "● " : "  ") + "other… (type a value)", .muted)
            }
            let option = picker.options[index]
            return (
                mark + (option == current ? "● " : "  ") + option.preview(limit: PreviewLimits.row), valueRole(option)
            )
        }
        // The box keeps its size while typing narrows the rows, so it does not jump about.
        let padding = Array(repeating: ("", StyleRole.normal), count: max(0, picker.rowCount - lines.count))
        let width = (lines.map { TerminalText.displayWidth(of: $0.0) }.max() ?? 10) + 6
        let found = picker.typed.isEmpty ? "" : " · \(picker.matches.count) of \(picker.options.count)"
        let note = picker.typed.isEmpty ? "type to find" : "find: " + TerminalText.escaped(picker.typed) + found
        let title: String
        switch picker.purpose {
        case .value: title = "set \(picker.key)"
        case .device: title = "simulate a device"
        case .comparison: title = "compare with a device"
        case .export: title = "export the view's overrides as"
        case .references: title = "used in \(picker.key)"
        }
        box(
            lines + padding, title: title, width: max(width, 24), &screen,
            selected: rows.firstIndex(of: picker.selected),
            note: note)
    }

    /// An export (`E`): its lines in a box, scrolled, the keys it holds in the title.
    static func drawExport(_ pane: ExportPane, _ screen: inout ScreenBuffer) {
        let all = pane.lines
        let visible = max(1, screen.height - 8)
        let first = min(pane.scroll, max(0, all.count - visible))
        let shown = all[first..<min(all.count, first + visible)].map { line -> (String, StyleRole) in
            (line, line.hasPrefix("not exported: ") ? .warning : .normal)
        }
        let below = all.count - first - shown.count
        let note = [
            first > 0 ? "↑ \(first)" : nil, below > 0 ? "↓ \(below) more" : nil, "y copy · w write · Esc close",
        ]
        .compactMap { $0 }.joined(separator: " · ")
        let width = min(screen.width - 2, max(50, (all.map { TerminalText.displayWidth(of: $0) }.max() ?? 0) + 4))
        box(
            shown.isEmpty ? [("the view has no override to export", .muted)] : shown,
            title: "\(pane.format) · \(Plural.count(pane.keyCount, "key"))", width: width, &screen, note: note)
    }

    /// A question that waits for y or n, with what the answer will do.
    static func drawConfirmation(_ confirmation: Confirmation, _ screen: inout ScreenBuffer) {
        let width = min(screen.width - 2, 70)
        var lines: [(String, StyleRole)]
        if confirmation.listsItems {
            lines = confirmation.lines.map { ("- " + $0, StyleRole.value) }
        } else {
            lines = confirmation.lines.flatMap {
                TerminalText.wrapped($0, width: max(10, width - 4)).map { ($0, StyleRole.normal) }
            }
        }
        lines.append(("", .normal))
        lines += TerminalText.wrapped(confirmation.answers, width: max(10, width - 4)).map { ($0, StyleRole.muted) }
        box(lines, title: confirmation.title, width: width, &screen)
    }
}
