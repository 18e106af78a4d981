import FlagCore

/// What a tree row shows around its label: a symbol before it, the label's role, and the runs of
/// text set flush right (a flag's value, source and markers; a feature's availability; …).
/// Made for the visible rows only, as the frame draws them.
struct RowDecoration {
    /// A symbol of the row's state and its space (`✓ `, `✗ `), or nothing.
    var prefix = ""
    /// The role of ``prefix``.
    var prefixRole = StyleRole.normal
    /// The role of the label.
    var labelRole = StyleRole.normal
    /// The runs set flush right, in order.
    var right: [(String, StyleRole)] = []
    /// How many of ``right``'s first runs are values, cut first when the row is narrow (the
    /// source and markers after them say where the value comes from, and stay whole).
    var values = 0

    /// The decoration of `node`, the node at `position` of the model, as `state` shows it.
    init(_ node: TreeNode, at position: Int, _ state: BrowserState) {
        let model = state.model
        switch node.kind {
        case .collection, .group:
            labelRole = .key
        case .section(_, let summary):
            labelRole = .header
            right = [(summary, .muted)]
        case .flag(let key):
            if let resolution = model.value(key) { decorate(flag: key, resolution, model) }
        case .feature(let key):
            decorate(feature: key, at: position, model)
        case .device(let name):
            let active = model.workspace.activeDevice?.name == name
            if active { (prefix, prefixRole) = ("✓ ", .success) }
            // The name matters most here; the file is in the detail pane.
            var words: [String] = []
            if active { words.append("simulated") }
            if model.comparison?.device.name == name { words.append("compared") }
            right = [(words.joined(separator: " · "), .muted)]
        case .liveDevice(let name):
            decorate(liveDevice: name, state.liveActivity[name], model)
        case .constraint(let featureKey, let index, _, _):
            if let constraint = model.explanations[featureKey]?.constraints[index] {
                prefix = ExplainReport.symbol(constraint.status) + " "
                prefixRole = Renderer.statusRole(constraint.status)
                right = [(constraint.shownDetail, .muted)]
            }
        case .unknownKey(let unknown):
            labelRole = .warning
            right = [
                (unknown.value?.preview(limit: PreviewLimits.row) ?? "", .value), (" " + unknown.provider, .source),
            ]
            values = 1
            if let suggestion = unknown.suggestion { right.append((" ≈ " + suggestion, .muted)) }
        case .diagnostic(let diagnostic):
            // The symbol says the severity (the heading counts each, the detail names it): the
            // row's width goes to where the problem is and what it is.
            switch diagnostic.severity {
            case .error: (prefix, prefixRole) = ("✗ ", .error)
            case .warning: (prefix, prefixRole) = ("! ", .warning)
            case .note: (prefix, prefixRole) = ("· ", .muted)
            }
        }
    }

    /// A flag's value, the compared device's where it differs, where the value came from, and its markers.
    private mutating func decorate(flag key: String, _ resolution: ResolvedValue, _ model: BrowserModel) {
        right.append(
            (
                resolution.value.map { $0.preview(limit: PreviewLimits.row) } ?? "unset",
                Renderer.valueRole(resolution.value)
            ))
        // The compared device's value, beside this one's, where they differ.
        if let other = model.comparison?.otherValue(key) {
            right.append((" ≠ " + (other?.value.map { $0.preview(limit: PreviewLimits.row) } ?? "unset"), .warning))
        }
        values = right.count
        right.append((" " + resolution.source, resolution.reason == .default ? .muted : .source))
        let markers = Self.markers(resolution)
        if !markers.isEmpty { right.append((" " + markers, .warning)) }
    }

    /// A feature's availability, symbol and word, and the compared device's where it differs.
    private mutating func decorate(feature key: String, at position: Int, _ model: BrowserModel) {
        let availability = model.explanations[key]?.availability ?? .unknown
        prefix = availability.symbol + " "
        prefixRole = availability == .available ? .success : (availability == .unavailable ? .error : .warning)
        right = [(availability.rawValue, prefixRole)]
        if let comparison = model.comparison, comparison.differs(position) {
            right.append((" ≠ " + (comparison.explanations[key]?.availability.rawValue ?? "not declared"), .warning))
        }
    }

    /// A live device: how often and when it last asked, and whether its view is the one shown.
    private mutating func decorate(liveDevice name: String, _ activity: LiveActivity?, _ model: BrowserModel) {
        let shown = model.workspace.liveDevice?.name == name
        if shown { (prefix, prefixRole) = ("✓ ", .success) }
        var words: [String] = []
        if let activity {
            words.append(Plural.count(activity.requests, "request"))
            words.append(DetailText.clockTime(activity.lastSeen))
        }
        if shown { words.append("shown") }
        right = [(words.joined(separator: " · "), .muted)]
    }

    /// ✎ overridden in the writable layer, ! type mismatch, ⊘ locked, † stale: read from the
    /// row's resolution (which carries the flag's definition), not looked up again by key.
    static func markers(_ value: ResolvedValue) -> String {
        var markers = ""
        if value.marks.contains(.overridden) { markers += "✎" }
        if value.marks.contains(.mismatch) { markers += "!" }
        if value.marks.contains(.locked) { markers += "⊘" }
        if value.marks.contains(.stale) { markers += "†" }
        return markers
    }
}
