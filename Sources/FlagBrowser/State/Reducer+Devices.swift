import FlagCore

extension Reducer {
    /// `p`: a picker of the device profiles (docs/devices.md), "none" first, on the active one.
    static func pickDevice(_ state: inout BrowserState) {
        let workspace = state.model.workspace
        guard !workspace.devices.isEmpty else {
            state.status = StatusMessage(
                "no device profiles: add one as devices/NAME.yml with a name and a context (docs/devices.md)", .warning)
            return
        }
        let names = workspace.devices.map(\.name)
        let active = workspace.activeDevice.flatMap { names.firstIndex(of: $0.name) }.map { $0 + 1 } ?? 0
        var picker = Picker(
            key: "device", options: [.string(Picker.noDevice)] + names.map { .string($0) }, selected: active)
        picker.purpose = .device
        state.mode = .picker(picker)
    }

    /// The device picker's choice: a reload with that device active, unless it already is.
    static func simulate(_ picker: Picker, _ state: inout BrowserState) -> [Effect] {
        let devices = state.model.workspace.devices
        let chosen = picker.selected == 0 ? nil : devices[picker.selected - 1].name
        guard chosen != state.model.workspace.activeDevice?.name else {
            state.status = StatusMessage(chosen.map { "already simulating \($0)" } ?? "no device is simulated already")
            return []
        }
        return [.simulate(device: chosen)]
    }
}
