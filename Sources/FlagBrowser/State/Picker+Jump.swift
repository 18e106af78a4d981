import FlagCore

extension Picker {
    /// The options the typed text matches, in their order: every option while nothing is typed,
    /// else each whose text holds the typed text, ignoring case (a device's name is found by any
    /// of its words, `13` finds "QA iPhone 13").
    var matches: [Int] {
        guard !typed.isEmpty else { return Array(options.indices) }
        return options.indices.filter { Self.text(of: options[$0]).contains(typed) }
    }

    /// The rows shown, top to bottom: the matching options, then "other…" when offered.
    var shownRows: [Int] { matches + (offersOther ? [options.count] : []) }

    /// An option's text as typed text is matched against it.
    private static func text(of option: FlagValue) -> String { option.displayText.lowercased() }

    /// Selects the shown row `position` places from the top (clamped); the typed text stays.
    mutating func select(row position: Int) {
        let rows = shownRows
        guard !rows.isEmpty else { return }
        selected = rows[min(max(0, position), rows.count - 1)]
    }

    /// Moves the highlight `offset` shown rows down (up when negative), stopping at the ends.
    mutating func move(by offset: Int) {
        let rows = shownRows
        select(row: (rows.firstIndex(of: selected) ?? 0) + offset)
    }

    /// Type-to-find: every character typed, a space included, is added to the typed text while
    /// some option still holds it; the options that do are all shown, the highlight on the first
    /// that starts with it (else the first that holds it) unless it already is on one that does.
    /// Returns false, changing nothing, when no option would hold the text.
    mutating func type(_ character: Character) -> Bool {
        let candidate = typed + String(character).lowercased()
        let found = options.indices.filter { Self.text(of: options[$0]).contains(candidate) }
        guard let first = found.first else { return false }
        typed = candidate
        let starting = found.filter { Self.text(of: options[$0]).hasPrefix(candidate) }
        if !starting.contains(selected) { selected = starting.first ?? (found.contains(selected) ? selected : first) }
        return true
    }

    /// Backspace: takes back the last character typed; more options show again and the
    /// highlight stays where it is.
    mutating func untype() {
        guard !typed.isEmpty else { return }
        typed.removeLast()
    }
}
