import FlagCore
import Foundation
import OrderedCollections

/// Every node's lower-cased search text (label, key, description, tags, owner) in one buffer,
/// built once per load. `/` and `f` search it with `memchr`/`memcmp` instead of comparing a
/// hundred thousand strings one by one per keystroke, and only in the blocks of nodes that
/// ``TrigramBlocks`` says may match, so a filter costs what it finds, not the whole buffer.
///
/// The tree is walked once to size the text (``textSize(of:)``) before it is filled, so the
/// buffer is allocated once at its exact size: grown by doubling, it would be a third empty.
package struct SearchIndex: Sendable {
    /// The texts, each followed by a NUL (never in a query, so no match spans two nodes).
    private var text: [UInt8] = []
    /// Where each node's text starts in `text` (32 bits: the text of 100k flags is about 10 MB).
    private var starts: [UInt32] = []
    /// Which blocks of nodes hold each trigram of `text`.
    private var trigrams = TrigramBlocks()

    /// An empty index with room for `nodes` texts of `bytes` bytes in all (the sum of their
    /// ``textSize(of:)``).
    init(nodes: Int, bytes: Int) {
        precondition(bytes <= UInt32.max, "search text past 4 GB")
        text.reserveCapacity(bytes)
        starts.reserveCapacity(nodes)
    }

    /// The bytes ``append(_:)`` adds for `parts`.
    static func textSize(of parts: [String]) -> Int {
        var size = max(1, parts.count)  // a newline between parts, a NUL after the last
        for part in parts {
            size += isASCII(part) ? part.utf8.count : part.lowercased().utf8.count
        }
        return size
    }

    /// Appends the next node's text (nodes are added in index order).
    mutating func append(_ parts: [String]) {
        let start = text.count
        starts.append(UInt32(start))
        for (index, part) in parts.enumerated() {
            if index > 0 { text.append(0x0A) }
            if Self.isASCII(part) {
                // Lower-cased in place, as ``lowercased(_:)`` does, without a string per part.
                let partStart = text.count
                text.append(contentsOf: part.utf8)
                text.withUnsafeMutableBufferPointer { buffer in
                    for offset in partStart..<buffer.count where buffer[offset] >= 0x41 && buffer[offset] <= 0x5A {
                        buffer[offset] |= 0x20
                    }
                }
            } else {
                text.append(contentsOf: part.lowercased().utf8)
            }
        }
        let position = starts.count - 1
        text.withUnsafeBufferPointer { buffer in
            trigrams.add(UnsafeBufferPointer(rebasing: buffer[start...]), node: position)
        }
        text.append(0)
    }

    /// Bytes of text so far.
    var byteCount: Int { text.count }

    /// Whether `text` is all ASCII, which lower-cases byte by byte.
    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The query as the index stores text (lower-cased; `nil` when empty or unsearchable).
    static func needle(_ query: String) -> [UInt8]? {
        let bytes = Array(lowercased(query).utf8)
        return bytes.isEmpty || bytes.contains(0) ? nil : bytes
    }

    /// Lower-cases ASCII text byte by byte (the common case), other text by Unicode rules.
    static func lowercased(_ text: String) -> String {
        guard isASCII(text) else { return text.lowercased() }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether node `position`'s text contains `needle`.
    func contains(_ needle: [UInt8], at position: Int) -> Bool {
        firstMatch(needle, in: start(of: position)..<end(of: position)) != nil
    }

    /// Every node whose text contains `needle` (the first `limit` of them), ascending: a scan of
    /// the candidate blocks only (of the whole buffer for a needle of one or two bytes).
    func nodes(containing needle: [UInt8], limit: Int = .max) -> [Int] {
        var found: [Int] = []
        for range in candidateRanges(needle, from: 0) where found.count < limit {
            var offset = range.lowerBound
            while found.count < limit, let match = firstMatch(needle, in: offset..<range.upperBound) {
                let position = node(at: match)
                found.append(position)
                offset = end(of: position)
            }
        }
        return found
    }

    /// The first node at or after `position` (in index order, not wrapping) whose text contains `needle`.
    func firstNode(containing needle: [UInt8], from position: Int) -> Int? {
        guard position < starts.count else { return nil }
        for range in candidateRanges(needle, from: position) {
            if let match = firstMatch(needle, in: range) { return node(at: match) }
        }
        return nil
    }

    /// The stretches of `text` that may hold `needle`, from node `position` on, ascending: the
    /// candidate blocks, with neighbouring blocks joined into one stretch.
    private func candidateRanges(_ needle: [UInt8], from position: Int) -> [Range<Int>] {
        guard position < starts.count else { return [] }
        let size = TrigramBlocks.nodesPerBlock
        guard let blocks = trigrams.candidates(for: needle) else { return [start(of: position)..<text.count] }
        var ranges: [Range<Int>] = []
        for block in blocks where (block + 1) * size > position {
            let lower = start(of: max(block * size, position))
            let upper = (block + 1) * size < starts.count ? start(of: (block + 1) * size) : text.count
            if let last = ranges.last, last.upperBound == lower {
                ranges[ranges.count - 1] = last.lowerBound..<upper
            } else {
                ranges.append(lower..<upper)
            }
        }
        return ranges
    }

    /// Where node `position`'s text starts.
    private func start(of position: Int) -> Int { Int(starts[position]) }

    /// Where node `position`'s text ends (its NUL included).
    private func end(of position: Int) -> Int {
        position + 1 < starts.count ? start(of: position + 1) : text.count
    }

    /// The node whose text holds byte `offset` (binary search over the starts).
    private func node(at offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if start(of: middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The offset of the first occurrence of `needle` inside `range`: `memchr` finds candidates
    /// for the first byte (vectorised in libc), `memcmp` checks them.
    private func firstMatch(_ needle: [UInt8], in range: Range<Int>) -> Int? {
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        return text.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                guard let base = haystack.baseAddress, let first = pattern.baseAddress else { return nil }
                var cursor = range.lowerBound
                let last = range.upperBound - pattern.count
                while cursor <= last {
                    guard let hit = memchr(base + cursor, Int32(first.pointee), last - cursor + 1) else { return nil }
                    let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + offset, first, pattern.count) == 0 { return offset }
                    cursor = offset + 1
                }
                return nil
            }
        }
    }
}

extension SearchIndex {
    /// The index of a workspace's tree: the walk that builds the tree, taken twice more, to size
    /// the text and then to fill it (node positions are the tree's, walked in the same order).
    /// Built after the first frame (``BrowserModel/buildDeferredParts()``), which shows no search.
    static func build(workspace: Workspace, explanations: OrderedDictionary<String, FeatureExplanation>)
        -> SearchIndex
    {
        let contextKeys = TreeWalk<SearchTextSize>.contextKeys(of: workspace)
        var sizing = TreeWalk(
            workspace: workspace, explanations: explanations, contextKeys: contextKeys, sink: SearchTextSize())
        sizing.walk()
        var building = TreeWalk(
            workspace: workspace, explanations: explanations, contextKeys: contextKeys,
            sink: SearchIndex(nodes: sizing.sink.nodes, bytes: sizing.sink.bytes))
        building.walk()
        assert(building.sink.byteCount == sizing.sink.bytes, "the sizing walk counted what the building walk adds")
        return building.sink
    }
}

/// The search index takes each node's text as the tree walk visits it.
extension SearchIndex: TreeSink {
    mutating func add(
        _ kind: NodeKind, flagIndex: Int?, label: String, parent: Int?, search: () -> [String], hidden: Bool
    ) -> Int {
        append(search())
        return starts.count - 1
    }
}

/// The size of the search text, counted by a first walk so the buffer is allocated once.
struct SearchTextSize: TreeSink {
    /// Nodes.
    var nodes = 0
    /// Bytes of text (``SearchIndex/textSize(of:)`` of every node's parts).
    var bytes = 0

    mutating func add(
        _ kind: NodeKind, flagIndex: Int?, label: String, parent: Int?, search: () -> [String], hidden: Bool
    ) -> Int {
        nodes += 1
        bytes += SearchIndex.textSize(of: search())
        return nodes - 1
    }
}
