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
        case .picker: return Keymap.picker.footer
        case .confirm: return Keymap.confirm.footer
        case .help: return Keymap.help.footer
        }
    }

    /// The hints that fit on a row `width` columns wide, left to right, each where it is drawn.
    package static func placed(for mode: Mode, width: Int) -> [Placed] {
        var placed: [Placed] = []
        var x = 1
        for hint in hints(for: mode) {
            let labelWidth = TerminalText.displayWidth(of: hint.label)
            let helpWidth = TerminalText.displayWidth(of: hint.help)
            // Keys, a space, the words and two spaces before the next.
            if x + labelWidth + helpWidth + 3 > width { break }
            placed.append(Placed(hint: hint, columns: x..<(x + labelWidth + 1 + helpWidth)))
            x += labelWidth + helpWidth + 3
        }
        return placed
    }
}
