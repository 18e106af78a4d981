import FlagCore

extension Reducer {
    /// A key in the line editor: the editor keymap's commands, printable characters typed; any
    /// other key does nothing (it never cancels an edit: only Esc does).
    static func handleEditor(_ key: KeyEvent, _ editor: TextEditor, _ state: inout BrowserState) -> [Effect] {
        var editor = editor
        if editor.purpose == .deviceName { return handleDeviceName(key, editor, &state) }
        if editor.purpose == .exportFile { return handleExportFile(key, editor, &state) }
        guard let flag = state.model.workspace.flags[editor.key] else {
            state.mode = .normal
            return []
        }
        switch Keymap.editor.command(for: key) {
        case .cancel?:
            state.mode = .normal
            state.status = StatusMessage("edit cancelled")
            return []
        case .save?:
            switch typedValue(String(editor.text), flag: flag, state) {
            case .success(let value):
                state.mode = .normal
                return write(key: flag.key, value: value, &state)
            case .failure(let problem):
                editor.problem = "not saved: " + problem.message
                state.mode = .edit(editor)
                state.status = StatusMessage("not saved: \(problem.message)", .error)
                return []
            }
        case let command:
            editor.edit(with: key, command: command)
        }
        validate(&editor, flag: flag, state)
        state.mode = .edit(editor)
        return []
    }
}
