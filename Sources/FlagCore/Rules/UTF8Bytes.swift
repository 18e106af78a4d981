import Foundation

/// Texts compared byte for byte, as Go compares them, on their UTF-8 in place: comparing two
/// `String.UTF8View`s as sequences steps through them an index at a time, and rules compare
/// texts for every flag they evaluate.
enum UTF8Bytes {
    /// Whether `a` and `b` are the same bytes.
    static func equal(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return inPlace(a, b) { first, second in same(first, second, at: 0, count: first.count) }
            ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Whether `text` starts with the bytes of `prefix`.
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        guard text.utf8.count >= prefix.utf8.count else { return false }
        return inPlace(text, prefix) { text, prefix in same(text, prefix, at: 0, count: prefix.count) }
            ?? text.utf8.starts(with: prefix.utf8)
    }

    /// Whether `text` ends with the bytes of `suffix`.
    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        guard text.utf8.count >= suffix.utf8.count else { return false }
        return inPlace(text, suffix) { text, suffix in
            same(text, suffix, at: text.count - suffix.count, count: suffix.count)
        } ?? text.utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    /// Whether the bytes of `part` are somewhere in `text` (an empty `part` is everywhere).
    static func contains(_ text: String, _ part: String) -> Bool {
        let (count, partCount) = (text.utf8.count, part.utf8.count)
        guard partCount > 0 else { return true }
        guard partCount <= count else { return false }
        return inPlace(text, part) { text, part in
            for start in 0...(count - partCount) where text[start] == part[0] {
                if same(text, part, at: start, count: partCount) { return true }
            }
            return false
        }
            ?? Array(text.utf8).withUnsafeBufferPointer { text in
                Array(part.utf8).withUnsafeBufferPointer { part in
                    (0...(count - partCount)).contains { same(text, part, at: $0, count: partCount) }
                }
            }
    }

    /// Whether `count` bytes of `text` from `offset` are the first `count` bytes of `other`.
    private static func same(
        _ text: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int
    ) -> Bool {
        guard count > 0, let left = text.baseAddress, let right = other.baseAddress else { return true }
        return memcmp(left + offset, right, count) == 0
    }

    /// `body` over the bytes of `a` and `b` in place, or `nil` when either is not contiguous.
    private static func inPlace(
        _ a: String, _ b: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool? {
        a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in body(first, second) }
        } ?? nil
    }
}
