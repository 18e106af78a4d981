/// A key pattern such as `context/*`: `*` matches any run of characters, `/` included, so
/// `context/*` covers `context/permissions/camera` too. Every other character matches itself.
package struct KeyPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    package var text: String
    /// The literal pieces between the stars.
    private var pieces: [Substring]

    /// A pattern, or `nil` when `text` has no `*` (it is a plain key).
    package init?(_ text: String) {
        guard Self.isPattern(text) else { return nil }
        self.text = text
        pieces = text.split(separator: "*", omittingEmptySubsequences: false)
    }

    /// Whether `text` is a pattern rather than a key.
    package static func isPattern(_ text: String) -> Bool { text.contains("*") }

    /// Whether `key` fits the whole pattern.
    package func matches(_ key: String) -> Bool {
        // The first piece anchors the start, the last the end; the ones between are found in order.
        guard let first = pieces.first, let last = pieces.last, key.hasPrefix(first) else { return false }
        var rest = key.dropFirst(first.count)
        guard rest.count >= last.count, rest.hasSuffix(last) else { return false }
        rest = rest.dropLast(last.count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    package var description: String { text }
}
