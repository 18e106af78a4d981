import FlagCore

extension Renderer {
    /// The two bottom lines: the key hints, then the status line, or the search or the edit being typed.
    static func drawFooter(_ state: BrowserState, _ screen: inout ScreenBuffer) {
        let hintsY = screen.height - 2
        let statusY = screen.height - 1
        screen.fill(x: 0, y: hintsY, count: screen.width, role: .footer)
        for placed in FooterHints.placed(
            for: state.mode, width: screen.width, detailFocused: state.focus == .detail)
        {
            let x = placed.columns.lowerBound
            let used = screen.write(placed.hint.label, x: x, y: hintsY, role: .footerKey)
            screen.write(" " + placed.hint.help, x: x + used, y: hintsY, role: .footer)
        }
        switch state.mode {
        case .search:
            drawSearchPrompt(state, y: statusY, &screen)
        case .edit(let editor):
            drawEditor(editor, state, y: statusY, &screen)
        default:
            if let status = state.status {
                let role: StyleRole
                switch status.kind {
                case .info: role = .status
                case .warning: role = .statusWarning
                case .error: role = .error
                }
                screen.write(status.text, x: 0, y: statusY, role: role)
            }
        }
    }

    /// The query being typed, and on the right which match of how many is selected, or that
    /// nothing matches, so a typo shows while typing rather than after Enter.
    static func drawSearchPrompt(_ state: BrowserState, y: Int, _ screen: inout ScreenBuffer) {
        var counter: (text: String, role: StyleRole)?
        if let count = state.matchCount, !state.query.isEmpty {
            counter = count.total == 0 ? ("no match", .statusWarning) : (count.text, .status)
        }
        let counterWidth = counter.map { TerminalText.displayWidth(of: $0.text) + 2 } ?? 0
        let used = screen.write(
            "/" + state.query, x: 0, y: y, role: .input, limit: max(1, screen.width - counterWidth - 1))
        if let counter, screen.width - counterWidth > used {
            screen.write(counter.text, x: screen.width - counterWidth + 1, y: y, role: counter.role)
        }
        screen.cursor = (min(used, screen.width - 1), y)
    }

    /// The line editor on the status line, its cursor kept in view, and whether what is typed is
    /// valid on the hint line above it.
    static func drawEditor(_ editor: TextEditor, _ state: BrowserState, y: Int, _ screen: inout ScreenBuffer) {
        let flag = state.model.workspace.flags[editor.key]
        let kind =
            flag.flatMap { Reducer.ruleAttribute(of: $0, state)?.typeHint?.rawValue } ?? flag?.rules.kindWord ?? "?"
        let label =
            switch editor.purpose {
            case .deviceName: "save the simulated device as: "
            case .exportFile: "write the export to: "
            case .value: "\(editor.key) (\(kind)): "
            }
        let used = screen.write(label, x: 0, y: y, role: .key, limit: screen.width / 2)
        let available = max(1, screen.width - used - 1)
        let text = String(editor.text)
        // Keep the cursor in view when the text is longer than the line.
        let before = String(editor.text.prefix(editor.cursor))
        let beforeWidth = TerminalText.displayWidth(of: TerminalText.escaped(before))
        var shown = text
        var cursorX = used + beforeWidth
        if beforeWidth >= available {
            let skip = beforeWidth - available + 1
            var dropped = 0
            var characters = Array(text)
            while dropped < skip, !characters.isEmpty {
                dropped += ScreenBuffer.width(of: characters.removeFirst())
            }
            shown = String(characters)
            cursorX = used + beforeWidth - dropped
        }
        screen.write(shown, x: used, y: y, role: .input, limit: available)
        screen.cursor = (min(cursorX, screen.width - 1), y)
        // Live validation on the hint line above.
        let hintY = y - 1
        screen.fill(x: 0, y: hintY, count: screen.width, role: .footer)
        if let problem = editor.problem {
            screen.write("✗ " + problem, x: 1, y: hintY, role: .error)
        } else if editor.purpose == .exportFile {
            screen.write(
                "✓ Enter writes \(String(editor.text)) in the workspace folder (never over a file), Esc cancels", x: 1,
                y: hintY, role: .success)
        } else if editor.purpose == .deviceName {
            let file = DeviceProfile.newFile(named: String(editor.text), in: state.model.workspace.config)
            screen.write("✓ Enter writes \(file), Esc cancels", x: 1, y: hintY, role: .success)
        } else {
            screen.write(
                "✓ valid — Enter saves to \(state.model.writableProvider ?? "?"), Esc cancels", x: 1, y: hintY,
                role: .success)
        }
    }
}
