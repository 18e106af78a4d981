import FlagCore
import Foundation

/// A run of text with one role.
struct Span: Sendable {
    var text: String
    var role: StyleRole
    init(_ text: String, _ role: StyleRole = .normal) {
        self.text = text
        self.role = role
    }
}

/// The detail pane's lines for the selected node: everything the core knows about it.
enum DetailText {
    typealias Line = [Span]

    /// Collects wrapped lines for one pane width.
    struct Builder {
        let width: Int
        var lines: [Line] = []

        mutating func text(_ value: String, _ role: StyleRole = .normal, indent: Int = 0) {
            for line in TerminalText.wrapped(value, width: max(1, width - indent)) {
                lines.append([Span(String(repeating: " ", count: indent) + line, role)])
            }
        }

        /// Text after a short mark (a rule trace's `▶ `), wrapped with its continuation lines
        /// hanging under the text, not under the mark.
        mutating func marked(_ mark: String, _ value: String, _ role: StyleRole, markRole: StyleRole, indent: Int) {
            let markWidth = TerminalText.displayWidth(of: mark)
            let pad = String(repeating: " ", count: indent)
            for (index, line) in TerminalText.wrapped(value, width: max(1, width - indent - markWidth)).enumerated() {
                lines.append([
                    Span(pad + (index == 0 ? mark : String(repeating: " ", count: markWidth)), markRole),
                    Span(line, role),
                ])
            }
        }

        mutating func field(_ name: String, _ value: String, _ role: StyleRole = .normal) {
            let label = TerminalText.padded(name, toWidth: 13)
            let wrapped = TerminalText.wrapped(value, width: max(1, width - 13))
            for (index, line) in wrapped.enumerated() {
                lines.append([Span(index == 0 ? label : String(repeating: " ", count: 13), .muted), Span(line, role)])
            }
        }

        /// A labelled block of lines that keep their own breaks and indentation (pretty JSON):
        /// each is cut with `…` to the pane, never wrapped; `trailer` follows the last one.
        mutating func block(_ name: String, _ text: [String], trailer: String, _ role: StyleRole = .normal) {
            let room = max(1, width - 13)
            for (index, line) in text.enumerated() {
                let last = index == text.count - 1
                var shown = TerminalText.escaped(line)
                if last, TerminalText.displayWidth(of: shown + trailer) <= room { shown += trailer }
                lines.append([
                    Span(
                        index == 0 ? TerminalText.padded(name, toWidth: 13) : String(repeating: " ", count: 13), .muted),
                    Span(TerminalText.truncated(shown, toWidth: room), role),
                ])
                if last, !shown.hasSuffix(trailer) { field("", String(trailer.drop { $0 == " " }), role) }
            }
        }

        mutating func blank() { lines.append([]) }

        mutating func append(_ line: Line) { lines.append(line) }
    }

    static func lines(for state: BrowserState, width: Int) -> [Line] {
        guard let node = state.selectedNode else { return [[Span("nothing selected", .muted)]] }
        let model = state.model
        var out = Builder(width: width)

        switch node.kind {
        case .flag(let key):
            flagLines(key, model, &out)
        case .collection(let name, let description, let keyPath, let file):
            out.text(name, .header)
            if let description { out.text(description) }
            out.blank()
            out.field("key path", keyPath.isEmpty ? "(root: no prefix)" : keyPath + "/…")
            out.field("file", file)
            let flags = state.selectedPosition.map { model.shape.flagCount(under: $0) } ?? 0
            out.field("contains", "\(flags) flag\(flags == 1 ? "" : "s")")
        case .section(let section, let summary):
            out.text(section.title, .header)
            out.text(summary, .muted)
            if section == .context {
                out.blank()
                out.text(
                    "The simulated device is ordinary context/* keys: any provider can set them, and your edits here go to the writable file, so you can try what-ifs and reset them.",
                    .normal)
            }
            if section == .devices {
                out.blank()
                out.text(
                    "Device profiles are files the team shares. Enter simulates one (again: none), p picks one from anywhere, c compares one with the simulated device, S saves the simulated device as a new one.",
                    .normal)
            }
            if section == .live {
                out.blank()
                out.text(
                    "Each device that asks the server is listed here, named by its targetingKey (else by a hash of its context). Enter shows what it gets and why, its context as a Live layer on top; a keeps it as a device profile.",
                    .normal)
            }
            if section == .problems {
                out.blank()
                out.text(
                    "What `flagscope validate` reports, errors first. Fix a file and save it: the browser reloads it within a second (r reloads now), and a fixed problem leaves this list.",
                    .normal)
            }
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
            let constraint = explanation.constraints[index]
            out.text("\(constraint.kind.rawValue) \(constraint.name)", .header)
            out.field(
                "status", ExplainReport.symbol(constraint.status) + " " + constraint.status.rawValue,
                Renderer.statusRole(constraint.status))
            out.field("detail", constraint.shownDetail)
            out.field("of feature", "\(explanation.feature.displayName) (\(featureKey))")
            out.field("keys", constraint.keys.joined(separator: ", "))
            decisionLines(constraint, &out)
            if let key = state.editableKey {
                out.blank()
                out.text("Enter/e edits \(key); x resets it.", .muted)
                out.blank()
                flagLines(key, model, &out)
            }
        case .unknownKey(let unknown):
            out.text(unknown.key, .warning)
            out.text("No blueprint declares this key; apps reading it get nothing.", .muted)
            out.blank()
            out.field("provider", unknown.provider)
            out.field("file", unknown.file + (unknown.location.map { ":\($0.line):\($0.column)" } ?? ""))
            if let value = unknown.value { out.field("value", value.preview(limit: PreviewLimits.detail)) }
            if let suggestion = unknown.suggestion { out.field("did you mean", suggestion, .key) }
            if unknown.provider == model.writableProvider {
                out.blank()
                out.text("x removes it from \(unknown.provider).", .muted)
            }
        case .diagnostic(let diagnostic):
            diagnosticLines(diagnostic, model, &out)
        }
        return out.lines
    }

    static func flagLines(_ key: String, _ model: BrowserModel, _ out: inout Builder) {
        guard let resolution = model.resolution(key) else { return }
        let flag = resolution.flag
        out.text(key, .header, indent: 0)
        if let description = flag.description { out.text(description, .normal, indent: 0) }
        out.blank()
        var type = flag.typeWords
        if !flag.rules.values.isEmpty { type += ": " + flag.rules.values.joined(separator: " | ") }
        if flag.rules.minimum != nil || flag.rules.maximum != nil {
            type +=
                " (\(flag.rules.minimum.map { ValueRules.number($0, for: flag.type) } ?? "…") to \(flag.rules.maximum.map { ValueRules.number($0, for: flag.type) } ?? "…"))"
        }
        if let pattern = flag.rules.pattern, flag.rules.textKind == nil { type += " matching \(pattern)" }
        out.field("type", type, .normal)
        let source: String
        switch resolution.reason {
        case .provider: source = "from \(resolution.source)"
        case .default: source = "blueprint default"
        case .computed: source = "computed"
        }
        if let value = resolution.value, let pretty = prettyJSON(value) {
            out.block("value", pretty, trailer: "   " + source, Renderer.valueRole(value))
        } else if let value = resolution.value {
            out.field(
                "value", value.preview(limit: PreviewLimits.detail) + "   " + source, Renderer.valueRole(value))
        } else {
            // Nothing gives it a value: said once, in one word, and nothing "wins".
            out.field("value", ResolutionWords.noValue, Renderer.valueRole(nil))
        }
        let compared = comparedResolution(key, model)
        if let compared { comparedValueLines(resolution, compared, &out) }
        if let size = model.hugeValueSize(key) {
            out.field(
                "",
                "cut for the screen: \(TerminalText.byteCount(size)) in all; `flagscope get \(key) --json` prints it whole",
                .muted)
        }
        if let source = flag.unknownDefault {
            out.field("default", "unknown: \(TerminalText.escaped(source)) (Swift code)", .muted)
        } else if let value = flag.defaultValue, let pretty = prettyJSON(value) {
            out.block("default", pretty, trailer: "", .muted)
        } else {
            out.field(
                "default", flag.defaultValue?.preview(limit: PreviewLimits.detail) ?? ResolutionWords.noDefault,
                .muted)
        }
        var markers: [String] = []
        if model.isOverridden(key) { markers.append("✎ set in \(model.writableProvider ?? "the writable file")") }
        if model.hasMismatch(key) { markers.append("! a layer's value does not fit") }
        if flag.locked { markers.append("⊘ locked") }
        if model.isStale(key) { markers.append("† stale since \(flag.expires ?? "?")") }
        if !markers.isEmpty { out.field("", markers.joined(separator: "  "), .warning) }
        if let attribute = model.workspace.ruleAttribute(key) { attributeLines(attribute, &out) }
        if let computed = flag.computed {
            out.blank()
            out.field("computed", computed, .normal)
            let reads =
                resolution.computedInputs.isEmpty
                ? (model.workspace.expressions[key]?.referencedKeys ?? []) : resolution.computedInputs
            for input in reads {
                let value = model.value(input)?.value?.preview(limit: PreviewLimits.row) ?? "unset"
                out.field("  reads", "\(input) = \(value)", .muted)
            }
            if resolution.reason != .computed {
                out.field("", "no value: a key it reads is unset, so the stack decides", .muted)
            }
        }
        out.blank()
        out.text("Layers, highest first:", .key, indent: 0)
        stackLines(resolution, model.workspace, &out)
        if let compared {
            out.blank()
            out.text("Layers on \(compared.device), highest first:", .warning, indent: 0)
            stackLines(compared.resolution, compared.workspace, &out)
        }
        var details: [(String, String)] = []
        if !flag.tags.isEmpty { details.append(("tags", flag.tags.joined(separator: ", "))) }
        if let owner = flag.owner { details.append(("owner", owner)) }
        if let expires = flag.expires { details.append(("expires", expires)) }
        if !flag.excludedProviders.isEmpty {
            details.append(("excludes", flag.excludedProviders.joined(separator: ", ")))
        }
        if flag.requiresRestart { details.append(("restart", "takes effect after the app restarts")) }
        if flag.hidden { details.append(("hidden", "shown only with \"show hidden\" (.)")) }
        if !flag.isGenerated { details.append(("declared", flag.origin.description)) }
        for (index, line) in ReferencesReport.usedIn(key, in: model.workspace, limit: 5).enumerated() {
            details.append((index == 0 ? "used in" : "", line))
        }
        if !details.isEmpty {
            out.blank()
            for (name, value) in details { out.field(name, value, .normal) }
        }
        staleLines(key, model, &out)
    }

    /// Why `key` can go, when it can (docs/code.md#stale-flags), and that R lists its references.
    static func staleLines(_ key: String, _ model: BrowserModel, _ out: inout Builder) {
        let findings = model.staleFindings(key)
        guard !findings.isEmpty else { return }
        out.blank()
        for (index, finding) in findings.enumerated() {
            out.field(index == 0 ? "stale" : "", finding.reason, .warning)
        }
    }

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

    /// A key's resolution on the compared device, when its value differs there.
    struct ComparedResolution {
        var device: String
        var resolution: Resolution
        var workspace: Workspace
    }

    /// The compared device's resolution of `key`, traced, when the value differs there.
    static func comparedResolution(_ key: String, _ model: BrowserModel) -> ComparedResolution? {
        guard let comparison = model.comparison, comparison.otherValue(key) != nil,
            let resolution = Resolver(workspace: comparison.workspace).resolve(key)
        else { return nil }
        return ComparedResolution(
            device: comparison.device.name, resolution: resolution, workspace: comparison.workspace)
    }

    /// The compared device's value and where it came from, and the first rule step that parts the two.
    static func comparedValueLines(_ here: Resolution, _ there: ComparedResolution, _ out: inout Builder) {
        let other = there.resolution
        var text = other.value?.preview(limit: PreviewLimits.row) ?? ResolutionWords.noValue
        switch other.reason {
        case .provider: text += "   from \(other.source)"
        case .default: text += other.value == nil ? "" : "   blueprint default"
        case .computed: text += "   computed"
        }
        out.field("≠ compared", text, .warning)
        out.field("", "on \(there.device)", .muted)
        guard let step = DiffReport.partingStep(here, other) else { return }
        out.field("parted by", "a rule of \(step.provider): \(step.a.rule)", .normal)
        out.field("  here", step.a.resultAndReads, .muted)
        if step.b.rule != step.a.rule { out.field("  its rule", step.b.rule, .muted) }
        out.field("  there", step.b.resultAndReads, .muted)
    }

    /// A feature whose availability differs on the compared device: what it is there, and the
    /// constraints that part them.
    static func comparedFeatureLines(_ explanation: FeatureExplanation, _ model: BrowserModel, _ out: inout Builder) {
        guard let comparison = model.comparison else { return }
        let other = comparison.explanations[explanation.feature.key]
        guard other?.availability != explanation.availability else { return }
        out.blank()
        out.text(
            "≠ on \(comparison.device.name): "
                + (other.map { "\($0.availability.symbol) \($0.availability.rawValue)" } ?? "not declared"), .warning)
        for constraint in explanation.constraints {
            let there = other?.constraints.first { $0.name == constraint.name && $0.kind == constraint.kind }
            guard there?.status != constraint.status else { continue }
            out.text(
                "\(constraint.kind.rawValue) \(constraint.name): here \(constraint.status.rawValue), there \(there?.status.rawValue ?? "none")",
                .muted, indent: 2)
        }
    }

    /// A device profile: whether it is simulated or compared, its file and its attributes.
    static func deviceLines(_ profile: DeviceProfile, _ model: BrowserModel, _ out: inout Builder) {
        let active = model.workspace.activeDevice?.name == profile.name
        let compared = model.comparison?.device.name == profile.name
        out.text((active ? "✓ " : "") + profile.name, .header)
        if let description = profile.description { out.text(description, .normal) }
        out.blank()
        out.field("file", profile.file)
        out.field("simulated", active ? "yes: its layer is in the stack" : "no", active ? .success : .muted)
        if let comparison = model.comparison, compared {
            out.field("compared", comparison.summary, .warning)
        }
        attributeLines(profile.context, &out)
        out.blank()
        out.text(
            (active ? "Enter stops simulating it" : "Enter simulates it")
                + (compared ? "; c stops comparing." : "; c compares it with the simulated device."), .muted)
    }

    /// A device that asked the server (docs/serve.md): whether its view is shown, when and how
    /// often it asked, and the context of its last request.
    static func liveDeviceLines(
        _ device: LiveDevice, _ activity: LiveActivity?, _ model: BrowserModel, _ out: inout Builder
    ) {
        let shown = model.workspace.liveDevice?.name == device.name
        out.text((shown ? "✓ " : "") + device.name, .header)
        out.blank()
        if let activity {
            out.field("requests", String(activity.requests))
            out.field("first asked", clockTime(activity.firstSeen))
            out.field("last asked", clockTime(activity.lastSeen))
        }
        out.field(
            "shown", shown ? "yes: its context is the \(device.layerName) layer on top" : "no",
            shown ? .success : .muted)
        attributeLines(device.context, &out)
        if !device.context.skipped.isEmpty {
            out.blank()
            out.text("Skipped (sent, but no context key can hold them):", .warning)
            for skipped in device.context.skipped {
                let name = skipped.name.isEmpty ? "\"\" (an empty name)" : skipped.name
                out.text("\(name): \(skipped.reason)", .normal, indent: 2)
            }
        }
        out.blank()
        out.text(
            (shown ? "Enter goes back to the simulated device" : "Enter shows what it gets and why")
                + "; a keeps it as a device profile.", .muted)
    }

    /// A context's attributes, each as `name: value`, under `Attributes:`.
    private static func attributeLines(_ context: ContextLayer, _ out: inout Builder) {
        out.blank()
        out.text(context.isEmpty ? "Attributes: none" : "Attributes:", .key)
        for attribute in context.attributes.values {
            let value: String
            switch attribute.given {
            case .argument(let text): value = text
            case .json(.string(let text)): value = text
            case .json(let json): value = json.compactText(limit: PreviewLimits.row)
            }
            out.text("\(attribute.key.dropFirst(ContextKeys.prefix.count)): \(value)", .normal, indent: 2)
        }
    }

    /// A moment as the local time of day, `14:03:27`.
    static func clockTime(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) + TimeZone.current.secondsFromGMT(for: date)
        let day = ((seconds % 86_400) + 86_400) % 86_400
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(day / 3600)):\(two(day / 60 % 60)):\(two(day % 60))"
    }

    /// At most this many rules that read an attribute are listed in its detail.
    static let readerLimit = 12

    /// A context attribute that rules read (docs/rules.md): every rule that reads it, and what they
    /// compare it with, so QA sees which flags an edit here moves.
    static func attributeLines(_ attribute: RuleAttribute, _ out: inout Builder) {
        out.blank()
        // A few readers say what the attribute moves; a workspace may have thousands of them.
        for (index, line) in attribute.readerLines(limit: readerLimit).enumerated() {
            out.field(index == 0 ? "read by" : "", line, .normal)
        }
        if attribute.readers.count > readerLimit {
            out.field("", "and \(attribute.readers.count - readerLimit) more rules", .muted)
        }
        if let expectation = attribute.expectation { out.field("compared as", expectation, .muted) }
    }

    /// Lines of a JSON object or array shown whole in the detail pane (two-space indent, one
    /// member per line), at most this many; the rest is summed up in one line.
    static let prettyLineLimit = 40

    /// A JSON object or array pretty-printed, or `nil` for other values and for values too large
    /// to show whole (the pane shows those cut, with their size: pretty-printing a part of
    /// megabytes would cost lines and show less).
    static func prettyJSON(_ value: FlagValue) -> [String]? {
        guard case .json(let json) = value else { return nil }
        switch json {
        case .object(let members) where !members.isEmpty: break
        case .array(let items) where !items.isEmpty: break
        default: return nil
        }
        // Cut text is longer than the limit (it ends in `…`): only values shown whole get here.
        guard json.compactText(limit: PreviewLimits.detail).utf8.count <= PreviewLimits.detail else {
            return nil
        }
        var lines = json.serialized(pretty: true, sortedKeys: false).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        if lines.count > prettyLineLimit {
            let hidden = lines.count - (prettyLineLimit - 1)
            lines = Array(lines.prefix(prettyLineLimit - 1)) + ["… \(hidden) more lines"]
        }
        return lines
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

    /// A problem as `validate` prints it: the headline wrapped, then the quoted line and its caret,
    /// cut rather than wrapped so the caret stays under its column.
    static func diagnosticLines(_ diagnostic: Diagnostic, _ model: BrowserModel, _ out: inout Builder) {
        let role: StyleRole = diagnostic.severity == .error ? .error : .warning
        out.text((diagnostic.severity == .error ? "✗ " : "! ") + diagnostic.severity.rawValue, role)
        out.text(diagnostic.headline, .normal)
        let quoted = model.workspace.diagnosticRenderer.render(diagnostic).split(separator: "\n").dropFirst()
        if !quoted.isEmpty {
            out.blank()
            for line in quoted { out.append([Span(String(line), .muted)]) }
        }
        out.blank()
        let consequence =
            diagnostic.severity == .error
            ? "The workspace has errors, so some of what it declares is missing above. "
            : ""
        out.text(
            consequence + "Fix the file and save it: the browser reloads it within a second (r reloads now).", .muted)
    }

    /// The rules behind a constraint's key, as `explain` shows them: the deciding layer with its
    /// steps, then the attributes of the device to set.
    static func decisionLines(_ constraint: ConstraintResult, _ out: inout Builder) {
        guard let decision = constraint.decidedBy else { return }
        out.blank()
        out.text("\(constraint.key) is decided by the rules of \(decision.provider):", .key, indent: 0)
        layerLines(decision.layer, &out)
        if !decision.changes.isEmpty {
            out.text("to change it: " + decision.changes.map(\.text).joined(separator: ", or "), .normal, indent: 2)
        }
    }

    static func featureLines(_ explanation: FeatureExplanation, _ model: BrowserModel, _ out: inout Builder) {
        let feature = explanation.feature
        let role: StyleRole =
            explanation.availability == .available
            ? .success : (explanation.availability == .unavailable ? .error : .warning)
        out.text(
            "\(explanation.availability.symbol) \(feature.displayName): \(explanation.availability.rawValue)", role)
        if let description = feature.description, feature.explicitName != nil {
            out.text(description, .normal, indent: 0)
        }
        out.field("key", feature.key, .normal)
        if let parent = explanation.parent {
            out.field(
                "parent",
                "\(parent.availability.symbol) \(parent.name) (\(parent.key)): \(parent.availability.rawValue)", .normal
            )
        }
        comparedFeatureLines(explanation, model, &out)
        out.blank()
        if explanation.constraints.isEmpty {
            out.text("No constraints of its own.", .muted, indent: 0)
        } else {
            out.text("Constraints:", .key, indent: 0)
            for constraint in explanation.constraints {
                out.append([
                    Span(ExplainReport.symbol(constraint.status) + " ", Renderer.statusRole(constraint.status)),
                    Span(TerminalText.padded(constraint.kind.rawValue, toWidth: 15), .muted),
                    Span(constraint.name + "  ", .normal),
                    Span(constraint.shownDetail, .muted),
                ])
            }
            for constraint in explanation.constraints where constraint.status != .satisfied {
                decisionLines(constraint, &out)
            }
        }
        if !explanation.nextSteps.isEmpty {
            out.blank()
            out.text("Next steps:", .key, indent: 0)
            for (index, step) in explanation.nextSteps.enumerated() {
                out.text("\(index + 1). \(step.action.rawValue): \(step.message)", .normal, indent: 0)
                if !step.keys.isEmpty { out.text("keys: " + step.keys.joined(separator: ", "), .muted, indent: 3) }
            }
        }
        let usedIn = ReferencesReport.usedIn(explanation.feature.key, in: model.workspace, limit: 5)
        if !usedIn.isEmpty {
            out.blank()
            for (index, line) in usedIn.enumerated() { out.field(index == 0 ? "used in" : "", line, .normal) }
        }
        staleLines(explanation.feature.key, model, &out)
    }
}
