import FlagCore
import OrderedCollections

/// The pure heart of the browser: `reduce(&state, action)` changes the state and returns the
/// effects (writes, reloads, quit) for the run loop to perform.
package enum Reducer {
    /// Applies one action.
    package static func reduce(_ state: inout BrowserState, _ action: Action) -> [Effect] {
        switch action {
        case .key(let key):
            return handle(key, &state)
        case .mouse(let event):
            return handleMouse(event, &state)
        case .resize(let width, let height):
            state.size = (width, height)
            state.clampScroll()
            return []
        case .loaded(let model, let message):
            replaceModel(model, &state)
            if let message { state.status = message }
            return []
        case .exported(let pane, let message):
            if let pane { state.mode = .exported(pane) }
            state.status = message
            return []
        case .said(let message):
            state.status = message
            return []
        case .asked(let asks, let model):
            if let model { replaceModel(model, &state) }
            noteAsks(asks, &state)
            return []
        case .wrote(let request, let result):
            state.writing = false
            switch result {
            case .success(let outcome):
                let before = state.model.explanations
                replaceModel(outcome.model, &state)
                // What the write did to features leads: the write itself is what the user just asked for.
                var text = outcome.message.text
                if let news = AvailabilityNews.sentence(from: before, to: state.model.explanations) {
                    text = news + " — " + text
                }
                switch request.origin {
                case .edit:
                    state.undoStack.append(request.entry)
                    state.redoStack.removeAll()
                case .undo:
                    if let entry = state.undoStack.popLast() { state.redoStack.append(entry) }
                    text = "undid: " + request.entry.summary + " — " + text
                case .redo:
                    if let entry = state.redoStack.popLast() { state.undoStack.append(entry) }
                    text = "redid: " + request.entry.summary + " — " + text
                }
                state.status = StatusMessage(text, outcome.message.kind)
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
        // The comparison's view goes with it (a pinned profile removed from disk).
        if state.view == .compared, model.comparison == nil { state.view = .all }
        state.refreshRows()
        state.settleSelection()
        if case .edit(let editor) = state.mode, model.workspace.flags[editor.key] == nil { state.mode = .normal }
        if case .picker(let picker) = state.mode, picker.purpose == .value, model.workspace.flags[picker.key] == nil {
            state.mode = .normal
        }
    }

    // MARK: Keys by mode

    static func handle(_ key: KeyEvent, _ state: inout BrowserState) -> [Effect] {
        if let command = Keymap.everywhere.command(for: key) {
            switch command {
            case .interrupt: return [.quit]
            case .suspend: return [.suspend]
            }
        }
        if case .alt(let character) = key {
            // Esc typed just before a key arrives as Alt with it does. Only the line editor has
            // Alt keys (and ignores the others, so a stray one never cancels an edit); elsewhere
            // the pair is the two keys, as before Alt was read.
            if case .edit = state.mode {
            } else {
                return handle(.escape, &state) + handle(character == " " ? .space : .character(character), &state)
            }
        }
        switch state.mode {
        case .normal: return handleNormal(key, &state)
        case .search:
            handleSearch(key, &state)
            return []
        case .edit(let editor): return handleEditor(key, editor, &state)
        case .picker(let picker): return handlePicker(key, picker, &state)
        case .confirm(let confirmation): return handleConfirm(key, confirmation, &state)
        case .help(let scroll):
            handleHelp(key, scroll: scroll, &state)
            return []
        case .exported(let pane): return handleExported(key, pane, &state)
        }
    }

    /// A key in the tree or the detail pane: the command the keymap names for it, done.
    static func handleNormal(_ key: KeyEvent, _ state: inout BrowserState) -> [Effect] {
        guard let command = Keymap.normal.command(for: key) else { return [] }
        if state.focus == .detail, scrollDetail(command, &state) { return [] }
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
        case .restoreDevice: confirmRestoreDevice(&state)
        case .pickDevice: pickDevice(&state)
        case .compareDevice: return compareDevice(&state)
        case .saveDevice: askDeviceName(&state)
        case .adoptLiveDevice: return adoptLiveDevice(&state)
        case .export: openExportPicker(&state)
        case .copyKey: return copySelectedKey(&state)
        case .references: openReferences(&state)
        case .openInEditor: return openSelected(&state)
        case .undo: return replay(.undo, &state)
        case .redo: return replay(.redo, &state)
        case .search: startSearch(&state)
        case .nextMatch: findMatch(forward: true, includeCurrent: false, &state)
        case .previousMatch: findMatch(forward: false, includeCurrent: false, &state)
        case .filter: toggleFilter(&state)
        case .cycleView: cycleView(&state)
        case .toggleHidden: toggleHidden(&state)
        case .switchPane:
            state.focus = state.focus == .tree ? .detail : .tree
            state.detailScroll = 0
        case .reload:
            state.status = StatusMessage("reloading…")
            return state.model.workspace.hasRemoteProviders ? [.reload, .fetch] : [.reload]
        case .help: state.mode = .help(scroll: 0)
        case .quit: return [.quit]
        case .back: back(&state)
        }
        return []
    }

    /// Whether the focused detail pane took `command`: the moves scroll it, and Esc, Tab and ←
    /// give the focus back to the tree. Any other command acts on the tree's selection.
    static func scrollDetail(_ command: Command, _ state: inout BrowserState) -> Bool {
        switch command {
        case .moveDown: state.detailScroll += 1
        case .moveUp: state.detailScroll = max(0, state.detailScroll - 1)
        case .pageDown: state.detailScroll += max(1, state.treeHeight - 1)
        case .pageUp: state.detailScroll = max(0, state.detailScroll - max(1, state.treeHeight - 1))
        case .top: state.detailScroll = 0
        case .back, .switchPane, .collapse: state.focus = .tree
        default: return false
        }
        return true
    }

    /// The next view (`F`), and what it shows on the status line.
    static func cycleView(_ state: inout BrowserState) {
        state.view = state.view.next(comparing: state.model.comparison != nil)
        state.refreshRows()
        state.settleSelection()
        state.status = viewStatus(state)
    }

    /// Shows or hides the flags marked hidden (`.`).
    static func toggleHidden(_ state: inout BrowserState) {
        state.showHidden.toggle()
        state.refreshRows()
        state.settleSelection()
        state.status = StatusMessage(state.showHidden ? "showing hidden flags" : "hiding hidden flags")
    }

    /// Esc: clears the filter, else goes back to the whole view, else selects the parent.
    static func back(_ state: inout BrowserState) {
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

    /// `view: NAME (what it shows)`.
    static func viewStatus(_ state: BrowserState) -> StatusMessage {
        StatusMessage("view: \(state.viewTitle) (\(state.viewCountText))")
    }

    /// After rows open or close: the view's count on the status line, when it shows one, counts
    /// the rows now shown.
    static func recount(_ state: inout BrowserState) {
        if state.status?.text.hasPrefix("view: ") == true { state.status = viewStatus(state) }
    }

    static func collapse(_ state: inout BrowserState) {
        guard let position = state.selectedPosition else { return }
        let node = state.model.nodes[position]
        if !node.children.isEmpty, state.isExpanded(position) {
            state.collapse(position)
            state.settleSelection()
            recount(&state)
        } else if let parent = node.parent {
            select(node: parent, &state)
        }
    }

    static func expand(_ state: inout BrowserState) {
        guard let position = state.selectedPosition, !state.model.nodes[position].children.isEmpty else { return }
        if !state.isExpanded(position) {
            state.expand(position)
            state.settleSelection()
            recount(&state)
        } else if let row = state.row(of: position), row + 1 < state.rows.count,
            state.model.nodes[state.rows[row + 1]].parent == position
        {
            select(row: row + 1, &state)
        }
    }

    // MARK: Filter

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
        if let filter = state.filter {
            state.status = StatusMessage("filter: \(filter) (\(countLeaves(state)) shown) — f or Esc clears")
        }
    }

    // MARK: Editing

    /// Enter: toggle a bool, edit any other value, expand or collapse a branch.
    static func activate(_ state: inout BrowserState) -> [Effect] {
        if case .device(let name)? = state.selectedNode?.kind { return activateDevice(name, state) }
        if case .liveDevice(let name)? = state.selectedNode?.kind { return showLiveDevice(name, state) }
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
        if case .feature(let featureKey)? = state.selectedNode?.kind { return toggleUserSwitch(of: featureKey, &state) }
        guard let key = state.editableKey, let flag = state.model.workspace.flags[key] else {
            state.status = StatusMessage(
                "nothing to toggle here: Space toggles a bool flag (Enter or → opens a branch)", .warning)
            return []
        }
        guard flag.type == .bool else {
            state.status = StatusMessage("\(key) is \(flag.type.rawValue): press e or Enter to edit it", .warning)
            return []
        }
        // Flip what the writable file says when it says something (a higher layer may still win,
        // and flipping the shown value would write the same thing again); else the shown value.
        let current = writableValue(key, state) ?? state.model.value(key)?.value
        return write(key: key, value: .bool(current != .bool(true)), &state)
    }

    /// Space on a feature: its user toggle is the one switch a feature has that stands for the
    /// user (a Settings switch), so Space flips it, as on a bool row; the write's status line
    /// names the key. A feature without one is told what Space does and where to go instead.
    static func toggleUserSwitch(of featureKey: String, _ state: inout BrowserState) -> [Effect] {
        guard let explanation = state.model.explanations[featureKey] else { return [] }
        let name = explanation.feature.displayName
        guard let userToggle = explanation.constraints.first(where: { $0.kind == .userToggled }),
            state.model.workspace.flags[userToggle.key]?.type == .bool
        else {
            state.status = StatusMessage(
                "Space toggles a bool; \(name) has no user toggle — → shows its constraints, e on one simulates it",
                .warning)
            return []
        }
        let current = writableValue(userToggle.key, state) ?? state.model.value(userToggle.key)?.value
        return write(key: userToggle.key, value: .bool(current != .bool(true)), &state)
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
        if let picker = attributePicker(for: flag, current: current, state) {
            state.mode = .picker(picker)
            return []
        }
        switch flag.type {
        case .bool, .enum:
            let options: [FlagValue] =
                flag.type == .bool ? [.bool(true), .bool(false)] : flag.rules.values.map(FlagValue.string)
            let selected = current.flatMap { options.firstIndex(of: $0) } ?? 0
            state.mode = .picker(Picker(key: flag.key, options: options, selected: selected))
        default:
            if let current, current.textSize > TextEditor.sizeLimit {
                state.status = StatusMessage(
                    "\(flag.key) holds \(TerminalText.byteCount(current.textSize)), too large for the line editor; `flagscope set` writes it",
                    .warning)
                return []
            }
            let text = Array(current.map(\.displayText) ?? "")
            var editor = TextEditor(key: flag.key, text: text, cursor: text.count, problem: nil)
            validate(&editor, flag: flag, state)
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
        if state.model.writableProvider == nil {
            return "no writable provider: add `writable: true` to a json or plist provider"
        }
        if flag.locked { return "\(flag.key) is locked (read-only in the browser; `flagscope set --force` changes it)" }
        if state.writing { return "still writing the previous change…" }
        return nil
    }

    static func validate(_ editor: inout TextEditor, flag: FlagDefinition, _ state: BrowserState) {
        switch typedValue(String(editor.text), flag: flag, state) {
        case .success: editor.problem = nil
        case .failure(let problem): editor.problem = problem.message
        }
    }

    /// The write that sets one key, with its undo entry.
    static func write(key: String, value: FlagValue, _ state: inout BrowserState) -> [Effect] {
        guard let flag = state.model.workspace.flags[key] else { return [] }
        if let refusal = editRefusal(flag, state) {
            state.status = StatusMessage(refusal, .warning)
            return []
        }
        let summary = "\(key) = \(value.preview(limit: PreviewLimits.row))"
        let forward: OrderedDictionary<String, KeyChange> = [key: .set(value.json)]
        let restore = backward(for: [key], state)
        let request = WriteRequest(
            changes: forward, removeAll: false, summary: summary,
            entry: UndoEntry(summary: summary, forward: forward, forwardRemovesAll: false, backward: restore),
            origin: .edit)
        if let question = computedWinsQuestion(flag, value, request, state) {
            state.mode = .confirm(question)
            return []
        }
        return submit(request, &state)
    }

    /// A value for a computed flag whose expression gives a value now cannot win: asked before
    /// anything is written, since the edit would change nothing the app sees.
    static func computedWinsQuestion(
        _ flag: FlagDefinition, _ value: FlagValue, _ request: WriteRequest, _ state: BrowserState
    )
        -> Confirmation?
    {
        guard let computed = flag.computed, let resolution = state.model.resolution(flag.key),
            resolution.reason == .computed, let provider = state.model.writableProvider
        else { return nil }
        let current = resolution.value?.preview(limit: PreviewLimits.row) ?? "?"
        let shown = value.preview(limit: PreviewLimits.row)
        let reads = resolution.computedInputs.joined(separator: ", ")
        return Confirmation(
            title: "\(flag.key) is computed, and its value (\(current)) wins over every layer",
            lines: [
                "computed: \(computed)",
                "Saving \(shown) in \(provider) changes nothing while the expression gives a value; it counts once a key the expression reads is unset (\(reads)).",
            ],
            request: request, yes: "save anyway", no: "keep the file as it is",
            declined: "nothing was saved: \(flag.key) stays computed (\(current))",
            answers: "y saves \(shown) in \(provider) anyway (u undoes it), n leaves the file as it is",
            listsItems: false)
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
        let request = WriteRequest(
            changes: forward, removeAll: false, summary: summary,
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
        let request = WriteRequest(
            changes: [:], removeAll: true, summary: summary,
            entry: UndoEntry(
                summary: summary, forward: [:], forwardRemovesAll: true,
                backward: backward(for: keys, state)),
            origin: .edit)
        let lines = keys.map { key -> String in
            let value = provider.entries[key]?.value?.preview(limit: PreviewLimits.row) ?? ""
            return "\(key) = \(value)"
        }
        state.mode = .confirm(
            Confirmation(
                title: "Remove these \(keys.count) keys from \(provider.config.name) (\(provider.displayPath))?",
                lines: lines, request: request))
    }

    static func handleConfirm(_ key: KeyEvent, _ confirmation: Confirmation, _ state: inout BrowserState) -> [Effect] {
        switch Keymap.confirm.command(for: key) {
        case .yes?:
            state.mode = .normal
            return submit(confirmation.request, &state)
        case .no?:
            state.mode = .normal
            state.status = StatusMessage(confirmation.declined)
        case nil:
            break
        }
        return []
    }

    /// `u` and `Ctrl-R`: the last edit's changes written backward, or the last undone edit's
    /// forward, as any edit is written; the entry moves to the other stack once it is written.
    static func replay(_ origin: WriteRequest.Origin, _ state: inout BrowserState) -> [Effect] {
        let undoing = origin == .undo
        guard let entry = (undoing ? state.undoStack : state.redoStack).last else {
            state.status = StatusMessage(undoing ? "nothing to undo" : "nothing to redo")
            return []
        }
        if state.writing { return [] }
        let request = WriteRequest(
            changes: undoing ? entry.backward : entry.forward, removeAll: !undoing && entry.forwardRemovesAll,
            summary: entry.summary, entry: entry, origin: origin)
        return submit(request, &state)
    }
}
