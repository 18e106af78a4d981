import Foundation
import OrderedCollections

/// A JSON value with key order kept: the payload of `json` flags and the model of JSON output.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(OrderedDictionary<String, JSONValue>)

    /// The value of a document node: plain scalars resolve as YAML core / JSON literals.
    public init(_ node: SourceNode) {
        switch node.content {
        case .scalar(let text, let quoted):
            if quoted {
                self = .string(text)
            } else if node.isNull {
                self = .null
            } else if let bool = PlainScalar.bool(text) {
                self = .bool(bool)
            } else if let int = PlainScalar.int(text) {
                self = .int(int)
            } else if let double = PlainScalar.double(text) {
                self = .double(double)
            } else {
                self = .string(text)
            }
        case .sequence(let items):
            self = .array(items.map(JSONValue.init))
        case .mapping(let pairs):
            var object = OrderedDictionary<String, JSONValue>()
            for (key, value) in pairs { object[key.scalarText ?? JSONValue(key).compactText] = JSONValue(value) }
            self = .object(object)
        }
    }

    /// The members when this is an object.
    public var object: OrderedDictionary<String, JSONValue>? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Single-line JSON text.
    public var compactText: String { serialized(pretty: false, sortedKeys: false) }

    /// JSON text; `pretty` indents by two spaces, `sortedKeys` orders object members by key.
    public func serialized(pretty: Bool, sortedKeys: Bool) -> String {
        var output = ""
        write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: 0, limit: .max)
        return output
    }

    /// Single-line JSON text cut after about `limit` bytes (ending in `…` when cut): what a
    /// screen shows of a value that may be megabytes long, at the cost of the part shown.
    public func compactText(limit: Int) -> String {
        var output = ""
        write(to: &output, pretty: false, sortedKeys: false, indent: 0, limit: limit)
        return output.utf8.count > limit ? TerminalText.capped(output, limit: limit) : output
    }

    /// Writes the JSON text; stops early once `output` holds more than `limit` bytes.
    private func write(to output: inout String, pretty: Bool, sortedKeys: Bool, indent: Int, limit: Int) {
        guard output.utf8.count <= limit else { return }
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += Self.format(value)
        case .string(let value): Self.writeString(limit == .max ? value : TerminalText.capped(value, limit: limit), to: &output)
        case .array(let items):
            if items.isEmpty { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += pretty ? "," : "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1, limit: limit)
                if output.utf8.count > limit { return }
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{"
            // Byte order of UTF-8 is code point order, and much cheaper than String's Unicode-aware
            // comparison: sorting a 100k-key local file is a large part of writing it.
            let keys = sortedKeys ? members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : Array(members.keys)
            for (index, key) in keys.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.writeString(key, to: &output)
                output += pretty ? ": " : ":"
                members[key]!.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1, limit: limit)
                if output.utf8.count > limit { return }
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "}"
        }
    }

    /// Shortest text that reads back as the same double, always with a fraction or exponent.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = String(value)
        if text.contains(".") || text.contains("e") { return text.replacingOccurrences(of: "e+", with: "e") }
        return text + ".0"
    }

    private static func writeString(_ value: String, to output: inout String) {
        // Most keys and values are plain printable ASCII: copy them whole.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            output += "\""
            output += value
            output += "\""
            return
        }
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                // Escape every control and bidi character so JSON output is safe to print.
                if TerminalText.needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
