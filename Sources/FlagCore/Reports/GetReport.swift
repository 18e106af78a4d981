import Foundation
import OrderedCollections

/// The `get` command's output: value and full provenance of one key (SPEC §6).
public struct GetReport: Sendable {
    /// The resolution shown.
    public var resolution: Resolution
    /// The moment staleness is judged against.
    public var now: Date

    /// Creates a report.
    public init(resolution: Resolution, now: Date) {
        self.resolution = resolution
        self.now = now
    }

    /// The JSON of SPEC §6.
    public var json: JSONValue {
        let flag = resolution.flag
        var object: OrderedDictionary<String, JSONValue> = [
            "key": .string(flag.key),
            "type": .string(flag.type.rawValue),
            "value": resolution.value?.json ?? .null,
            "default": flag.defaultValue?.json ?? .null,
            "source": .string(resolution.source),
            "reason": .string(resolution.reason.rawValue),
            "locked": .bool(flag.locked),
            "stale": .bool(resolution.isStale(now: now)),
        ]
        object["layers"] = .array(resolution.layers.map(Self.json))
        if resolution.reason == .computed || flag.computed != nil {
            object["computed"] = .object(["expression": .string(flag.computed ?? ""),
                                          "reads": .array(resolution.computedInputs.map(JSONValue.string))])
        }
        if let description = flag.description { object["description"] = .string(description) }
        if !flag.rules.values.isEmpty { object["values"] = .array(flag.rules.values.map(JSONValue.string)) }
        if let minimum = flag.rules.minimum { object["min"] = flag.type == .int ? .int(Int(minimum)) : .double(minimum) }
        if let maximum = flag.rules.maximum { object["max"] = flag.type == .int ? .int(Int(maximum)) : .double(maximum) }
        if let pattern = flag.rules.pattern { object["pattern"] = .string(pattern) }
        if !flag.tags.isEmpty { object["tags"] = .array(flag.tags.map(JSONValue.string)) }
        if let owner = flag.owner { object["owner"] = .string(owner) }
        if let expires = flag.expires { object["expires"] = .string(expires) }
        if !flag.excludedProviders.isEmpty { object["excludedProviders"] = .array(flag.excludedProviders.map(JSONValue.string)) }
        if flag.hidden { object["hidden"] = .bool(true) }
        if flag.requiresRestart { object["requiresRestart"] = .bool(true) }
        return .object(object)
    }

    /// One layer as `{"provider","state","value"|"raw","winner"}`.
    static func json(_ layer: Layer) -> JSONValue {
        var object: OrderedDictionary<String, JSONValue> = ["provider": .string(layer.provider), "state": .string(layer.state.name)]
        switch layer.state {
        case .set(let value): object["value"] = value.json
        case .typeMismatch(let raw, let problem):
            object["raw"] = raw.json
            object["problem"] = .string(problem)
        case .error(let message): object["error"] = .string(message)
        default: break
        }
        if let remote = layer.remote {
            if remote.isCached {
                object["cached"] = .bool(true)
                if let fetchedAt = remote.fetchedAt { object["fetchedAt"] = .string(ISO8601DateFormatter().string(from: fetchedAt)) }
            }
            if remote.notModified { object["notModified"] = .bool(true) }
            if let problem = remote.problem, object["error"] == nil { object["error"] = .string(problem) }
        }
        if layer.isWinner { object["winner"] = .bool(true) }
        if !layer.notes.isEmpty { object["notes"] = .array(layer.notes.map(JSONValue.string)) }
        return .object(object)
    }

    /// A readable block: value and source, default, every layer, then the flag's details.
    public var text: String {
        let flag = resolution.flag
        func show(_ text: String) -> String { TerminalText.escaped(text) }
        var lines: [String] = []
        var typeLine = flag.type.rawValue
        if !flag.rules.values.isEmpty { typeLine += ": " + flag.rules.values.joined(separator: " | ") }
        if flag.rules.minimum != nil || flag.rules.maximum != nil {
            let low = flag.rules.minimum.map { ValueRules.number($0, for: flag.type) } ?? "…"
            let high = flag.rules.maximum.map { ValueRules.number($0, for: flag.type) } ?? "…"
            typeLine += ", \(low) to \(high)"
        }
        if let pattern = flag.rules.pattern { typeLine += ", matching \(pattern)" }
        lines.append("\(show(flag.key))  (\(show(typeLine)))")
        let value = resolution.value.map { show($0.displayText) } ?? "(unset: unknown)"
        let source: String
        switch resolution.reason {
        case .provider: source = "from \(show(resolution.source))"
        case .default: source = "blueprint default"
        case .computed: source = "computed from \(resolution.computedInputs.map(show).joined(separator: ", "))"
        }
        var markers: [String] = []
        if flag.locked { markers.append("locked") }
        if resolution.isStale(now: now) { markers.append("stale since \(flag.expires ?? "?")") }
        lines.append("  value    \(value)   \(source)\(markers.isEmpty ? "" : "  [\(markers.joined(separator: ", "))]")")
        lines.append("  default  \(flag.defaultValue.map { show($0.displayText) } ?? "(none: unset means unknown)")")
        if let computed = flag.computed { lines.append("  computed \(show(computed))") }
        if !resolution.layers.isEmpty {
            lines.append("  layers (highest first):")
            let rows = resolution.layers.map { layer -> [String] in
                var detail = ""
                switch layer.state {
                case .set(let value):
                    detail = TerminalText.truncated(show(value.displayText), toWidth: 60)
                    if layer.isWinner {
                        detail += "   ← wins"
                    } else if resolution.reason == .provider || resolution.reason == .computed {
                        detail += "   (shadowed)"
                    }
                case .typeMismatch(let raw, let problem):
                    detail = TerminalText.truncated(show(raw.displayText), toWidth: 40) + "   ignored: " + show(problem)
                case .error(let message): detail = show(message)
                case .excluded: detail = "(listed in excludedProviders)"
                case .missing: detail = "(file does not exist)"
                case .fetching: detail = "(waiting for the server)"
                case .unset: detail = ""
                }
                if layer.remote?.isCached == true { detail += detail.isEmpty ? "(cached)" : "   (cached)" }
                return ["    " + show(layer.provider), layer.state.name, detail]
            }
            lines.append(TextTable.render(header: [], rows: rows))
            for layer in resolution.layers {
                // How a remote layer got its values, unless its state already says (an error).
                if let note = layer.remote?.note, layer.state != .error(note) {
                    lines.append("    \(show(layer.provider)): \(show(note))")
                }
                for note in layer.notes { lines.append("    \(show(layer.provider)): \(show(note))") }
            }
        }
        if let description = flag.description { lines.append("  description  \(show(description))") }
        if !flag.tags.isEmpty { lines.append("  tags         \(flag.tags.map(show).joined(separator: ", "))") }
        if let owner = flag.owner { lines.append("  owner        \(show(owner))") }
        if let expires = flag.expires { lines.append("  expires      \(show(expires))") }
        if !flag.excludedProviders.isEmpty { lines.append("  excludes     \(flag.excludedProviders.map(show).joined(separator: ", "))") }
        if flag.requiresRestart { lines.append("  requires an app restart to take effect") }
        if flag.hidden { lines.append("  hidden in the browser unless \"show hidden\" is on") }
        return lines.joined(separator: "\n")
    }
}
