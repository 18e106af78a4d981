extension TextEditor {
    /// A key that is not Enter or Esc: the editor command it is bound to, else the character
    /// typed (Space too); any other key does nothing.
    mutating func edit(with key: KeyEvent, command: EditorCommand?) {
        if let command { return apply(command) }
        switch key {
        case .space: insert(" ")
        case .character(let character): insert(character)
        default: break
        }
    }

    /// Types a character at the cursor.
    mutating func insert(_ character: Character) {
        text.insert(character, at: cursor)
        cursor += 1
    }

    /// Moves the cursor or deletes, as the editor's keymap says (saving and cancelling are the reducer's).
    mutating func apply(_ command: EditorCommand) {
        switch command {
        case .save, .cancel: break
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .wordLeft: cursor = LineText.wordStartBefore(cursor, in: text, by: .alphanumeric)
        case .wordRight: cursor = LineText.wordEndAfter(cursor, in: text, by: .alphanumeric)
        case .lineStart: cursor = 0
        case .lineEnd: cursor = text.count
        case .deleteBack:
            guard cursor > 0 else { return }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            if cursor < text.count { text.remove(at: cursor) }
        case .deleteWordBack:
            let start = LineText.wordStartBefore(cursor, in: text, by: .whitespace)
            text.removeSubrange(start..<cursor)
            cursor = start
        case .deleteWordForward:
            text.removeSubrange(cursor..<LineText.wordEndAfter(cursor, in: text, by: .alphanumeric))
        case .killToEnd:
            text.removeSubrange(cursor..<text.count)
        case .clear:
            text.removeSubrange(0..<cursor)
            cursor = 0
        }
    }
}
