import FlagCore

extension Reducer {
    /// Options a page key moves over in a picker.
    static let pickerPage = 8

    /// A key in a picker: the picker keymap's commands; any other printable character, a space
    /// included, is added to the text that finds an option (see ``Picker/type(_:)``). Nothing
    /// typed into a picker reaches the browser's keys: only Enter or Esc closes it.
    static func handlePicker(_ key: KeyEvent, _ picker: Picker, _ state: inout BrowserState) -> [Effect] {
        var picker = picker
        if let command = Keymap.picker.command(for: key) {
            switch command {
            case .cancel:
                state.mode = .normal
                state.status = StatusMessage(picker.purpose == .value ? "edit cancelled" : "nothing changed")
                return []
            case .choose:
                if picker.isOtherSelected { return editOther(picker, &state) }
                state.mode = .normal
                if picker.purpose == .export { return chooseExport(picker, &state) }
                if picker.purpose == .references { return chooseReference(picker) }
                if picker.purpose != .value { return chooseDevice(picker, &state) }
                return write(key: picker.key, value: picker.options[picker.selected], &state)
            case .up: picker.move(by: -1)
            case .down: picker.move(by: 1)
            case .pageUp: picker.move(by: -pickerPage)
            case .pageDown: picker.move(by: pickerPage)
            case .first: picker.select(row: 0)
            case .last: picker.select(row: Int.max)
            case .deleteBack: picker.untype()
            }
        } else if let character = typedCharacter(key) {
            if !picker.type(character) {
                let text = TerminalText.escaped(picker.typed + String(character))
                state.status = StatusMessage(
                    "no option holds '\(text)' — BS takes a letter back, Esc cancels", .warning)
            }
        }
        state.mode = .picker(picker)
        return []
    }

    /// The character a key types into a picker's text: a printable character or a space.
    private static func typedCharacter(_ key: KeyEvent) -> Character? {
        switch key {
        case .character(let character): return character
        case .space: return " "
        default: return nil
        }
    }
}
