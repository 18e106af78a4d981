import FlagCore

extension Reducer {
    /// The formats `E` offers: every one but `simctl`, which needs the app's bundle identifier
    /// (`flagscope export --format simctl --bundle-id ID`).
    static let exportFormats = ExportReport.Format.allCases.filter { $0 != .simctl }

    /// `E`: a picker of the export formats.
    static func openExportPicker(_ state: inout BrowserState) {
        var picker = Picker(key: "export", options: exportFormats.map { .string($0.rawValue) }, selected: 0)
        picker.purpose = .export
        state.mode = .picker(picker)
    }

    /// A format chosen: the export of the overrides among the view's flags (every override in
    /// the view of all without a filter).
    static func chooseExport(_ picker: Picker, _ state: inout BrowserState) -> [Effect] {
        state.mode = .normal
        let format = exportFormats[min(picker.selected, exportFormats.count - 1)].rawValue
        return [.export(format: format, keys: viewFlagKeys(state))]
    }

    /// The flags the view and filter show, or nil when they show every flag.
    static func viewFlagKeys(_ state: BrowserState) -> Set<String>? {
        guard state.view != .all || state.filter != nil else { return nil }
        var keys: Set<String> = []
        for position in state.rows {
            if case .flag(let key) = state.model.nodes[position].kind { keys.insert(key) }
        }
        return keys
    }

    /// A key while an export is shown: scroll, copy, ask for a file, close.
    static func handleExported(_ key: KeyEvent, _ pane: ExportPane, _ state: inout BrowserState) -> [Effect] {
        guard let command = Keymap.exported.command(for: key) else { return [] }
        var pane = pane
        let page = max(1, state.size.height - 8)
        let bottom = max(0, pane.lines.count - page)
        switch command {
        case .close:
            state.mode = .normal
            return []
        case .copy where pane.text.isEmpty, .write where pane.text.isEmpty:
            state.status = StatusMessage("nothing to copy or write: the view has no override to export", .warning)
            return []
        case .copy:
            return [.copy(pane.text)]
        case .write:
            var editor = TextEditor(
                key: "", text: [], cursor: 0, problem: "type a file name, such as flags.\(Self.suffix(pane.format))")
            editor.purpose = .exportFile
            editor.exported = pane
            state.mode = .edit(editor)
            return []
        case .lineDown: pane.scroll = min(bottom, pane.scroll + 1)
        case .lineUp: pane.scroll = max(0, pane.scroll - 1)
        case .pageDown: pane.scroll = min(bottom, pane.scroll + page)
        case .pageUp: pane.scroll = max(0, pane.scroll - page)
        case .top: pane.scroll = 0
        case .bottom: pane.scroll = bottom
        }
        state.mode = .exported(pane)
        return []
    }

    /// A name's usual ending for a format.
    static func suffix(_ format: String) -> String {
        switch format {
        case "json": "json"
        case "plist": "plist"
        case "flagd": "flagd.json"
        case "env": "env"
        case "xcscheme": "xml"
        default: "txt"
        }
    }

    /// A key while the export's file name is typed: Enter writes it, Esc goes back to the export.
    static func handleExportFile(_ key: KeyEvent, _ editor: TextEditor, _ state: inout BrowserState) -> [Effect] {
        var editor = editor
        switch Keymap.editor.command(for: key) {
        case .cancel?:
            state.mode = editor.exported.map { .exported($0) } ?? .normal
            state.status = StatusMessage("nothing written")
            return []
        case .save?:
            let name = String(editor.text).trimmingCharacters(in: .whitespaces)
            if let problem = exportFileProblem(name, editor.exported?.format ?? "") {
                editor.problem = problem
                state.mode = .edit(editor)
                return []
            }
            guard let pane = editor.exported else { return [] }
            state.mode = .exported(pane)
            return [.writeExport(path: name, text: pane.text)]
        case let command:
            editor.edit(with: key, command: command)
        }
        editor.problem = exportFileProblem(
            String(editor.text).trimmingCharacters(in: .whitespaces), editor.exported?.format ?? "")
        state.mode = .edit(editor)
        return []
    }

    /// Why `name` cannot take an export: it must be a file name in the workspace folder, not a
    /// path (the workspace's own folders hold what it reads), nor hidden.
    static func exportFileProblem(_ name: String, _ format: String) -> String? {
        if name.isEmpty { return "type a file name, such as flags.\(suffix(format))" }
        if name.contains("/") || name.contains("\\") {
            return "a file name, not a path: it is written in the workspace folder, such as flags.\(suffix(format))"
        }
        if name.hasPrefix(".") { return "not a hidden file: type a name such as flags.\(suffix(format))" }
        return nil
    }
}
