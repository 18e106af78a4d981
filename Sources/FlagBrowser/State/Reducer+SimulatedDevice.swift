import FlagCore
import OrderedCollections

extension Reducer {
    /// `D`: asks to remove every `context/*` key from the writable file, listing them, so the
    /// simulated device is again what the other layers say, while every other key the developer
    /// set stays. One write, so one `u` puts them all back.
    static func confirmRestoreDevice(_ state: inout BrowserState) {
        guard let provider = state.model.workspace.writableProvider else {
            state.status = StatusMessage("no writable provider holds a simulated device to restore", .warning)
            return
        }
        let contextKeys = provider.keyOrder.filter { $0.hasPrefix(ContextKeys.prefix) }
        let locked = contextKeys.filter { state.model.workspace.flags[$0]?.locked == true }
        let keys = contextKeys.filter { state.model.workspace.flags[$0]?.locked != true }
        guard !keys.isEmpty else {
            let lockedNote = locked.isEmpty ? "" : " (only locked ones: \(locked.joined(separator: ", ")))"
            state.status = StatusMessage(
                "the simulated device is already as the other layers say: \(provider.config.name) sets no context/* keys\(lockedNote)"
            )
            return
        }
        let summary = "restore the simulated device (\(keys.count) context key\(keys.count == 1 ? "" : "s"))"
        var forward: OrderedDictionary<String, KeyChange> = [:]
        for key in keys { forward[key] = .remove }
        let request = WriteRequest(
            changes: forward, removeAll: false, summary: summary,
            entry: UndoEntry(
                summary: summary, forward: forward, forwardRemovesAll: false,
                backward: backward(for: keys, state)),
            origin: .edit)
        var lines = keys.map { key -> String in
            "\(key) = \(provider.entries[key]?.value?.preview(limit: PreviewLimits.row) ?? "")"
        }
        if !locked.isEmpty { lines.append("(kept, locked: \(locked.joined(separator: ", ")))") }
        // Short enough for the box's title at 70 columns; the keys that go are the lines.
        let title =
            "Restore the simulated device: remove \(keys.count) context key\(keys.count == 1 ? "" : "s") from \(provider.config.name)?"
        state.mode = .confirm(Confirmation(title: title, lines: lines, request: request))
    }
}
