import FlagCore

extension Reducer {
    /// `p`: a picker of the device profiles (docs/devices.md), "none" first, on the active one.
    static func pickDevice(_ state: inout BrowserState) {
        openDevicePicker(.device, on: state.model.workspace.activeDevice?.name, &state)
    }

    /// `c`: on a device's row, pins it for comparison (or unpins it); elsewhere, a picker of the
    /// devices to compare with, "none" first (stop comparing), on the compared one.
    static func compareDevice(_ state: inout BrowserState) -> [Effect] {
        let compared = state.model.comparison?.device.name
        if case .device(let name)? = state.selectedNode?.kind {
            return [.compare(device: name == compared ? nil : name)]
        }
        openDevicePicker(.comparison, on: compared, &state)
        return []
    }

    /// A picker of the device profiles for `purpose`, "none" first, on `current`.
    private static func openDevicePicker(_ purpose: Picker.Purpose, on current: String?, _ state: inout BrowserState) {
        let workspace = state.model.workspace
        guard !workspace.devices.isEmpty else {
            state.status = StatusMessage(
                "no device profiles: add one as devices/NAME.yml with a name and a context (docs/devices.md)", .warning)
            return
        }
        let names = workspace.devices.map(\.name)
        let selected = current.flatMap { names.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        var picker = Picker(
            key: "device", options: [.string(Picker.noDevice)] + names.map { .string($0) }, selected: selected)
        picker.purpose = purpose
        state.mode = .picker(picker)
    }

    /// A device picker's choice: simulate that device, or compare with it, unless it already is.
    static func chooseDevice(_ picker: Picker, _ state: inout BrowserState) -> [Effect] {
        let devices = state.model.workspace.devices
        let chosen = picker.selected == 0 ? nil : devices[picker.selected - 1].name
        if picker.purpose == .comparison {
            guard chosen != state.model.comparison?.device.name else {
                state.status = StatusMessage(chosen.map { "already comparing with \($0)" } ?? "nothing is compared")
                return []
            }
            return [.compare(device: chosen)]
        }
        guard chosen != state.model.workspace.activeDevice?.name else {
            state.status = StatusMessage(chosen.map { "already simulating \($0)" } ?? "no device is simulated already")
            return []
        }
        return [.simulate(device: chosen)]
    }

    /// Enter on a device's row: simulate it; on the simulated one, simulate none.
    static func activateDevice(_ name: String, _ state: BrowserState) -> [Effect] {
        [.simulate(device: name == state.model.workspace.activeDevice?.name ? nil : name)]
    }
}

extension Reducer {
    /// `S`: asks for the new profile's name in the line editor.
    static func askDeviceName(_ state: inout BrowserState) {
        var editor = TextEditor(key: "", text: [], cursor: 0, problem: "type the device's name, such as QA iPhone 15")
        editor.purpose = .deviceName
        state.mode = .edit(editor)
    }

    /// A key while the new profile's name is typed: Enter saves when the name is new.
    static func handleDeviceName(_ key: KeyEvent, _ editor: TextEditor, _ state: inout BrowserState) -> [Effect] {
        var editor = editor
        switch Keymap.editor.command(for: key) {
        case .cancel?:
            state.mode = .normal
            state.status = StatusMessage("nothing saved")
            return []
        case .save?:
            if let problem = deviceNameProblem(String(editor.text), state) {
                editor.problem = "not saved: " + problem
                state.mode = .edit(editor)
                return []
            }
            state.mode = .normal
            return [.saveDevice(name: String(editor.text).trimmingCharacters(in: .whitespaces))]
        case let command:
            editor.edit(with: key, command: command)
        }
        editor.problem = deviceNameProblem(String(editor.text), state)
        state.mode = .edit(editor)
        return []
    }

    /// Why `name` cannot name a new profile: empty, or another profile's name.
    static func deviceNameProblem(_ name: String, _ state: BrowserState) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "type the device's name, such as QA iPhone 15" }
        if let other = state.model.workspace.devices.first(where: { $0.name == trimmed }) {
            return "\(other.file) is already named so; choose another name"
        }
        return nil
    }
}
