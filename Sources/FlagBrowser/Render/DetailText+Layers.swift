import FlagCore

extension DetailText {
    /// Every layer of a resolution, highest first, then the blueprint default.
    static func stackLines(_ resolution: Resolution, _ workspace: Workspace, _ out: inout Builder) {
        let flag = resolution.flag
        if resolution.reason == .computed {
            out.append([Span("▶ ", .success), Span("computed", .source), Span("  wins", .success)])
        }
        let layers = LayerDescription.all(of: resolution, workspace: workspace)
        let names = layerNameWidth(layers.map(\.provider), paneWidth: out.width)
        for layer in layers { layerLines(layer, nameWidth: names, &out) }
        let defaultWins = resolution.reason == .default && flag.defaultValue != nil
        out.append([
            Span(defaultWins ? "▶ " : "  ", .success), Span(TerminalText.padded("default", toWidth: names), .source),
            Span(TerminalText.padded(flag.defaultValue == nil ? "none" : "set", toWidth: 13), .muted),
            Span(
                flag.defaultValue?.preview(limit: PreviewLimits.row) ?? "", Renderer.valueRole(flag.defaultValue)
            ),
            Span(defaultWins ? "  wins" : "", .success),
        ])
    }

    /// Columns of a layer's name, a space after it included, when every name fits.
    static let layerNameColumn = 14

    /// The columns layer names take in a pane `paneWidth` wide: the longest name and a space,
    /// at least ``layerNameColumn`` and at most a third of the pane, so a long name (`Device: QA
    /// iPhone 15 (subscriber)`) is cut with a space before its state, never run into it.
    static func layerNameWidth(_ names: [String], paneWidth: Int) -> Int {
        let longest = names.map { TerminalText.displayWidth(of: TerminalText.escaped($0)) }.max() ?? 0
        return max(layerNameColumn, min(longest + 1, paneWidth / 3))
    }

    /// Columns before a layer's value with names of ``layerNameColumn``: the winner mark, the
    /// provider and the state.
    static let layerValueColumn = 29
    /// Columns before what is said below a layer's headline (its reason and notes).
    static let layerNoteColumn = 16

    /// One layer: a headline (provider, state, value, how it stands), then its reason and notes,
    /// wrapped with their continuation lines under their text. A short reason stays on the headline.
    static func layerLines(_ layer: LayerDescription, nameWidth: Int = layerNameColumn, _ out: inout Builder) {
        var trailer: [Span] = []
        switch layer.verdict {
        case .wins?: trailer.append(Span("  wins", .success))
        case .shadowed?: trailer.append(Span("  shadowed", .muted))
        case nil: break
        }
        if layer.isCached { trailer.append(Span("  (cached)", .warning)) }
        let trailerWidth = trailer.reduce(0) { $0 + TerminalText.displayWidth(of: $1.text) }
        var spans: [Span] = [
            Span(layer.verdict == .wins ? "▶ " : "  ", .success),
            Span(
                TerminalText.padded(
                    TerminalText.truncated(TerminalText.escaped(layer.provider), toWidth: nameWidth - 1),
                    toWidth: nameWidth), .source),
            Span(TerminalText.padded(layer.stateWord, toWidth: 13), layer.state.name == "set" ? .normal : .muted),
        ]
        let valueColumn = layerValueColumn - layerNameColumn + nameWidth
        var used = valueColumn
        if let value = layer.valueText(limit: PreviewLimits.row) {
            let room = max(1, out.width - used - trailerWidth)
            let shown = TerminalText.truncated(TerminalText.escaped(value), toWidth: room)
            let role: StyleRole
            if case .set(let flagValue) = layer.state { role = Renderer.valueRole(flagValue) } else { role = .warning }
            spans.append(Span(shown, role))
            used += TerminalText.displayWidth(of: shown)
        }
        spans += trailer
        used += trailerWidth
        var below = layer.lines
        if let reason = layer.reason, below.first == reason {
            let inline = (used > valueColumn ? "  " : "") + TerminalText.escaped(reason.text)
            if used + TerminalText.displayWidth(of: inline) <= out.width {
                spans.append(Span(inline, role(of: reason, in: layer)))
                below.removeFirst()
            }
        }
        out.append(spans)
        for line in below {
            let indent = layerNoteColumn + 2 * line.depth
            if line.mark.isEmpty {
                out.text(line.text, role(of: line, in: layer), indent: indent)
            } else {
                out.marked(
                    line.mark, line.text, role(of: line, in: layer), markRole: line.isDeciding ? .success : .muted,
                    indent: indent)
            }
        }
    }

    /// An error layer's reason reads as an error; other problems as warnings; the rule step that
    /// decided stands out; facts muted.
    static func role(of line: LayerDescription.Line, in layer: LayerDescription) -> StyleRole {
        if case .error = layer.state, line == layer.reason { return .error }
        if line.isProblem { return .warning }
        return line.isDeciding ? .normal : .muted
    }
}
