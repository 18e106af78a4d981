import FlagCore

extension Reducer {
    /// Devices asked the server: each one's activity, and the status line says who asked for the
    /// first time.
    static func noteAsks(_ asks: [LiveAsk], _ state: inout BrowserState) {
        var newcomers: [String] = []
        for ask in asks {
            let name = ask.device.name
            if var activity = state.liveActivity[name] {
                activity.lastSeen = ask.at
                activity.requests += ask.requests
                state.liveActivity[name] = activity
            } else {
                newcomers.append(name)
                state.liveActivity[name] = LiveActivity(firstSeen: ask.at, lastSeen: ask.at, requests: ask.requests)
            }
        }
        // Only names the tree lists keep their activity (the list drops the oldest past its bound).
        if let listed = state.model.workspace.served?.devices, state.liveActivity.count > listed.count {
            state.liveActivity = state.liveActivity.filter { listed[$0.key] != nil }
        }
        guard let first = newcomers.first else { return }
        let others = newcomers.count > 1 ? " (and \(Plural.count(newcomers.count - 1, "other device")))" : ""
        state.status = StatusMessage(
            "\(first)\(others) asked for the first time: see Live devices")
    }

    /// Enter on a live device's row: the stack as it gets it; on the one shown, as before.
    static func showLiveDevice(_ name: String, _ state: BrowserState) -> [Effect] {
        [.showLive(name: name == state.model.workspace.liveDevice?.name ? nil : name)]
    }

    /// `a`: on a live device's row, keeps it as a device profile.
    static func adoptLiveDevice(_ state: inout BrowserState) -> [Effect] {
        guard case .liveDevice(let name)? = state.selectedNode?.kind else {
            state.status = StatusMessage(
                state.model.workspace.served == nil
                    ? "a keeps a device that asked the server: open the browser with --serve (docs/serve.md)"
                    : "a keeps a live device as a profile: select one under Live devices", .warning)
            return []
        }
        if let other = state.model.workspace.devices.first(where: { $0.name == name }) {
            state.status = StatusMessage("not saved: \(other.file) is already named \(name)", .error)
            return []
        }
        return [.adoptLive(name: name)]
    }
}
