import FlagCore

extension Picker {
    /// Selects option `index` (clamped), forgetting what was typed.
    mutating func select(_ index: Int) {
        selected = min(max(0, index), rowCount - 1)
        typed = ""
    }

    /// Type-to-jump, as in a file picker, without a clock (the reducer has none): the letters
    /// typed accumulate while some option starts with them; the same letter again goes to the
    /// next option starting with it; a letter no longer matching starts over from itself.
    /// Returns false, changing nothing, when no option starts with it either way.
    mutating func jump(typing character: Character) -> Bool {
        let letter = String(character).lowercased()
        let candidate = typed + letter
        if let index = firstOption(startingWith: candidate) {
            selected = index
            typed = candidate
            return true
        }
        if candidate.allSatisfy({ String($0) == letter }),
            let index = firstOption(startingWith: letter, after: selected)
        {
            selected = index
            typed = letter
            return true
        }
        if let index = firstOption(startingWith: letter) {
            selected = index
            typed = letter
            return true
        }
        return false
    }

    /// Backspace: takes back the last letter typed and jumps to what is left.
    mutating func untype() {
        guard !typed.isEmpty else { return }
        typed.removeLast()
        if !typed.isEmpty, let index = firstOption(startingWith: typed) { selected = index }
    }

    /// The first option whose text starts with `prefix` (ignoring case), searching from the one
    /// after `after` and wrapping when it is given, else from the top.
    func firstOption(startingWith prefix: String, after: Int? = nil) -> Int? {
        let count = options.count
        let start = after.map { $0 + 1 } ?? 0
        for step in 0..<count {
            let index = (start + step) % count
            if options[index].displayText.lowercased().hasPrefix(prefix) { return index }
        }
        return nil
    }
}
