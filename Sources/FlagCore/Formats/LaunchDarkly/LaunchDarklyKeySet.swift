/// A list of keys or texts looked up by hash (a target's context keys, a segment's included and
/// excluded keys, the text values of an `in` clause), matched byte for byte as the SDKs compare
/// texts — not as equivalent Unicode, which is how Swift compares and hashes strings.
package struct LaunchDarklyKeySet: Sendable, Hashable {
    /// The keys in the order written (repeats kept, as the source has them).
    package let ordered: [String]
    /// The keys hashed. Swift's hashing treats canonically equivalent texts as one, so a hit is
    /// confirmed byte for byte, and a hit on another spelling falls back to the list.
    private let members: Set<String>

    /// Creates a set of `keys`.
    package init(_ keys: [String]) {
        ordered = keys
        members = Set(keys)
    }

    /// Whether `key` is one of the keys, byte for byte.
    package func contains(_ key: String) -> Bool {
        guard let index = members.firstIndex(of: key) else { return false }
        if UTF8Bytes.equal(members[index], key) { return true }
        return ordered.contains { UTF8Bytes.equal($0, key) }
    }

    /// How many keys there are.
    package var count: Int { ordered.count }

    /// Whether there are none.
    package var isEmpty: Bool { ordered.isEmpty }
}
