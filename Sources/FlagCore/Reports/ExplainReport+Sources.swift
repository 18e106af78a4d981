extension ExplainReport {
    /// Where the value of each key the constraints read comes from, layer words included
    /// (``LayerDescription``): a missing profile or a value that was ignored is why a
    /// feature is unknown, and this names the file to change.
    var sourceLines: [String] {
        guard let workspace else { return [] }
        var keys: [String] = []
        for constraint in explanation.constraints {
            for key in [constraint.key] + constraint.keys where !key.isEmpty && !keys.contains(key) { keys.append(key) }
        }
        let resolver = Resolver(workspace: workspace)
        let resolutions = keys.compactMap { resolver.resolve($0) }
        guard !resolutions.isEmpty else { return [] }
        func show(_ text: String) -> String { TerminalText.escaped(text) }
        var rows: [[String]] = []
        var said: [String] = []
        for resolution in resolutions {
            let source: String
            switch resolution.reason {
            case .provider: source = "from \(resolution.source)"
            case .computed: source = "computed"
            case .default: source = resolution.value == nil ? "no layer sets it" : "blueprint default"
            }
            rows.append([
                "  " + show(resolution.flag.key), show(resolution.value?.preview(limit: 60) ?? "unset"), show(source),
            ])
            // Layers that could not say anything are why a state is unknown or unexpected.
            for layer in LayerDescription.all(of: resolution, workspace: workspace) {
                guard let reason = layer.reason else { continue }
                let line: String
                switch layer.state {
                // A file that is missing or unreadable is so for every key: said once.
                case .missing, .error: line = "  \(show(layer.provider)): \(show(reason.text))"
                case .typeMismatch:
                    line = "  \(show(layer.provider)), \(show(resolution.flag.key)): \(show(reason.text))"
                default: continue
                }
                if !said.contains(line) { said.append(line) }
            }
        }
        return ["", "Where the device state comes from:", TextTable.render(header: [], rows: rows)] + said
    }
}
