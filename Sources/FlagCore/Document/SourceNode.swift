/// A parsed YAML or JSON document node with the position it came from.
///
/// Both formats read into this one tree, so blueprints, workspaces and provider files are
/// interpreted by the same code whatever their syntax. Scalars keep their text; whether a
/// scalar was quoted decides how it is typed (`true` is a bool, `"true"` a string).
package struct SourceNode: Sendable {
    /// The shape of a node.
    package enum Content: Sendable {
        /// A scalar's text; `quoted` is true for quoted (or block) YAML scalars and JSON strings.
        case scalar(String, quoted: Bool)
        /// Key–value pairs in file order (keys are nodes, so their positions are kept).
        case mapping([(key: SourceNode, value: SourceNode)])
        /// Items in file order.
        case sequence([SourceNode])
    }

    /// The node's content.
    package var content: Content
    /// Where the node starts.
    package var location: TextLocation

    /// Creates a node.
    package init(_ content: Content, at location: TextLocation) {
        self.content = content
        self.location = location
    }

    /// The pairs when this is a mapping.
    package var mapping: [(key: SourceNode, value: SourceNode)]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items when this is a sequence.
    package var sequence: [SourceNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The text when this is a scalar.
    package var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// Whether this is an unquoted scalar (the form whose text YAML resolves to bool/number/null).
    package var isPlainScalar: Bool {
        if case .scalar(_, let quoted) = content { return !quoted }
        return false
    }

    /// Whether this is a YAML/JSON null (`null`, `~`, or nothing at all).
    package var isNull: Bool {
        guard case .scalar(let text, false) = content else { return false }
        return Self.isNullText(text)
    }

    /// Whether an unquoted scalar's text means null.
    static func isNullText(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// A short name of the node's kind for messages ("a mapping", "a list", "text").
    package var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, let quoted):
            if isNull { return "null" }
            if !quoted, PlainScalar.bool(text) != nil { return "a bool" }
            if !quoted, PlainScalar.number(text) != nil { return "a number" }
            return "text"
        }
    }

    /// The value for a key of a mapping (first match).
    package subscript(key: String) -> SourceNode? {
        mapping?.first { $0.key.scalarText == key }?.value
    }
}

/// YAML 1.2 core-schema resolution of plain scalars (also right for JSON literals).
package enum PlainScalar {
    /// `true`/`false` in their three YAML spellings.
    package static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// An integer in decimal (optionally signed, underscores not allowed).
    package static func int(_ text: String) -> Int? {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return nil }
        return Int(text)
    }

    /// A floating-point number in decimal or exponent form (no `inf`/`nan`: they are not JSON).
    package static func double(_ text: String) -> Double? {
        guard !text.isEmpty else { return nil }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
                UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default:
                return nil
            }
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Any number, for describing a node's kind.
    package static func number(_ text: String) -> Double? {
        int(text).map(Double.init) ?? double(text)
    }
}
