import Foundation
import OrderedCollections

/// A JSON value with key order kept: the payload of `json` flags and the model of JSON output.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Boxed: an ordered dictionary is three words, and inline it would make every value —
    /// every provider entry and flag value — a word larger.
    indirect case object(OrderedDictionary<String, JSONValue>)

    /// The value of a document node: plain scalars resolve as YAML core / JSON literals.
    package init(_ node: SourceNode) {
        switch node.content {
        case .scalar(let text, let quoted):
            self = quoted ? .string(text) : JSONValue(plainScalar: text)
        case .sequence(let items):
            self = .array(items.map(JSONValue.init))
        case .mapping(let pairs):
            var object = OrderedDictionary<String, JSONValue>()
            for (key, value) in pairs {
                object[key.scalarText ?? JSONValue(key).compactText(limit: Self.collectionKeyLimit)] = JSONValue(value)
            }
            self = .object(object)
        }
    }

    /// The most bytes of the JSON text that names a member whose YAML key is a collection
    /// (`? [a, b]`): whole, that text nested in keys of keys doubles its escapes at each level,
    /// and sixty bytes of `? ? ? …` made gigabytes and took minutes (a fuzz finding).
    static let collectionKeyLimit = 200

    /// The value of an unquoted scalar: null, a bool, a number, else the text itself.
    init(plainScalar text: String) {
        if SourceNode.isNullText(text) {
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
    }

    /// `text` read as JSON when it is JSON (`42`, `true`, `{"a":1}`, `"quoted"`), else the text
    /// itself: how `--context` values and typed context attributes are read.
    package init(parsingOrText text: String) {
        if let node = try? JSONReader.parse(text) {
            self = JSONValue(node)
        } else {
            self = .string(text)
        }
    }

    /// The members when this is an object.
    package var object: OrderedDictionary<String, JSONValue>? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Single-line JSON text.
    package var compactText: String { serialized(pretty: false, sortedKeys: false) }

    /// JSON text; `pretty` indents by two spaces, `sortedKeys` orders object members by key.
    package func serialized(pretty: Bool, sortedKeys: Bool) -> String {
        var output: [UInt8] = []
        write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: 0, limit: .max)
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes the text `serialized(pretty: true, sortedKeys: false)` gives, as if nested
    /// `indent` levels deep (lines after the first are indented by that much more), handing
    /// chunks on between items and members instead of making the whole text first.
    package func writePretty(to output: inout ChunkedOutput, indent: Int = 0) {
        write(to: &output, pretty: true, sortedKeys: false, indent: indent, limit: .max)
    }

    /// Single-line JSON text cut after about `limit` bytes (ending in `…` when cut): what a
    /// screen shows of a value that may be megabytes long, at the cost of the part shown.
    package func compactText(limit: Int) -> String {
        var output: [UInt8] = []
        write(to: &output, pretty: false, sortedKeys: false, indent: 0, limit: limit)
        let text = String(decoding: output, as: UTF8.self)
        return output.count > limit ? TerminalText.capped(text, limit: limit) : text
    }

    /// Writes the JSON text as UTF-8 (bytes, not a String: appending to a String costs several
    /// times more, and writing a large provider file is mostly this); stops early once `output`
    /// holds more than `limit` bytes. Only whole pieces are appended, so the bytes stay valid UTF-8.
    func write<Output: JSONByteOutput>(
        to output: inout Output, pretty: Bool, sortedKeys: Bool, indent: Int, limit: Int
    ) {
        guard output.count <= limit else { return }
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value): output.append(contentsOf: Self.format(value).utf8)
        case .string(let value):
            Self.writeString(limit == .max ? value : TerminalText.capped(value, limit: limit), to: &output)
        case .array(let items):
            if items.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            let itemIndent = Self.lineStart(pretty: pretty, indent: indent + 1)
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: itemIndent)
                item.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1, limit: limit)
                if output.count > limit { return }
                output.pieceWritten()
            }
            output.append(contentsOf: Self.lineStart(pretty: pretty, indent: indent))
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            // Byte order of UTF-8 is code point order, and much cheaper than String's Unicode-aware
            // comparison: sorting a 100k-key local file is a large part of writing it.
            if sortedKeys {
                Self.writeObject(
                    members.elements.sorted { Self.keyPrecedes($0.key, $1.key) }, to: &output, pretty: pretty,
                    sortedKeys: true, indent: indent, limit: limit)
            } else {
                Self.writeObject(
                    members.elements, to: &output, pretty: pretty, sortedKeys: false, indent: indent, limit: limit)
            }
        }
    }

    /// Whether key `a` sorts before key `b` in sorted output: by UTF-8 bytes (code point order).
    /// (A byte compare of the contiguous UTF-8: the generic sequence comparison costs a quarter
    /// of a write of a 100k-key file.)
    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        let compared = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second -> Bool in
                let common = min(first.count, second.count)
                if common > 0, let left = first.baseAddress, let right = second.baseAddress {
                    let order = memcmp(left, right, common)
                    if order != 0 { return order < 0 }
                }
                return first.count < second.count
            }
        }
        return (compared ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Pretty JSON text of an object whose members are already in the order wanted (a provider
    /// file kept in key order, so it need not be sorted again); nested objects get sorted keys.
    static func prettySortedBytes(members: [(key: String, value: JSONValue)]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(members.count * 48)
        writeObject(members, to: &output, pretty: true, sortedKeys: true, indent: 0, limit: .max)
        return output
    }

    /// A new line and the indent of `indent` levels when pretty; nothing otherwise.
    static func lineStart(pretty: Bool, indent: Int) -> [UInt8] {
        pretty ? [0x0A] + [UInt8](repeating: 0x20, count: 2 * indent) : []
    }

    /// Writes an object's members in the order given.
    private static func writeObject<Members: Collection<(key: String, value: JSONValue)>, Output: JSONByteOutput>(
        _ members: Members, to output: inout Output, pretty: Bool, sortedKeys: Bool, indent: Int, limit: Int
    ) {
        if members.isEmpty {
            output.append(contentsOf: "{}".utf8)
            return
        }
        output.append(UInt8(ascii: "{"))
        let memberIndent = lineStart(pretty: pretty, indent: indent + 1)
        var first = true
        for (key, value) in members {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.append(contentsOf: memberIndent)
            writeString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            if pretty { output.append(UInt8(ascii: " ")) }
            value.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, indent: indent + 1, limit: limit)
            if output.count > limit { return }
            output.pieceWritten()
        }
        output.append(contentsOf: lineStart(pretty: pretty, indent: indent))
        output.append(UInt8(ascii: "}"))
    }

    /// Shortest text that reads back as the same double, always with a fraction or exponent.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = String(value)
        if text.contains(".") || text.contains("e") { return text.replacingOccurrences(of: "e+", with: "e") }
        return text + ".0"
    }

    static func writeString<Output: JSONByteOutput>(_ value: String, to output: inout Output) {
        output.append(UInt8(ascii: "\""))
        // Most keys and values are plain printable ASCII: copy them whole.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            output.append(contentsOf: value.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output.append(contentsOf: "\\\"".utf8)
            case "\\": output.append(contentsOf: "\\\\".utf8)
            case "\n": output.append(contentsOf: "\\n".utf8)
            case "\r": output.append(contentsOf: "\\r".utf8)
            case "\t": output.append(contentsOf: "\\t".utf8)
            case "\u{08}": output.append(contentsOf: "\\b".utf8)
            case "\u{0C}": output.append(contentsOf: "\\f".utf8)
            default:
                // Escape every control and bidi character so JSON output is safe to print.
                if TerminalText.needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8)
                } else {
                    output.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Where JSON text is written: an array of bytes, or output handed on in chunks.
protocol JSONByteOutput {
    /// Bytes written so far.
    var count: Int { get }
    /// Appends a byte.
    mutating func append(_ byte: UInt8)
    /// Appends bytes.
    mutating func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes)
    /// Called after each array item and object member, where chunked output may hand on a chunk.
    mutating func pieceWritten()
}

extension Array: JSONByteOutput where Element == UInt8 {
    /// An array keeps everything: nothing to hand on.
    mutating func pieceWritten() {}
}

extension ChunkedOutput: JSONByteOutput {}
