import FlagCore

extension EffectRunner {
    /// Simulates the device profile named `name` (`nil`: none) and says where its layer went.
    mutating func simulate(_ name: String?, _ model: BrowserModel) -> Action {
        devices.simulated = name
        let simulated = devices.simulating(in: model.workspace).map { self.model(of: $0) } ?? loadModel(keeping: model)
        let workspace = simulated.workspace
        if let error = workspace.deviceChoiceError {
            return .loaded(simulated, message: StatusMessage(error.description, .error))
        }
        guard let profile = workspace.activeDevice else {
            return .loaded(simulated, message: StatusMessage("no device simulated: the stack as its files say"))
        }
        let above = workspace.writableProvider.map { "below \($0.config.name), where what-if edits go" } ?? "on top"
        return .loaded(
            simulated, message: StatusMessage("simulating \(profile.name) (\(profile.file)): its layer is \(above)"))
    }

    /// Pins the device profile named `name` for comparison (`nil`: none) and says what differs,
    /// or why it cannot be compared.
    mutating func compare(with name: String?, _ model: BrowserModel) -> Action {
        devices.compared = name
        let compared = devices.comparing(model)
        guard let name else { return .loaded(compared, message: StatusMessage("comparing with no device")) }
        guard let comparison = compared.comparison else {
            let reason =
                model.workspace.devices.contains { $0.name == name }
                ? "a provider asks its server with the device's context, so each device needs its own fetch: `flagscope diff` asks for both"
                : "no device profile is named \(name)"
            devices.compared = nil
            return .loaded(compared, message: StatusMessage("cannot compare with \(name): \(reason)", .error))
        }
        return .loaded(compared, message: StatusMessage("\(comparison.summary): ≠ marks the rows, F shows only them"))
    }

    /// Shows what the live device named `name` gets, its context a layer on top (`nil`: the stack
    /// as the browser simulates it).
    mutating func showLive(_ name: String?, _ model: BrowserModel) -> Action {
        devices.shownLive = name
        let shown = self.model(of: model.workspace)
        guard let live = shown.workspace.liveDevice else {
            return .loaded(
                shown, message: StatusMessage("no live device shown: the stack as the browser simulates it"))
        }
        return .loaded(
            shown,
            message: StatusMessage(
                "showing what \(live.name) gets (its \(live.layerName) layer on top); Enter again: back"))
    }

    /// Keeps the live device named `name` as a new device profile, then loads the workspace that
    /// lists it.
    func adoptLive(named name: String, _ model: BrowserModel) -> Action {
        let message =
            devices.live?.devices[name].map { writer.adopt($0, named: name, from: model.workspace) }
            ?? StatusMessage("not saved: no live device is named \(name)", .error)
        return .loaded(loadModel(keeping: model), message: message)
    }
}
