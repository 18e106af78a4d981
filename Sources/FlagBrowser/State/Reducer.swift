import FlagCore
import OrderedCollections

/// The pure heart of the browser: `reduce(&state, action)` changes the state and returns the
/// effects (writes, reloads, quit) for the run loop to perform.
public enum Reducer {
    /// Applies one action.
    public static func reduce(_ state: inout BrowserState, _ action: Action) -> [Effect] {
        switch action {
        case .key(let key):
            return handle(key, &state)
        case .mouse(let event):
            handleMouse(event, &state)
            return []
        case .resize(let width, let height):
            state.size = (width, height)
            state.clampScroll()
            return []
        case .loaded(let model, let message):
            replaceModel(model, &state)
            if let message { state.status = message }
            return []
        case .wrote(let request, let result):
            state.writing = false
            switch result {
            case .success(let outcome):
                replaceModel(outcome.model, &state)
                state.status = outcome.message
                switch request.origin {
                case .edit:
                    state.undoStack.append(request.entry)
                    state.redoStack.removeAll()
                case .undo:
                    if let entry = state.undoStack.popLast() { state.redoStack.append(entry) }
                    state.status = StatusMessage("undid: " + request.entry.summary + " — " + outcome.message.text, outcome.message.kind)
                case .redo:
                    if let entry = state.redoStack.popLast() { state.undoStack.append(entry) }
                    state.status = StatusMessage("redid: " + request.entry.summary + " — " + outcome.message.text, outcome.message.kind)
                }
            case .failure(let failure):
                state.status = StatusMessage(failure.message, .error)
            }
            return []
        case .fetchStarted(let providers):
            state.fetching = providers
            return []
        case .fetched(let model, let message):
            state.fetching = []
            replaceModel(model, &state)
            if let message { state.status = message }
            return []
        }
    }

    /// A new model keeps the selection (by identity), expansion, filter and view.
    static func replaceModel(_ model: BrowserModel, _ state: inout BrowserState) {
        state.model = model
        state.refreshRows()
        state.settleSelection()
        if case .edit(let editor) = state.mode, model.workspace.flags[editor.key] == nil { state.mode = .normal }
        if case .picker(let picker) = state.mode, model.workspace.flags[picker.key] == nil { state.mode = .normal }
    }

    // MARK: Keys by mode

    static func handle(_ key: KeyEvent, _ state: inout BrowserState) -> [Effect] {
        if key == .control("c") { return [.quit] }
        switch state.mode {
        case .normal: return handleNormal(key, &state)
        case .search: handleSearch(key, &state); return []
        case .edit(let editor): return handleEditor(key, editor, &state)
        case .picker(let picker): return handlePicker(key, picker, &state)
        case .confirm(let confirmation): return handleConfirm(key, confirmation, &state)
        case .help(let scroll):
            switch key {
            case .down, .character("j"): state.mode = .help(scroll: scroll + 1)
            case .up, .character("k"): state.mode = .help(scroll: max(0, scroll - 1))
            case .character("q"), .escape, .character("?"), .enter: state.mode = .normal
            default: break
            }
            return []
        }
    }

    static func handleNormal(_ key: KeyEvent, _ state: inout BrowserState) -> [Effect] {
        guard let command = Keymap.command(for: key) else { return [] }
        if state.focus == .detail {
            switch command {
            case .moveDown: state.detailScroll += 1; return []
            case .moveUp: state.detailScroll = max(0, state.detailScroll - 1); return []
            case .pageDown: state.detailScroll += max(1, state.treeHeight - 1); return []
            case .pageUp: state.detailScroll = max(0, state.detailScroll - max(1, state.treeHeight - 1)); return []
            case .top: state.detailScroll = 0; return []
            case .back, .switchPane, .collapse:
                state.focus = .tree
                return []
            default: break
            }
        }
        switch command {
        case .moveUp: move(by: -1, &state)
        case .moveDown: move(by: 1, &state)
        case .pageUp: move(by: -max(1, state.treeHeight - 1), &state)
        case .pageDown: move(by: max(1, state.treeHeight - 1), &state)
        case .top: select(row: 0, &state)
        case .bottom: select(row: state.rows.count - 1, &state)
        case .collapse: collapse(&state)
        case .expand: expand(&state)
        case .activate: return activate(&state)
        case .toggle: return toggle(&state)
        case .edit: return startEdit(&state)
        case .resetKey: return resetKey(&state)
        case .resetAll: confirmResetAll(&state)
        case .undo: return undo(&state)
        case .redo: return redo(&state)
        case .search:
            state.mode = .search
            state.query = ""
        case .nextMatch: findMatch(forward: true, includeCurrent: false, &state)
        case .previousMatch: findMatch(forward: false, includeCurrent: false, &state)
        case .filter: toggleFilter(&state)
        case .cycleView:
            state.view = state.view.next
            state.refreshRows()
            state.settleSelection()
            state.status = StatusMessage("view: \(state.view.title) (\(state.viewCountText))")
        case .toggleHidden:
            state.showHidden.toggle()
            state.refreshRows()
            state.settleSelection()
            state.status = StatusMessage(state.showHidden ? "showing hidden flags" : "hiding hidden flags")
        case .switchPane:
            state.focus = state.focus == .tree ? .detail : .tree
            state.detailScroll = 0
        case .reload:
            state.status = StatusMessage("reloading…")
            return state.model.workspace.hasRemoteProviders ? [.reload, .fetch] : [.reload]
        case .help: state.mode = .help(scroll: 0)
        case .quit: return [.quit]
        case .back:
            if state.filter != nil {
                state.filter = nil
                state.refreshRows()
                state.settleSelection()
                state.status = StatusMessage("filter cleared")
            } else if state.view != .all {
                state.view = .all
                state.refreshRows()
                state.settleSelection()
                state.status = StatusMessage("view: all")
            } else if let parent = state.selectedNode?.parent {
                select(node: parent, &state)
            }
        }
        return []
    }

    /// Leaves shown under the current view/filter (for the status line).
    static func countLeaves(_ state: BrowserState) -> Int {
        state.shownLeafCount
    }

    // MARK: Navigation

    static func move(by delta: Int, _ state: inout BrowserState) {
        guard !state.rows.isEmpty else { return }
        let current = state.selectedRow ?? 0
        select(row: min(max(0, current + delta), state.rows.count - 1), &state)
    }

    static func select(row: Int, _ state: inout BrowserState) {
        guard row >= 0, row < state.rows.count else { return }
        let position = state.rows[row]
        select(node: position, &state)
    }

    static func select(node position: Int, _ state: inout BrowserState) {
        state.selection = state.model.nodes[position].id
        state.detailScroll = 0
        state.clampScroll()
    }

    static func collapse(_ state: inout BrowserState) {
        guard let position = state.selectedPosition else { return }
        let node = state.model.nodes[position]
        if !node.children.isEmpty, state.isExpanded(position) {
            state.collapse(position)
            state.settleSelection()
        } else if let parent = node.parent {
            select(node: parent, &state)
        }
    }

    static func expand(_ state: inout BrowserState) {
        guard let position = state.selectedPosition, !state.model.nodes[position].children.isEmpty else { return }
        if !state.isExpanded(position) {
            state.expand(position)
            state.settleSelection()
        } else if let row = state.row(of: position), row + 1 < state.rows.count, state.model.nodes[state.rows[row + 1]].parent == position {
            select(row: row + 1, &state)
        }
    }

    static func handleMouse(_ event: MouseEvent, _ state: inout BrowserState) {
        switch event.kind {
        case .wheelUp:
            state.scroll = max(0, state.scroll - 3)
        case .wheelDown:
            state.scroll = min(max(0, state.rows.count - state.treeHeight), state.scroll + 3)
        case .press:
            guard state.mode == .normal else { return }
            let layout = Layout(width: state.size.width, height: state.size.height, detailFocused: state.focus == .detail)
            if layout.showsTree, event.x < layout.treeWidth, event.y >= layout.bodyTop, event.y < layout.bodyTop + layout.bodyHeight {
                let row = state.scroll + event.y - layout.bodyTop
                if row < state.rows.count {
                    let position = state.rows[row]
                    select(node: position, &state)
                    state.focus = .tree
                }
            } else if layout.showsDetail, event.x >= layout.detailX {
                state.focus = .detail
            }
        }
    }

    // MARK: Search and filter

    static func handleSearch(_ key: KeyEvent, _ state: inout BrowserState) {
        switch key {
        case .enter:
            state.mode = .normal
            if state.query.isEmpty {
                state.status = StatusMessage("search cancelled")
            } else if let needle = SearchIndex.needle(state.query), let position = state.selectedPosition,
                      state.model.search.contains(needle, at: position) {
                state.status = StatusMessage("search: \(state.query) — n next, N previous, f filter")
            } else {
                state.status = StatusMessage("no match for '\(state.query)'", .warning)
            }
        case .escape:
            state.mode = .normal
            state.query = ""
            state.status = nil
        case .backspace:
            if !state.query.isEmpty { state.query.removeLast() }
            findMatch(forward: true, includeCurrent: true, &state)
        case .character(let character):
            state.query.append(character)
            findMatch(forward: true, includeCurrent: true, &state)
        case .space:
            state.query.append(" ")
            findMatch(forward: true, includeCurrent: true, &state)
        default:
            break
        }
    }

    /// Moves to the next node (in tree order, collapsed ones included) whose text contains the
    /// query. The index finds candidates with `memmem`; typing one more character usually
    /// keeps the current match, so each keystroke costs about one scan at most.
    static func findMatch(forward: Bool, includeCurrent: Bool, _ state: inout BrowserState) {
        guard let needle = SearchIndex.needle(state.query), !state.model.nodes.isEmpty else { return }
        let search = state.model.search
        let count = state.model.nodes.count
        let start = state.selectedPosition ?? 0
        // Candidates in the order they are tried: after (or before) the selection, then wrapping.
        var candidates: AnySequence<Int>
        if forward {
            let first = includeCurrent ? start : start + 1
            candidates = AnySequence(sequence(state: (next: first, wrapped: false)) { cursor -> Int? in
                while true {
                    if let found = search.firstNode(containing: needle, from: cursor.next),
                       !cursor.wrapped || found < first {
                        cursor.next = found + 1
                        return found
                    }
                    guard !cursor.wrapped else { return nil }
                    cursor = (0, true)
                }
            })
        } else {
            let all = search.nodes(containing: needle)
            let split = all.firstIndex { $0 >= (includeCurrent ? start + 1 : start) } ?? all.count
            candidates = AnySequence(all[..<split].reversed() + all[split...].reversed())
        }
        for position in candidates.prefix(count) {
            if state.model.nodes[position].hidden && !state.showHidden { continue }
            reveal(position, &state)
            guard state.row(of: position) != nil else { continue }
            select(node: position, &state)
            state.status = StatusMessage("/\(state.query)")
            return
        }
        state.status = StatusMessage("no match for '\(state.query)'", .warning)
    }

    /// Expands the ancestors of a node, outermost first, so it is visible.
    static func reveal(_ position: Int, _ state: inout BrowserState) {
        var ancestors: [Int] = []
        var parent = state.model.nodes[position].parent
        while let current = parent {
            ancestors.append(current)
            parent = state.model.nodes[current].parent
        }
        for ancestor in ancestors.reversed() { state.expand(ancestor) }
    }

    static func toggleFilter(_ state: inout BrowserState) {
        if state.filter != nil {
            state.filter = nil
            state.status = StatusMessage("filter cleared")
        } else if state.query.isEmpty {
            state.status = StatusMessage("search first (/), then f filters to the matches", .warning)
            return
        } else {
            state.filter = state.query
        }
        state.refreshRows()
        state.settleSelection()
        if let filter = state.filter { state.status = StatusMessage("filter: \(filter) (\(countLeaves(state)) shown) — f or Esc clears") }
    }

    // MARK: Editing

    /// Enter: toggle a bool, edit any other value, expand or collapse a branch.
    static func activate(_ state: inout BrowserState) -> [Effect] {
        if let key = state.editableKey, let flag = state.model.workspace.flags[key] {
            if flag.type == .bool { return toggle(&state) }
            return startEdit(&state, flag: flag)
        }
        guard let position = state.selectedPosition, !state.model.nodes[position].children.isEmpty else { return [] }
        if state.isExpanded(position) {
            state.collapse(position)
        } else {
            state.expand(position)
        }
        state.settleSelection()
        return []
    }

    static func toggle(_ state: inout BrowserState) -> [Effect] {
        guard let key = state.editableKey, let flag = state.model.workspace.flags[key] else { return [] }
        guard flag.type == .bool else {
            state.status = StatusMessage("\(key) is \(flag.type.rawValue): press e or Enter to edit it", .warning)
            return []
        }
        // Flip what the writable file says when it says something (a higher layer may still win,
        // and flipping the shown value would write the same thing again); else the shown value.
        let current = writableValue(key, state) ?? state.model.value(key)?.value
        return write(key: key, value: .bool(current != .bool(true)), &state)
    }

    static func startEdit(_ state: inout BrowserState) -> [Effect] {
        guard let key = state.editableKey, let flag = state.model.workspace.flags[key] else {
            state.status = StatusMessage("nothing to edit here; select a flag or a constraint", .warning)
            return []
        }
        return startEdit(&state, flag: flag)
    }

    static func startEdit(_ state: inout BrowserState, flag: FlagDefinition) -> [Effect] {
        if let refusal = editRefusal(flag, state) {
            state.status = StatusMessage(refusal, .warning)
            return []
        }
        let current = writableValue(flag.key, state) ?? state.model.value(flag.key)?.value
        switch flag.type {
        case .bool, .enum:
            let options: [FlagValue] = flag.type == .bool ? [.bool(true), .bool(false)] : flag.rules.values.map(FlagValue.string)
            let selected = current.flatMap { options.firstIndex(of: $0) } ?? 0
            state.mode = .picker(Picker(key: flag.key, options: options, selected: selected))
        default:
            if let current, current.textSize > TextEditor.sizeLimit {
                state.status = StatusMessage("\(flag.key) holds \(TerminalText.byteCount(current.textSize)), too large for the line editor; `flagscope set` writes it", .warning)
                return []
            }
            let text = Array(current.map(\.displayText) ?? "")
            var editor = TextEditor(key: flag.key, text: text, cursor: text.count, problem: nil)
            validate(&editor, flag: flag)
            state.mode = .edit(editor)
        }
        return []
    }

    /// The value the writable layer holds for a key, when it holds one that fits.
    static func writableValue(_ key: String, _ state: BrowserState) -> FlagValue? {
        guard let provider = state.model.writableProvider else { return nil }
        return state.model.resolution(key)?.layers.first { $0.provider == provider }?.value
    }

    /// Why a flag cannot be edited here, if it cannot.
    static func editRefusal(_ flag: FlagDefinition, _ state: BrowserState) -> String? {
        if state.model.writableProvider == nil { return "no writable provider: add `writable: true` to a json or plist provider" }
        if flag.locked { return "\(flag.key) is locked (read-only in the browser; `flagscope set --force` changes it)" }
        if state.writing { return "still writing the previous change…" }
        return nil
    }

    static func validate(_ editor: inout TextEditor, flag: FlagDefinition) {
        switch flag.rules.value(fromText: String(editor.text)) {
        case .success: editor.problem = nil
        case .failure(let problem): editor.problem = problem.message
        }
    }

    static func handleEditor(_ key: KeyEvent, _ editor: TextEditor, _ state: inout BrowserState) -> [Effect] {
        var editor = editor
        guard let flag = state.model.workspace.flags[editor.key] else {
            state.mode = .normal
            return []
        }
        switch key {
        case .escape:
            state.mode = .normal
            state.status = StatusMessage("edit cancelled")
            return []
        case .enter:
            switch flag.rules.value(fromText: String(editor.text)) {
            case .success(let value):
                state.mode = .normal
                return write(key: flag.key, value: value, &state)
            case .failure(let problem):
                editor.problem = "not saved: " + problem.message
                state.mode = .edit(editor)
                state.status = StatusMessage("not saved: \(problem.message)", .error)
                return []
            }
        case .backspace:
            if editor.cursor > 0 {
                editor.text.remove(at: editor.cursor - 1)
                editor.cursor -= 1
            }
        case .delete:
            if editor.cursor < editor.text.count { editor.text.remove(at: editor.cursor) }
        case .left: editor.cursor = max(0, editor.cursor - 1)
        case .right: editor.cursor = min(editor.text.count, editor.cursor + 1)
        case .home, .control("a"): editor.cursor = 0
        case .end, .control("e"): editor.cursor = editor.text.count
        case .control("u"):
            editor.text.removeAll()
            editor.cursor = 0
        case .space:
            editor.text.insert(" ", at: editor.cursor)
            editor.cursor += 1
        case .character(let character):
            editor.text.insert(character, at: editor.cursor)
            editor.cursor += 1
        default:
            break
        }
        validate(&editor, flag: flag)
        state.mode = .edit(editor)
        return []
    }

    static func handlePicker(_ key: KeyEvent, _ picker: Picker, _ state: inout BrowserState) -> [Effect] {
        var picker = picker
        switch key {
        case .escape, .character("q"):
            state.mode = .normal
            state.status = StatusMessage("edit cancelled")
        case .up, .character("k"):
            picker.selected = max(0, picker.selected - 1)
            state.mode = .picker(picker)
        case .down, .character("j"):
            picker.selected = min(picker.options.count - 1, picker.selected + 1)
            state.mode = .picker(picker)
        case .home, .character("g"):
            picker.selected = 0
            state.mode = .picker(picker)
        case .end, .character("G"):
            picker.selected = picker.options.count - 1
            state.mode = .picker(picker)
        case .enter, .space:
            state.mode = .normal
            return write(key: picker.key, value: picker.options[picker.selected], &state)
        default:
            break
        }
        return []
    }

    /// The write that sets one key, with its undo entry.
    static func write(key: String, value: FlagValue, _ state: inout BrowserState) -> [Effect] {
        guard let flag = state.model.workspace.flags[key] else { return [] }
        if let refusal = editRefusal(flag, state) {
            state.status = StatusMessage(refusal, .warning)
            return []
        }
        let summary = "\(key) = \(value.preview(limit: Renderer.rowPreviewLimit))"
        let forward: OrderedDictionary<String, KeyChange> = [key: .set(value.json)]
        let restore = backward(for: [key], state)
        let request = WriteRequest(changes: forward, removeAll: false, summary: summary,
                                   entry: UndoEntry(summary: summary, forward: forward, forwardRemovesAll: false, backward: restore),
                                   origin: .edit)
        return submit(request, &state)
    }

    /// The changes that restore the writable file's current entries for `keys`.
    static func backward(for keys: [String], _ state: BrowserState) -> OrderedDictionary<String, KeyChange> {
        let entries = state.model.workspace.writableProvider?.entries ?? [:]
        var changes: OrderedDictionary<String, KeyChange> = [:]
        for key in keys {
            if case .native(let value)? = entries[key]?.value {
                changes[key] = .set(value)
            } else {
                changes[key] = .remove
            }
        }
        return changes
    }

    static func submit(_ request: WriteRequest, _ state: inout BrowserState) -> [Effect] {
        state.writing = true
        state.status = StatusMessage("writing…")
        return [.write(request)]
    }

    static func resetKey(_ state: inout BrowserState) -> [Effect] {
        let key: String
        if case .unknownKey(let unknown)? = state.selectedNode?.kind, unknown.provider == state.model.writableProvider {
            key = unknown.key
        } else if let editable = state.editableKey {
            key = editable
        } else {
            state.status = StatusMessage("nothing to reset here; select a flag", .warning)
            return []
        }
        guard let provider = state.model.writableProvider else {
            state.status = StatusMessage("no writable provider to reset from", .warning)
            return []
        }
        if let flag = state.model.workspace.flags[key], flag.locked {
            state.status = StatusMessage("\(key) is locked", .warning)
            return []
        }
        guard state.model.workspace.writableProvider?.entries[key] != nil else {
            state.status = StatusMessage("\(key) is not set in \(provider); nothing to reset")
            return []
        }
        let summary = "reset \(key)"
        let forward: OrderedDictionary<String, KeyChange> = [key: .remove]
        let restore = backward(for: [key], state)
        let request = WriteRequest(changes: forward, removeAll: false, summary: summary,
                                   entry: UndoEntry(summary: summary, forward: forward, forwardRemovesAll: false, backward: restore),
                                   origin: .edit)
        return submit(request, &state)
    }

    static func confirmResetAll(_ state: inout BrowserState) {
        guard let provider = state.model.workspace.writableProvider else {
            state.status = StatusMessage("no writable provider to reset", .warning)
            return
        }
        let keys = provider.keyOrder
        guard !keys.isEmpty else {
            state.status = StatusMessage("\(provider.config.name) is already empty")
            return
        }
        let summary = "reset all \(keys.count) keys of \(provider.config.name)"
        let request = WriteRequest(changes: [:], removeAll: true, summary: summary,
                                   entry: UndoEntry(summary: summary, forward: [:], forwardRemovesAll: true,
                                                    backward: backward(for: keys, state)),
                                   origin: .edit)
        let lines = keys.map { key -> String in
            let value = provider.entries[key]?.value?.preview(limit: Renderer.rowPreviewLimit) ?? ""
            return "\(key) = \(value)"
        }
        state.mode = .confirm(Confirmation(title: "Remove these \(keys.count) keys from \(provider.config.name) (\(provider.displayPath))?",
                                           lines: lines, request: request))
    }

    static func handleConfirm(_ key: KeyEvent, _ confirmation: Confirmation, _ state: inout BrowserState) -> [Effect] {
        switch key {
        case .character("y"), .character("Y"), .enter:
            state.mode = .normal
            return submit(confirmation.request, &state)
        case .character("n"), .character("N"), .escape, .character("q"):
            state.mode = .normal
            state.status = StatusMessage("nothing was reset")
        default:
            break
        }
        return []
    }

    static func undo(_ state: inout BrowserState) -> [Effect] {
        guard let entry = state.undoStack.last else {
            state.status = StatusMessage("nothing to undo")
            return []
        }
        if state.writing { return [] }
        let request = WriteRequest(changes: entry.backward, removeAll: false, summary: entry.summary, entry: entry, origin: .undo)
        return submit(request, &state)
    }

    static func redo(_ state: inout BrowserState) -> [Effect] {
        guard let entry = state.redoStack.last else {
            state.status = StatusMessage("nothing to redo")
            return []
        }
        if state.writing { return [] }
        let request = WriteRequest(changes: entry.forward, removeAll: entry.forwardRemovesAll, summary: entry.summary,
                                   entry: entry, origin: .redo)
        return submit(request, &state)
    }
}
