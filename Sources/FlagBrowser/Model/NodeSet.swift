/// A set of node positions in one model, one bit per node: membership is a shift and a mask,
/// where a set of identities hashes a long string per lookup (and rows look up every node shown).
struct NodeSet: Sendable, Equatable {
    /// Node `i` is bit `i % 64` of word `i / 64`.
    private var words: [UInt64]

    /// An empty set for a model of `count` nodes.
    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Whether `position` is in the set.
    func contains(_ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    /// Adds `position`; whether it was absent.
    @discardableResult
    mutating func insert(_ position: Int) -> Bool {
        let mask: UInt64 = 1 << UInt64(position & 63)
        guard words[position >> 6] & mask == 0 else { return false }
        words[position >> 6] |= mask
        return true
    }

    /// Removes `position`; whether it was present.
    @discardableResult
    mutating func remove(_ position: Int) -> Bool {
        let mask: UInt64 = 1 << UInt64(position & 63)
        guard words[position >> 6] & mask != 0 else { return false }
        words[position >> 6] &= ~mask
        return true
    }

    /// The positions in the set, ascending.
    var positions: [Int] {
        var result: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                result.append((index << 6) + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
        return result
    }
}
