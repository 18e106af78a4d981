import FlagCore

/// For every trigram (three consecutive bytes) of the lower-cased search text, the blocks of
/// ``nodesPerBlock`` consecutive nodes whose text holds it.
///
/// A node whose text contains a query contains each of the query's trigrams, so only the blocks
/// on every one of those lists can hold a match: a filter or search scans those blocks, not the
/// whole buffer, and its cost follows the matches instead of the workspace. Block lists, not node
/// lists, keep it small (at 100k flags about 700k entries, under 3 MB, against 10M for nodes).
/// Trigrams are hashed into buckets; two sharing a bucket only add candidates, which the scan
/// that follows rules out, so an answer is never wrong, at worst slower.
struct TrigramBlocks: Sendable {
    /// Nodes per block: large enough that neighbours (one collection's flags, which share most
    /// of their words) share their trigrams' entries, small enough that a block is a short scan.
    static let nodesPerBlock = 64
    /// Bits of a bucket number.
    private static let bucketBits = 16

    /// Per bucket, the blocks holding one of its trigrams, ascending, each once.
    private var blocks: [[UInt32]]
    /// Per bucket, the last block added to its list (the text arrives in node order, so this
    /// is all it takes to add each block once).
    private var lastBlock: [UInt32]

    /// An empty index.
    init() {
        blocks = Array(repeating: [], count: 1 << Self.bucketBits)
        lastBlock = Array(repeating: .max, count: 1 << Self.bucketBits)
    }

    /// The bucket of the trigram `first`, `second`, `third`.
    private static func bucket(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Int {
        let trigram = UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third)
        return Int((trigram &* 0x9E37_79B1) >> (32 - UInt32(bucketBits)))
    }

    /// Records the trigrams of node `position`'s text (nodes are added in index order).
    mutating func add(_ text: UnsafeBufferPointer<UInt8>, node position: Int) {
        guard text.count >= 3 else { return }
        let block = UInt32(position / Self.nodesPerBlock)
        var first = text[0]
        var second = text[1]
        for index in 2..<text.count {
            let third = text[index]
            let bucket = Self.bucket(first, second, third)
            if lastBlock[bucket] != block {
                lastBlock[bucket] = block
                blocks[bucket].append(block)
            }
            first = second
            second = third
        }
    }

    /// The blocks that may hold `needle`, ascending; `nil` when the needle is too short to have
    /// a trigram, and every block may.
    func candidates(for needle: [UInt8]) -> [Int]? {
        guard needle.count >= 3 else { return nil }
        var buckets: [Int] = []
        for index in 2..<needle.count {
            let bucket = Self.bucket(needle[index - 2], needle[index - 1], needle[index])
            if !buckets.contains(bucket) { buckets.append(bucket) }
        }
        // Start from the shortest list: each further list can only remove blocks, and a binary
        // search per remaining block costs less than a walk over a long list.
        buckets.sort { blocks[$0].count < blocks[$1].count }
        var result = blocks[buckets[0]].map(Int.init)
        for bucket in buckets.dropFirst() where !result.isEmpty {
            let list = blocks[bucket]
            result = result.filter { Self.contains(list, UInt32($0)) }
        }
        return result
    }

    /// Whether the ascending `list` holds `block` (binary search).
    private static func contains(_ list: [UInt32], _ block: UInt32) -> Bool { list.sortedContains(block) }
}
