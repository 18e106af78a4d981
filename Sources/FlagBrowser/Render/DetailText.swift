import FlagCore

/// The detail pane's lines for the selected node: everything the core knows about it. Each kind
/// of node has its lines in a file of its own (`DetailText+Flag.swift`, `DetailText+Feature.swift`, …).
enum DetailText {
    /// One line of the pane: runs of text, each with its role.
    typealias Line = [Span]

    /// The lines for the node `state` selects, wrapped to `width` columns.
    static func lines(for state: BrowserState, width: Int) -> [Line] {
        guard let node = state.selectedNode else { return [[Span("nothing selected", .muted)]] }
        let model = state.model
        var out = Builder(width: width)

        switch node.kind {
        case .flag(let key):
            flagLines(key, model, &out)
        case .collection(let name, let description, let keyPath, let file):
            let flags = state.selectedPosition.map { model.shape.flagCount(under: $0) } ?? 0
            collectionLines(name: name, description: description, keyPath: keyPath, file: file, flags: flags, &out)
        case .section(let section, let summary):
            sectionLines(section, summary: summary, &out)
        case .group(let group):
            out.text(group.title, .header)
            out.text("Edit a row to simulate its state on the device.", .muted)
        case .feature(let key):
            if let explanation = model.explanations[key] { featureLines(explanation, model, &out) }
        case .device(let name):
            if let profile = model.workspace.devices.first(where: { $0.name == name }) {
                deviceLines(profile, model, &out)
            }
        case .liveDevice(let name):
            if let device = model.workspace.served?.devices[name] {
                liveDeviceLines(device, state.liveActivity[name], model, &out)
            }
        case .constraint(let featureKey, let index, _, _):
            guard let explanation = model.explanations[featureKey] else { break }
            constraintLines(index, of: featureKey, explanation, editing: state.editableKey, model, &out)
        case .unknownKey(let unknown):
            unknownKeyLines(unknown, model, &out)
        case .diagnostic(let diagnostic):
            diagnosticLines(diagnostic, model, &out)
        }
        return out.lines
    }
}
