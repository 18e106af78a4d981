/// Word boundaries in a line of typed text, found as readline finds them, so the keys shells
/// taught (Ctrl-W, Alt-b, Alt-f) do here what they do there.
enum LineText {
    /// What separates words.
    enum Words {
        /// Whitespace only (Ctrl-W: a whole URL or path is one word).
        case whitespace
        /// Anything but letters and digits (Alt-b and Alt-f stop at `/`, `.`, `-`).
        case alphanumeric

        func isWordCharacter(_ character: Character) -> Bool {
            switch self {
            case .whitespace: return !character.isWhitespace
            case .alphanumeric: return character.isLetter || character.isNumber
            }
        }
    }

    /// Where the word before `cursor` starts: separators just before it are skipped first.
    static func wordStartBefore(_ cursor: Int, in text: [Character], by words: Words) -> Int {
        var index = cursor
        while index > 0, !words.isWordCharacter(text[index - 1]) { index -= 1 }
        while index > 0, words.isWordCharacter(text[index - 1]) { index -= 1 }
        return index
    }

    /// Where the word after `cursor` ends: separators just after it are skipped first.
    static func wordEndAfter(_ cursor: Int, in text: [Character], by words: Words) -> Int {
        var index = cursor
        while index < text.count, !words.isWordCharacter(text[index]) { index += 1 }
        while index < text.count, words.isWordCharacter(text[index]) { index += 1 }
        return index
    }
}
