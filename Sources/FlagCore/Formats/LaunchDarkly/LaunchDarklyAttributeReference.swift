/// An attribute a clause, rollout or segment rule reads, as LaunchDarkly's SDKs read the text:
/// without a `contextKind` beside it, a plain attribute name (even one starting with `/`); with
/// one, a reference — a plain name, or a JSON pointer (`/address/city`, `~1` for `/` and `~0`
/// for `~` inside a name) into an object attribute.
///
/// On the device the context's attributes are `context/*` keys, and a name holding `/` is a
/// nested key like any path (`attr/a` and `/attr~1a` both read `context/attr/a`), so the pieces
/// the device is read by are the components split again at `/`.
package struct LaunchDarklyAttributeReference: Sendable, Hashable {
    /// The reference as written.
    package let text: String
    /// Whether it was read as a reference (the clause names its context kind) rather than a name.
    package let isReference: Bool
    /// The attribute's name and the properties below it, unescaped; empty when invalid.
    package let components: [String]
    /// Why the SDKs refuse the reference (an evaluation that reads it is `MALFORMED_FLAG`).
    package let error: String?
    /// The device path: every component split at `/`, empty pieces left out.
    let pieces: [String]
    /// For each piece, the index of the component it comes from (a property name holding `/`
    /// is one member of an object, however many pieces it makes).
    let pieceComponents: [Int]

    /// Reads `text` as LaunchDarkly does: a reference when the clause names its context kind,
    /// else a literal attribute name.
    package init(_ text: String, isReference: Bool) {
        self.text = text
        self.isReference = isReference
        var components: [String] = []
        var error: String?
        if text.isEmpty {
            error = "an attribute reference cannot be empty"
        } else if !isReference || text.utf8.first != UInt8(ascii: "/") {
            components = [text]
        } else if text == "/" {
            error = "an attribute reference cannot be empty"
        } else {
            for part in text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                guard !part.isEmpty else {
                    error = "an attribute reference cannot hold an empty name (a double or trailing slash)"
                    break
                }
                guard let name = Self.unescaped(Substring(part)) else {
                    error = "in an attribute reference, ~ is followed by 0 or 1"
                    break
                }
                components.append(name)
            }
        }
        if error != nil { components = [] }
        self.components = components
        self.error = error
        var pieces: [String] = []
        var pieceComponents: [Int] = []
        for (index, component) in components.enumerated() {
            for piece in component.split(separator: "/") {
                pieces.append(String(piece))
                pieceComponents.append(index)
            }
        }
        self.pieces = pieces
        self.pieceComponents = pieceComponents
    }

    /// Whether the reference is the context's `kind` (matched against every kind of the context).
    package var isKind: Bool { components.count == 1 && components[0] == "kind" }

    /// The `context/*` key below a kind's prefix that the device holds the attribute at.
    var deviceSuffix: String { pieces.joined(separator: "/") }

    /// A component with `~1` and `~0` replaced; `nil` when a `~` is followed by anything else.
    private static func unescaped(_ part: Substring) -> String? {
        guard part.utf8.contains(UInt8(ascii: "~")) else { return String(part) }
        var bytes: [UInt8] = []
        var iterator = part.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "~") else {
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
            case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
