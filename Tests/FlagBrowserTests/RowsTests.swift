@testable import FlagBrowser
import FlagCore
import Foundation
import Testing

/// The visible rows are kept in place on expand and collapse (issue 7): they must always equal
/// what a full recomputation gives, and stay in tree order so rows are found by binary search.
@Suite("Visible rows")
struct RowsTests {
    /// A tiny deterministic generator (SplitMix64) so a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
    }

    @Test("Random expands, collapses, hidden toggles and searches leave exactly the rows a full recomputation gives, ascending",
          arguments: [1 as UInt64, 2, 3, 4])
    func incrementalRowsMatchFullRecomputation(seed: UInt64) throws {
        var demo = try DemoFixture(width: 100, height: 30)
        defer { demo.remove() }
        var random = Generator(state: seed)
        let keys = ["l", "h", "j", "k", "<Enter>", ".", "<PgDn>", "G", "g", "/sson<Enter>", "/user<Enter>n", "N"]
        for step in 0..<400 {
            let key = keys[random.next(keys.count)]
            try demo.press(key)
            var fresh = demo.session.state
            fresh.refreshRows()
            let rows = demo.session.state.rows
            #expect(rows == fresh.rows, "seed \(seed), step \(step) after \(key): rows differ from a full recomputation")
            #expect(zip(rows, rows.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed), step \(step): rows are not in tree order")
            if rows != fresh.rows { return }
        }
    }

    @Test("Every node's subtree end covers exactly its descendants")
    func subtreeEnds() throws {
        let demo = try DemoFixture()
        defer { demo.remove() }
        let nodes = demo.session.state.model.nodes
        for (position, node) in nodes.enumerated() {
            var descendants: [Int] = []
            var stack = node.children
            while let next = stack.popLast() {
                descendants.append(next)
                stack.append(contentsOf: nodes[next].children)
            }
            let expected = node.subtreeEnd > position ? Array((position + 1)...node.subtreeEnd) : []
            #expect(descendants.sorted() == expected, "\(node.id)")
        }
    }

    @Test("The search index finds what a plain lower-cased comparison finds, node by node")
    func searchIndexAgreesWithStrings() throws {
        let demo = try DemoFixture()
        defer { demo.remove() }
        let model = demo.session.state.model
        for query in ["sson", "SSON", "user", "context", "é", "Podcast", "zzz", "/", "lab/search"] {
            let needle = try #require(SearchIndex.needle(query))
            let indexed = model.search.nodes(containing: needle)
            // One scan of the whole buffer against a bounded search inside each node's text.
            let expected = model.nodes.indices.filter { model.search.contains(needle, at: $0) }
            #expect(indexed == expected, "\(query)")
        }
        let sson = try #require(SearchIndex.needle("sson"))
        #expect(!model.search.nodes(containing: sson).isEmpty)
        #expect(model.search.nodes(containing: sson).allSatisfy { model.nodes[$0].label.lowercased().contains("sson") || model.nodes[$0].flagKey?.contains("sson") == true })
    }
}
