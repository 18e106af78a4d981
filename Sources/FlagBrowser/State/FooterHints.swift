import FlagCore

/// The footer's key hints: which the mode shows (from its keymap table) and the columns each
/// takes. The renderer draws them from here and the reducer maps a click through the same
/// placement, so a click on a hint presses the key it names.
package enum FooterHints {
    /// A hint and the columns it covers (its keys and its words).
    package struct Placed: Sendable, Equatable {
        /// The hint.
        package var hint: FooterHint
        /// The columns a click on it may land in.
        package var columns: Range<Int>
    }

    /// The screen row of the hints (the status line is below it).
    package static func row(screenHeight: Int) -> Int { screenHeight - 2 }

    /// The hints of a mode. The line editor shows its live validation on that row instead.
    package static func hints(for mode: Mode) -> [FooterHint] {
        switch mode {
        case .normal: return Keymap.normal.footer
        case .search: return Keymap.search.footer
        case .edit: return []
        case .picker(let picker):
            // A device picker writes nothing: Enter simulates or compares.
            return Keymap.picker.footer { command in
                guard command == .choose else { return nil }
                switch picker.purpose {
                case .value: return nil
                case .device: return "simulate"
                case .comparison: return "compare"
                case .export: return "export"
                case .references: return "open"
                }
            }
        case .confirm(let question):
            return Keymap.confirm.footer { $0 == .yes ? question.yes : question.no }
        case .help: return Keymap.help.footer
        case .exported: return Keymap.exported.footer
        }
    }

    /// The hints that fit on a row `width` columns wide, each where it is drawn. They keep the
    /// table's order; when not all fit, the least important go first (essential ones are kept at
    /// every width the browser draws), and `Tab` says what it shows.
    package static func placed(for mode: Mode, width: Int, detailFocused: Bool = false) -> [Placed] {
        let narrow = width < Layout.splitWidth
        let candidates = hints(for: mode).compactMap { hint -> FooterHint? in
            if hint.onlyWhenNarrow && !narrow { return nil }
            var hint = hint
            if detailFocused, let alternative = hint.helpWithDetail { hint.help = alternative }
            return hint
        }
        // Keys, a space, the words and two spaces before the next.
        func cost(_ hint: FooterHint) -> Int {
            TerminalText.displayWidth(of: hint.label) + TerminalText.displayWidth(of: hint.help) + 3
        }
        var budget = width - 1
        var kept = Set<Int>()
        let byImportance = candidates.indices.sorted {
            (candidates[$0].importance, $0) < (candidates[$1].importance, $1)
        }
        for index in byImportance where cost(candidates[index]) <= budget {
            kept.insert(index)
            budget -= cost(candidates[index])
        }
        var placed: [Placed] = []
        var x = 1
        for (index, hint) in candidates.enumerated() where kept.contains(index) {
            let labelWidth = TerminalText.displayWidth(of: hint.label)
            let helpWidth = TerminalText.displayWidth(of: hint.help)
            placed.append(Placed(hint: hint, columns: x..<(x + labelWidth + 1 + helpWidth)))
            x += labelWidth + helpWidth + 3
        }
        return placed
    }
}
