import FlagCore

extension Renderer {
    /// The top line: the workspace's name and its stack of layers on the left; errors, fetches, the
    /// compared and live devices, the server, the view and the filter on the right.
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
}
