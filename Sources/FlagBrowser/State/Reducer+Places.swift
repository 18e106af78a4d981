import FlagCore

extension Reducer {
    /// `y`: copies the selected row's key (a flag, a feature, a context attribute).
    static func copySelectedKey(_ state: inout BrowserState) -> [Effect] {
        guard let node = state.selectedNode else { return [] }
        switch node.kind {
        case .flag(let key), .feature(let key): return [.copy(key)]
        case .constraint(let featureKey, _, _, _): return [.copy(featureKey)]
        case .unknownKey(let unknown): return [.copy(unknown.key)]
        case .device(let name), .liveDevice(let name): return [.copy(name)]
        default:
            state.status = StatusMessage("y copies a key: select a flag, a feature or a device", .warning)
            return []
        }
    }

    /// `o`: opens the selected row's place in the user's editor.
    static func openSelected(_ state: inout BrowserState) -> [Effect] {
        guard let place = place(of: state) else {
            state.status = StatusMessage(
                "o opens a file at a line: select a flag, a feature, a device profile or a problem", .warning)
            return []
        }
        return [.open(file: place.file, line: place.line)]
    }

    /// Where the selected row is written: a flag's or a feature's declaration, a device
    /// profile, a problem's position, the line of a provider file that sets an unknown key.
    static func place(of state: BrowserState) -> (file: String, line: Int)? {
        guard let node = state.selectedNode else { return nil }
        let workspace = state.model.workspace
        func reference(_ origin: SourceReference?) -> (file: String, line: Int)? {
            guard let origin, !origin.file.isEmpty else { return nil }
            return (origin.file, max(1, origin.location.line))
        }
        switch node.kind {
        case .flag(let key): return reference(workspace.flags[key]?.origin)
        case .feature(let key), .constraint(let key, _, _, _): return reference(workspace.features[key]?.origin)
        case .device(let name): return workspace.devices.first { $0.name == name }.map { ($0.file, 1) }
        case .diagnostic(let diagnostic): return (diagnostic.file, max(1, diagnostic.location?.line ?? 1))
        case .unknownKey(let unknown): return (unknown.file, max(1, unknown.location?.line ?? 1))
        case .collection(_, _, _, let file): return (file, 1)
        default: return nil
        }
    }

    /// `R`: a picker of the places the app's code reads the selected flag or feature; choosing
    /// one opens it in the editor.
    static func openReferences(_ state: inout BrowserState) {
        let key: String
        switch state.selectedNode?.kind {
        case .flag(let selected)?, .feature(let selected)?: key = selected
        case .constraint(let feature, _, _, _)?: key = feature
        default:
            state.status = StatusMessage("R lists where the code reads a key: select a flag or a feature", .warning)
            return
        }
        guard let code = state.model.workspace.codeReferences else {
            state.status = StatusMessage(
                "no code to search: list the app's Swift sources under code: in the workspace file (docs/code.md)",
                .warning)
            return
        }
        let references = code.references(of: key)
        guard !references.isEmpty else {
            state.status = StatusMessage(
                "\(key) is read nowhere in \(Plural.count(code.files.count, "code file"))", .warning)
            return
        }
        var picker = Picker(
            key: key,
            options: references.map { reference in
                let dynamic = reference.kind == .dynamic ? "  (a key built at run time)" : ""
                return .string("\(reference.place.file):\(reference.place.location.line)  \(reference.text)\(dynamic)")
            }, selected: 0)
        picker.purpose = .references
        picker.places = references.map(\.place)
        state.mode = .picker(picker)
    }

    /// A reference chosen: open it.
    static func chooseReference(_ picker: Picker) -> [Effect] {
        guard picker.places.indices.contains(picker.selected) else { return [] }
        let place = picker.places[picker.selected]
        return [.open(file: place.file, line: max(1, place.location.line))]
    }
}
