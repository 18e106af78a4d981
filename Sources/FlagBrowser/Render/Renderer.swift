import FlagCore

/// Draws a whole frame from the state. Only visible rows are computed, so a frame costs the
/// same with 100 or 100,000 flags.
package enum Renderer {
    /// The frame for `state` at `width`×`height`.
    package static func render(_ state: BrowserState, width: Int, height: Int) -> ScreenBuffer {
        var screen = ScreenBuffer(width: width, height: height)
        let layout = Layout(width: width, height: height, detailFocused: state.focus == .detail)
        if layout.isTooSmall {
            drawTooSmall(&screen)
            return screen
        }
        drawHeader(state, &screen)
        if layout.showsTree { drawTree(state, layout, &screen) }
        if layout.showsTree && layout.showsDetail {
            for y in layout.bodyTop..<(layout.bodyTop + layout.bodyHeight) {
                screen.write("│", x: layout.treeWidth, y: y, role: .border)
            }
        }
        if layout.showsDetail { drawDetail(state, layout, &screen) }
        drawFooter(state, &screen)
        switch state.mode {
        case .picker(let picker): drawPicker(picker, state, &screen)
        case .confirm(let confirmation): drawConfirmation(confirmation, &screen)
        case .help(let scroll): HelpOverlay.draw(scroll: scroll, &screen)
        case .exported(let pane): drawExport(pane, &screen)
        default: break
        }
        return screen
    }

    static func drawTooSmall(_ screen: inout ScreenBuffer) {
        let message =
            "terminal too small (need \(Layout.minimumWidth)×\(Layout.minimumHeight), have \(screen.width)×\(screen.height))"
        let lines = TerminalText.wrapped(message, width: max(1, screen.width))
        for (index, line) in lines.prefix(screen.height).enumerated() {
            screen.write(line, x: 0, y: index, role: .warning)
        }
    }

    // MARK: Header and footer

    static func drawHeader(_ state: BrowserState, _ screen: inout ScreenBuffer) {
        screen.fill(x: 0, y: 0, count: screen.width, role: .header)
        let workspace = state.model.workspace
        let name = workspace.folder.lastPathComponent
        var stack = workspace.providers.map { (text: stackEntry($0), keeps: keepsInHeader($0)) }
        stack.append((text: "default", keeps: false))
        var right: [String] = []
        // Errors stay in sight until a reload finds them fixed; the status line only says them once.
        let errors = state.model.problemCount.workspaceErrors
        if errors > 0 {
            right.append("⚠ \(Plural.count(errors, "error"))\(state.view == .problems ? "" : " — F problems")")
        }
        if !state.fetching.isEmpty { right.append("fetching \(state.fetching.joined(separator: ", "))…") }
        // The view names the compared device already.
        if let comparison = state.model.comparison, state.view != .compared {
            right.append("≠ \(comparison.device.name)")
        }
        if let served = workspace.served {
            right.append("serving on \(served.address) · \(Plural.count(served.devices.count, "device"))")
        }
        if let live = workspace.liveDevice { right.append(live.layerName) }
        if state.view != .all { right.append("view: \(state.viewTitle)") }
        if let filter = state.filter { right.append("filter: \(filter)") }
        if state.showHidden { right.append("+hidden") }
        let rightText = right.joined(separator: " · ")
        let rightWidth = TerminalText.displayWidth(of: TerminalText.escaped(rightText))
        let used = screen.write(
            " Flagscope · \(name) · ", x: 0, y: 0, role: .header, limit: max(0, screen.width - rightWidth - 1))
        let room = max(0, screen.width - used - rightWidth - 2)
        screen.write(fitted(stack, width: room), x: used, y: 0, role: .headerDim, limit: room)
        if !rightText.isEmpty {
            screen.write(rightText, x: max(0, screen.width - rightWidth - 1), y: 0, role: .header)
        }
    }

    /// The stack in `width` columns: whole when it fits; else the plain entries give way, the
    /// last first, each run of them shown as `…`, so a layer that is missing or failing, and the
    /// writable one, stay in sight however narrow the terminal (the stack grows with providers).
    static func fitted(_ stack: [(text: String, keeps: Bool)], width: Int) -> String {
        var shown: [String?] = stack.map(\.text)
        func joined() -> String {
            var parts: [String] = []
            for entry in shown {
                if let entry { parts.append(entry) } else if parts.last != "…" { parts.append("…") }
            }
            return parts.joined(separator: " › ")
        }
        for index in stack.indices.reversed() where !stack[index].keeps {
            if TerminalText.displayWidth(of: joined()) <= width { break }
            shown[index] = nil
        }
        return joined()
    }

    /// Whether a provider keeps its place in a header too narrow for the whole stack: the
    /// writable one, the simulated device, and one whose layer cannot give values.
    static func keepsInHeader(_ provider: ProviderData) -> Bool {
        provider.config.writable || provider.config.name.hasPrefix(DeviceProfile.layerPrefix)
            || stackEntry(provider) != provider.config.name
    }

    /// A provider in the header's stack: its name, ✎ when edits go there, and a word when its
    /// layer cannot give values (`QA profile (missing)`, `Remote ⚠ error`): otherwise every key it
    /// should decide quietly falls through to the next layer.
    static func stackEntry(_ provider: ProviderData) -> String {
        var entry = provider.config.name + (provider.config.writable ? "✎" : "")
        switch provider.status {
        // A writable file that does not exist yet is normal: the first edit creates it.
        case .missing where !provider.config.writable: entry += " (missing)"
        case .failed: entry += " ⚠ error"
        case .loaded where provider.remote?.problem != nil:
            entry += provider.remote?.isCached == true ? " ⚠ cached" : " ⚠ error"
        default: break
        }
        return entry
    }

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

    // MARK: Tree

    static func drawTree(_ state: BrowserState, _ layout: Layout, _ screen: inout ScreenBuffer) {
        let width = layout.treeWidth
        let selected = state.selectedRow
        if state.rows.isEmpty {
            let message = state.filter != nil || state.view != .all ? "nothing matches; Esc clears" : "no flags"
            screen.write(message, x: 1, y: layout.bodyTop, role: .muted, limit: width - 1)
            return
        }
        for line in 0..<layout.bodyHeight {
            let rowIndex = state.scroll + line
            guard rowIndex < state.rows.count else { break }
            let y = layout.bodyTop + line
            drawRow(at: rowIndex, state, y: y, width: width, &screen)
            if rowIndex == selected {
                // A gutter mark as well as the highlight: the selection shows without colour too.
                screen.write("›", x: 0, y: y, role: .selection)
                screen.paint(x: 0, y: y, count: width, role: state.focus == .tree ? .selection : .selectionInactive)
            }
        }
        // A scroll position marker when there is more than fits.
        if state.rows.count > layout.bodyHeight, width > 2 {
            let fraction = Double(state.scroll) / Double(max(1, state.rows.count - layout.bodyHeight))
            let y = layout.bodyTop + Int(fraction * Double(layout.bodyHeight - 1))
            screen.write("┃", x: width - 1, y: y, role: .border)
        }
    }

    /// One tree row: indent, disclosure, label on the left; value, source and markers on the right.
    static func drawRow(at row: Int, _ state: BrowserState, y: Int, width: Int, _ screen: inout ScreenBuffer) {
        let model = state.model
        let node = model.nodes[state.rows[row]]
        let indent = String(repeating: "  ", count: node.depth)
        let disclosure = node.children.isEmpty ? "  " : (isOpen(row: row, state) ? "▾ " : "▸ ")
        var prefix = ""
        var prefixRole: StyleRole = .normal
        var labelRole: StyleRole = .normal
        var right: [(String, StyleRole)] = []
        switch node.kind {
        case .collection:
            labelRole = .key
        case .section(_, let summary):
            labelRole = .header
            right = [(summary, .muted)]
        case .group:
            labelRole = .key
        case .flag(let key):
            if let resolution = model.value(key) {
                right.append(
                    (
                        resolution.value.map { $0.preview(limit: PreviewLimits.row) } ?? "unset",
                        valueRole(resolution.value)
                    ))
                // The compared device's value, beside this one's, where they differ.
                if let other = model.comparison?.otherValue(key) {
                    right.append(
                        (" ≠ " + (other?.value.map { $0.preview(limit: PreviewLimits.row) } ?? "unset"), .warning))
                }
                right.append((" " + resolution.source, resolution.reason == .default ? .muted : .source))
                let markers = self.markers(resolution)
                if !markers.isEmpty { right.append((" " + markers, .warning)) }
            }
        case .feature(let key):
            let availability = model.explanations[key]?.availability ?? .unknown
            prefix = availability.symbol + " "
            prefixRole = availability == .available ? .success : (availability == .unavailable ? .error : .warning)
            right = [(availability.rawValue, prefixRole)]
            if let comparison = model.comparison, comparison.differs(state.rows[row]) {
                right.append(
                    (" ≠ " + (comparison.explanations[key]?.availability.rawValue ?? "not declared"), .warning))
            }
        case .device(let name):
            let active = model.workspace.activeDevice?.name == name
            if active { (prefix, prefixRole) = ("✓ ", .success) }
            // The name matters most here; the file is in the detail pane.
            var words: [String] = []
            if active { words.append("simulated") }
            if model.comparison?.device.name == name { words.append("compared") }
            right = [(words.joined(separator: " · "), .muted)]
        case .liveDevice(let name):
            let shown = model.workspace.liveDevice?.name == name
            if shown { (prefix, prefixRole) = ("✓ ", .success) }
            var words: [String] = []
            if let activity = state.liveActivity[name] {
                words.append(Plural.count(activity.requests, "request"))
                words.append(DetailText.clockTime(activity.lastSeen))
            }
            if shown { words.append("shown") }
            right = [(words.joined(separator: " · "), .muted)]
        case .constraint(let featureKey, let index, _, _):
            if let constraint = model.explanations[featureKey]?.constraints[index] {
                prefix = ExplainReport.symbol(constraint.status) + " "
                prefixRole = statusRole(constraint.status)
                right = [(constraint.shownDetail, .muted)]
            }
        case .unknownKey(let unknown):
            labelRole = .warning
            right = [
                (unknown.value?.preview(limit: PreviewLimits.row) ?? "", .value), (" " + unknown.provider, .source),
            ]
            if let suggestion = unknown.suggestion { right.append((" ≈ " + suggestion, .muted)) }
        case .diagnostic(let diagnostic):
            // The symbol says the severity (the heading counts each, the detail names it): the
            // row's width goes to where the problem is and what it is.
            switch diagnostic.severity {
            case .error: (prefix, prefixRole) = ("✗ ", .error)
            case .warning: (prefix, prefixRole) = ("! ", .warning)
            case .note: (prefix, prefixRole) = ("· ", .muted)
            }
        }
        var x = 1 + screen.write(indent + disclosure, x: 1, y: y, role: .muted, limit: width - 1)
        x += screen.write(prefix, x: x, y: y, role: prefixRole, limit: max(0, width - x))
        let rightText = right.map(\.0).joined()
        // A section's label is one short word: its summary may take what the label leaves.
        let rightLimit =
            if case .section = node.kind {
                max(0, width - x - TerminalText.displayWidth(of: node.label) - 2)
            } else {
                max(0, (width - x) * 11 / 20)
            }
        let rightWidth = columns(of: rightText, upTo: rightLimit)
        let labelLimit = max(1, width - x - rightWidth - (rightWidth > 0 ? 2 : 1))
        screen.write(node.label, x: x, y: y, role: labelRole, limit: labelLimit)
        if rightWidth > 0 {
            var rx = width - rightWidth - 1
            let end = width - 1
            for (text, role) in right {
                guard rx < end else { break }
                rx += screen.write(text, x: rx, y: y, role: role, limit: end - rx)
            }
        }
    }

    /// The columns `text` takes once escaped, at most `limit`. Printable ASCII (most values,
    /// sources and details) is one column per byte, counted without walking graphemes.
    static func columns(of text: String, upTo limit: Int) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return min(text.utf8.count, limit) }
        return min(
            TerminalText.displayWidth(of: TerminalText.escaped(String(TerminalText.leading(text, columns: limit)))),
            limit)
    }

    /// Whether the children of the node on `row` are on screen: the next row is one of them
    /// (filters open branches without expanding them).
    static func isOpen(row: Int, _ state: BrowserState) -> Bool {
        guard row + 1 < state.rows.count else { return false }
        return Int(state.model.traits[state.rows[row + 1]].parent) == state.rows[row]
    }

    /// ✎ overridden in the writable layer, ! type mismatch, ⊘ locked, † stale: read from the
    /// row's resolution (which carries the flag's definition), not looked up again by key.
    static func markers(_ value: ResolvedValue) -> String {
        var markers = ""
        if value.marks.contains(.overridden) { markers += "✎" }
        if value.marks.contains(.mismatch) { markers += "!" }
        if value.marks.contains(.locked) { markers += "⊘" }
        if value.marks.contains(.stale) { markers += "†" }
        return markers
    }

    static func valueRole(_ value: FlagValue?) -> StyleRole {
        switch value {
        case .bool(true)?: return .valueTrue
        case .bool(false)?: return .valueFalse
        case nil: return .muted
        default: return .value
        }
    }

    static func statusRole(_ status: ConstraintStatus) -> StyleRole {
        switch status {
        case .satisfied: return .success
        case .notSatisfied: return .error
        case .notDetermined: return .warning
        case .notActive: return .muted
        }
    }

    // MARK: Detail

    static func drawDetail(_ state: BrowserState, _ layout: Layout, _ screen: inout ScreenBuffer) {
        let lines = DetailText.lines(for: state, width: max(10, layout.detailWidth - 2))
        let maximumScroll = max(0, lines.count - layout.bodyHeight)
        let scroll = min(state.detailScroll, maximumScroll)
        for line in 0..<layout.bodyHeight {
            let index = scroll + line
            guard index < lines.count else { break }
            var x = layout.detailX + 1
            for span in lines[index] {
                x += screen.write(
                    span.text, x: x, y: layout.bodyTop + line, role: span.role, limit: max(0, screen.width - x))
            }
        }
        if state.focus == .detail, layout.showsTree {
            screen.write("detail", x: layout.detailX + max(0, layout.detailWidth - 8), y: layout.bodyTop, role: .muted)
        }
    }

    // MARK: Overlays

    /// A framed box in the middle of the screen: `title` in the top border, `note` (if any) in
    /// the bottom one, the lines scrolled so that `selected` shows.
    static func box(
        _ lines: [(String, StyleRole)], title: String, width: Int, _ screen: inout ScreenBuffer, selected: Int? = nil,
        note: String? = nil
    ) {
        let boxWidth = min(screen.width - 2, max(width, TerminalText.displayWidth(of: title) + 6))
        let boxHeight = min(screen.height - 2, lines.count + 2)
        let left = max(0, (screen.width - boxWidth) / 2)
        let top = max(1, (screen.height - boxHeight) / 2)
        screen.fill(x: left, y: top, count: boxWidth, role: .border)
        screen.write("┌" + String(repeating: "─", count: max(0, boxWidth - 2)) + "┐", x: left, y: top, role: .border)
        screen.write(" \(title) ", x: left + 2, y: top, role: .key, limit: boxWidth - 4)
        let inner = boxHeight - 2
        let start = selected.map { max(0, min($0 - inner + 1, lines.count - inner)) } ?? 0
        for row in 0..<inner {
            let y = top + 1 + row
            screen.fill(x: left, y: y, count: boxWidth, role: .normal)
            screen.write("│", x: left, y: y, role: .border)
            screen.write("│", x: left + boxWidth - 1, y: y, role: .border)
            let index = start + row
            guard index < lines.count else { continue }
            screen.write(lines[index].0, x: left + 2, y: y, role: lines[index].1, limit: boxWidth - 4)
            if index == selected { screen.paint(x: left + 1, y: y, count: boxWidth - 2, role: .selection) }
        }
        screen.write(
            "└" + String(repeating: "─", count: max(0, boxWidth - 2)) + "┘", x: left, y: top + boxHeight - 1,
            role: .border)
        if let note {
            screen.write(" \(note) ", x: left + 2, y: top + boxHeight - 1, role: .muted, limit: boxWidth - 4)
        }
    }

    static func drawPicker(_ picker: Picker, _ state: BrowserState, _ screen: inout ScreenBuffer) {
        let current: FlagValue?
        switch picker.purpose {
        case .value: current = state.model.value(picker.key)?.value
        case .device: current = .string(state.model.workspace.activeDevice?.name ?? Picker.noDevice)
        case .comparison: current = .string(state.model.comparison?.device.name ?? Picker.noDevice)
        case .export, .references: current = nil
        }
        let rows = picker.shownRows
        let lines = rows.map { index -> (String, StyleRole) in
            let mark = index == picker.selected ? "›" : " "
            guard index < picker.options.count else {
                let holdsOther = current.map { !picker.options.contains($0) } ?? false
                return (mark + (holdsOther ? "● " : "  ") + "other… (type a value)", .muted)
            }
            let option = picker.options[index]
            return (
                mark + (option == current ? "● " : "  ") + option.preview(limit: PreviewLimits.row), valueRole(option)
            )
        }
        // The box keeps its size while typing narrows the rows, so it does not jump about.
        let padding = Array(repeating: ("", StyleRole.normal), count: max(0, picker.rowCount - lines.count))
        let width = (lines.map { TerminalText.displayWidth(of: $0.0) }.max() ?? 10) + 6
        let found = picker.typed.isEmpty ? "" : " · \(picker.matches.count) of \(picker.options.count)"
        let note = picker.typed.isEmpty ? "type to find" : "find: " + TerminalText.escaped(picker.typed) + found
        let title: String
        switch picker.purpose {
        case .value: title = "set \(picker.key)"
        case .device: title = "simulate a device"
        case .comparison: title = "compare with a device"
        case .export: title = "export the view's overrides as"
        case .references: title = "used in \(picker.key)"
        }
        box(
            lines + padding, title: title, width: max(width, 24), &screen,
            selected: rows.firstIndex(of: picker.selected),
            note: note)
    }

    /// An export (`E`): its lines in a box, scrolled, the keys it holds in the title.
    static func drawExport(_ pane: ExportPane, _ screen: inout ScreenBuffer) {
        let all = pane.lines
        let visible = max(1, screen.height - 8)
        let first = min(pane.scroll, max(0, all.count - visible))
        let shown = all[first..<min(all.count, first + visible)].map { line -> (String, StyleRole) in
            (line, line.hasPrefix("not exported: ") ? .warning : .normal)
        }
        let below = all.count - first - shown.count
        let note = [
            first > 0 ? "↑ \(first)" : nil, below > 0 ? "↓ \(below) more" : nil, "y copy · w write · Esc close",
        ]
        .compactMap { $0 }.joined(separator: " · ")
        let width = min(screen.width - 2, max(50, (all.map { TerminalText.displayWidth(of: $0) }.max() ?? 0) + 4))
        box(
            shown.isEmpty ? [("the view has no override to export", .muted)] : shown,
            title: "\(pane.format) · \(Plural.count(pane.keyCount, "key"))", width: width, &screen, note: note)
    }

    static func drawConfirmation(_ confirmation: Confirmation, _ screen: inout ScreenBuffer) {
        let width = min(screen.width - 2, 70)
        var lines: [(String, StyleRole)]
        if confirmation.listsItems {
            lines = confirmation.lines.map { ("- " + $0, StyleRole.value) }
        } else {
            lines = confirmation.lines.flatMap {
                TerminalText.wrapped($0, width: max(10, width - 4)).map { ($0, StyleRole.normal) }
            }
        }
        lines.append(("", .normal))
        lines += TerminalText.wrapped(confirmation.answers, width: max(10, width - 4)).map { ($0, StyleRole.muted) }
        box(lines, title: confirmation.title, width: width, &screen)
    }
}
