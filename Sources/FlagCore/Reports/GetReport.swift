import Foundation
import OrderedCollections

/// The `get` command's output: value and full provenance of one key (docs/commands.md).
package struct GetReport: Sendable {
    /// The resolution shown.
    package var resolution: Resolution
    /// The moment staleness is judged against.
    package var now: Date
    /// The workspace resolved, when at hand: layers then name their provider's file.
    package var workspace: Workspace?

    /// Creates a report.
    package init(resolution: Resolution, now: Date, workspace: Workspace? = nil) {
        self.resolution = resolution
        self.now = now
        self.workspace = workspace
    }

    /// Every layer in words, in stack order.
    var layers: [LayerDescription] { LayerDescription.all(of: resolution, workspace: workspace) }

    /// The JSON of docs/commands.md.
    package var json: JSONValue {
        let flag = resolution.flag
        var object: OrderedDictionary<String, JSONValue> = [
            "key": .string(flag.key),
            "type": .string(flag.typeName),
            "value": resolution.value?.json ?? .null,
            "default": flag.defaultValue?.json ?? .null,
            "source": .string(resolution.source),
            "reason": .string(resolution.reason.rawValue),
            "locked": .bool(flag.locked),
            "stale": .bool(resolution.isStale(now: now)),
        ]
        // A Swift default that is code: its text, so nobody takes the null for the app's default.
        if let source = flag.unknownDefault { object["defaultSource"] = .string(source) }
        // Beside the value it names: the variant of the rules that gave it.
        if let variant = resolution.variant { object.updateValue(.string(variant), forKey: "variant", insertingAt: 6) }
        object["layers"] = .array(layers.map(\.json))
        if resolution.reason == .computed || flag.computed != nil {
            object["computed"] = .object([
                "expression": .string(flag.computed ?? ""),
                "reads": .array(resolution.computedInputs.map(JSONValue.string)),
            ])
        }
        if let description = flag.description { object["description"] = .string(description) }
        if !flag.isGenerated { object["declared"] = .string(flag.origin.description) }
        if !flag.rules.values.isEmpty { object["values"] = .array(flag.rules.values.map(JSONValue.string)) }
        if let minimum = flag.rules.minimum {
            object["min"] = flag.type == .int ? .int(Int(minimum)) : .double(minimum)
        }
        if let maximum = flag.rules.maximum {
            object["max"] = flag.type == .int ? .int(Int(maximum)) : .double(maximum)
        }
        if let pattern = flag.rules.pattern { object["pattern"] = .string(pattern) }
        if !flag.tags.isEmpty { object["tags"] = .array(flag.tags.map(JSONValue.string)) }
        if let owner = flag.owner { object["owner"] = .string(owner) }
        if let expires = flag.expires { object["expires"] = .string(expires) }
        if let code = workspace?.codeReferences {
            object["references"] = .array(
                code.references(of: resolution.flag.key).map { reference in
                    .object([
                        "file": .string(reference.place.file), "line": .int(reference.place.location.line),
                        "column": .int(reference.place.location.column), "text": .string(reference.text),
                        "kind": .string(reference.kind.rawValue),
                    ])
                })
        }
        if !flag.excludedProviders.isEmpty {
            object["excludedProviders"] = .array(flag.excludedProviders.map(JSONValue.string))
        }
        if flag.hidden { object["hidden"] = .bool(true) }
        if flag.requiresRestart { object["requiresRestart"] = .bool(true) }
        return .object(object)
    }

    /// Writes ``json`` as `serialized(pretty: true, sortedKeys: false)` gives it, handing it on in
    /// chunks: a value of many megabytes is not copied into a whole text first.
    package func writeJSON(to output: inout ChunkedOutput) {
        json.writePretty(to: &output)
    }

    /// One layer as `get --json` writes it (see ``LayerDescription/json``).
    static func json(_ layer: Layer) -> JSONValue { LayerDescription.json(of: layer) }

    /// A readable block: value and source, default, every layer, then the flag's details.
    package var text: String {
        let flag = resolution.flag
        func show(_ text: String) -> String { TerminalText.escaped(text) }
        var lines: [String] = []
        var typeLine = flag.typeWords
        if !flag.rules.values.isEmpty { typeLine += ": " + flag.rules.values.joined(separator: " | ") }
        if flag.rules.minimum != nil || flag.rules.maximum != nil {
            let low = flag.rules.minimum.map { ValueRules.number($0, for: flag.type) } ?? "…"
            let high = flag.rules.maximum.map { ValueRules.number($0, for: flag.type) } ?? "…"
            typeLine += ", \(low) to \(high)"
        }
        if let pattern = flag.rules.pattern, flag.rules.textKind == nil { typeLine += ", matching \(pattern)" }
        lines.append("\(show(flag.key))  (\(show(typeLine)))")
        let value = resolution.value.map { show($0.displayText) } ?? ResolutionWords.noValue
        let source: String
        switch resolution.reason {
        case .provider: source = "from \(show(resolution.source))"
        case .default: source = resolution.value == nil ? "" : "blueprint default"
        case .computed: source = "computed from \(resolution.computedInputs.map(show).joined(separator: ", "))"
        }
        var markers: [String] = []
        if flag.locked { markers.append("locked") }
        if resolution.isStale(now: now) { markers.append("stale since \(flag.expires ?? "?")") }
        lines.append(
            "  value    \(value)\(source.isEmpty ? "" : "   " + source)\(markers.isEmpty ? "" : "  [\(markers.joined(separator: ", "))]")"
        )
        if let source = flag.unknownDefault {
            lines.append("  default  unknown: \(show(source)) (Swift code, not read without compiling)")
        } else {
            lines.append("  default  \(flag.defaultValue.map { show($0.displayText) } ?? ResolutionWords.noDefault)")
        }
        if let computed = flag.computed { lines.append("  computed \(show(computed))") }
        if !resolution.layers.isEmpty {
            lines.append("  layers (highest first):")
            let layers = self.layers
            let rows = layers.map { layer -> [String] in
                var detail: [String] = []
                if let value = layer.valueText(limit: 200) {
                    // Narrower beside a reason, so the reason stays on a readable line.
                    detail.append(TerminalText.truncated(show(value), toWidth: layer.reason == nil ? 60 : 40))
                }
                switch layer.verdict {
                case .wins?: detail.append("← wins")
                case .shadowed?: detail.append("(shadowed)")
                case nil: break
                }
                if let reason = layer.reason { detail.append(show(reason.text)) }
                if layer.isCached { detail.append("(cached)") }
                return ["    " + show(layer.provider), layer.stateWord, detail.joined(separator: "   ")]
            }
            lines.append(TextTable.render(header: [], rows: rows))
            for layer in layers { lines += layer.textLines(indent: 2) }
        }
        if let description = flag.description { lines.append("  description  \(show(description))") }
        if !flag.tags.isEmpty { lines.append("  tags         \(flag.tags.map(show).joined(separator: ", "))") }
        if let owner = flag.owner { lines.append("  owner        \(show(owner))") }
        if let expires = flag.expires { lines.append("  expires      \(show(expires))") }
        if !flag.excludedProviders.isEmpty {
            lines.append("  excludes     \(flag.excludedProviders.map(show).joined(separator: ", "))")
        }
        if flag.requiresRestart { lines.append("  requires an app restart to take effect") }
        if flag.hidden { lines.append("  hidden in the browser unless \"show hidden\" is on") }
        // Where to read or change a declaration in the app's own Swift sources (docs/blueprints.md#swift-sources-as-blueprints): the
        // key alone does not tell which of many files holds its `@Flag`.
        if !flag.isGenerated, flag.origin.file.hasSuffix(".swift") {
            lines.append("  declared     \(show(flag.origin.description))")
        }
        if let workspace {
            for (index, line) in ReferencesReport.usedIn(resolution.flag.key, in: workspace).enumerated() {
                lines.append((index == 0 ? "  used in      " : "               ") + line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
