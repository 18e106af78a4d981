import FlagCore

extension Reducer {
    /// Options a page key moves over in a picker.
    static let pickerPage = 8

    /// A key in a picker: the picker keymap's commands; a printable character jumps to the
    /// first option that starts with what was typed (see ``Picker/jump(typing:)``).
    static func handlePicker(_ key: KeyEvent, _ picker: Picker, _ state: inout BrowserState) -> [Effect] {
        var picker = picker
        let last = picker.rowCount - 1
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
            case .up: picker.select(picker.selected - 1)
            case .down: picker.select(picker.selected + 1)
            case .pageUp: picker.select(picker.selected - pickerPage)
            case .pageDown: picker.select(picker.selected + pickerPage)
            case .first: picker.select(0)
            case .last: picker.select(last)
            case .deleteBack: picker.untype()
            }
        } else if case .character(let character) = key {
            if !picker.jump(typing: character) {
                state.status = StatusMessage("no option starts with '\(character)' — ↑↓ move, Esc cancels", .warning)
            }
        }
        state.mode = .picker(picker)
        return []
    }
}
