import FlagCore

extension DetailText {
    /// A flag: what it is, its value and where it came from, its default and marks, what it
    /// computes from, every layer of the stack, and what else its blueprint says of it.
    static func flagLines(_ key: String, _ model: BrowserModel, _ out: inout Builder) {
        guard let resolution = model.resolution(key) else { return }
        let flag = resolution.flag
        out.text(key, .header, indent: 0)
        if let description = flag.description { out.text(description, .normal, indent: 0) }
        out.blank()
        out.field("type", typeText(flag), .normal)
        valueLines(resolution, &out)
        let compared = comparedResolution(key, model)
        if let compared { comparedValueLines(resolution, compared, &out) }
        if let size = model.hugeValueSize(key) {
            out.field(
                "",
                "cut for the screen: \(TerminalText.byteCount(size)) in all; `flagscope get \(key) --json` prints it whole",
                .muted)
        }
        defaultLines(flag, &out)
        markerLines(key, flag, model, &out)
        if let attribute = model.workspace.ruleAttribute(key) { attributeLines(attribute, &out) }
        if let computed = flag.computed { computedLines(computed, key, resolution, model, &out) }
        out.blank()
        out.text("Layers, highest first:", .key, indent: 0)
        stackLines(resolution, model.workspace, &out)
        if let compared {
            out.blank()
            out.text("Layers on \(compared.device), highest first:", .warning, indent: 0)
            stackLines(compared.resolution, compared.workspace, &out)
        }
        declarationLines(key, flag, model, &out)
        staleLines(key, model, &out)
    }

    /// The flag's type in words, with the values, range or pattern it allows.
    static func typeText(_ flag: FlagDefinition) -> String {
        var type = flag.typeWords
        if !flag.rules.values.isEmpty { type += ": " + flag.rules.values.joined(separator: " | ") }
        if flag.rules.minimum != nil || flag.rules.maximum != nil {
            type +=
                " (\(flag.rules.minimum.map { ValueRules.number($0, for: flag.type) } ?? "…") to \(flag.rules.maximum.map { ValueRules.number($0, for: flag.type) } ?? "…"))"
        }
        if let pattern = flag.rules.pattern, flag.rules.textKind == nil { type += " matching \(pattern)" }
        return type
    }

    /// The value and where it came from; a JSON object or array pretty-printed when it fits.
    static func valueLines(_ resolution: Resolution, _ out: inout Builder) {
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
    }

    /// The blueprint's default, or that Swift code gives one this cannot read.
    static func defaultLines(_ flag: FlagDefinition, _ out: inout Builder) {
        if let source = flag.unknownDefault {
            out.field("default", "unknown: \(TerminalText.escaped(source)) (Swift code)", .muted)
        } else if let value = flag.defaultValue, let pretty = prettyJSON(value) {
            out.block("default", pretty, trailer: "", .muted)
        } else {
            out.field(
                "default", flag.defaultValue?.preview(limit: PreviewLimits.detail) ?? ResolutionWords.noDefault,
                .muted)
        }
    }

    /// The row's markers in words: overridden, mismatched, locked, stale.
    static func markerLines(_ key: String, _ flag: FlagDefinition, _ model: BrowserModel, _ out: inout Builder) {
        var markers: [String] = []
        if model.isOverridden(key) { markers.append("✎ set in \(model.writableProvider ?? "the writable file")") }
        if model.hasMismatch(key) { markers.append("! a layer's value does not fit") }
        if flag.locked { markers.append("⊘ locked") }
        if model.isStale(key) { markers.append("† stale since \(flag.expires ?? "?")") }
        if !markers.isEmpty { out.field("", markers.joined(separator: "  "), .warning) }
    }

    /// A computed flag's expression and the value of each key it reads.
    static func computedLines(
        _ computed: String, _ key: String, _ resolution: Resolution, _ model: BrowserModel, _ out: inout Builder
    ) {
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

    /// What the blueprint says besides the value (tags, owner, expiry, …), where the flag is
    /// declared, and where the app's code reads it.
    static func declarationLines(_ key: String, _ flag: FlagDefinition, _ model: BrowserModel, _ out: inout Builder) {
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
}
