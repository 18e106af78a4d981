import Testing

@testable import FlagBrowser

/// The search index is allocated from a first pass that only counts its bytes: the count must be
/// what the text takes, and the text must be found by any of its parts whatever their case, as a
/// plain node-by-node comparison finds it.
@Suite("Search index")
struct SearchIndexTests {
    /// Parts whose lower-case form is as long as they are, shorter (`ẞ` becomes `ß`) and longer (`İ`).
    static let nodes: [[String]] = [
        ["Sign-In with SSO", "lab/sson", "Offer sign-in", "auth SSO", "identity-team"],
        ["Café Crème", "ÉTÉ", "ẞTRASSE", "İstanbul", ""],
        [""],
        [],
        ["ǅemal", "Ωmega", "naïve"],
    ]

    @Test("The counted size is the size of the text appended, non-ASCII parts included")
    func sizeIsExact() {
        var index = SearchIndex(nodes: Self.nodes.count, bytes: Self.nodes.map(SearchIndex.textSize(of:)).reduce(0, +))
        for parts in Self.nodes {
            let before = index.byteCount
            index.append(parts)
            #expect(index.byteCount - before == SearchIndex.textSize(of: parts), "\(parts)")
        }
    }

    @Test("A node is found by each of its parts, in any case, and by no other node's")
    func partsAreFound() throws {
        var index = SearchIndex(nodes: Self.nodes.count, bytes: Self.nodes.map(SearchIndex.textSize(of:)).reduce(0, +))
        for parts in Self.nodes { index.append(parts) }
        for (position, parts) in Self.nodes.enumerated() {
            for part in parts where !part.isEmpty {
                for query in [part, part.lowercased(), part.uppercased()] {
                    let needle = try #require(SearchIndex.needle(query))
                    #expect(index.nodes(containing: needle) == [position], "'\(query)'")
                }
            }
        }
        // Parts are joined by a newline; no match spans two nodes.
        #expect(index.nodes(containing: try #require(SearchIndex.needle("with SSO\nlab/"))) == [0])
        #expect(index.nodes(containing: try #require(SearchIndex.needle("teamcafé"))) == [])
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
        #expect(
            model.search.nodes(containing: sson).allSatisfy {
                model.nodes[$0].label.lowercased().contains("sson") || model.nodes[$0].flagKey?.contains("sson") == true
            })
    }

    @Test(
        "The search index finds what a node-by-node comparison finds, on generated trees, for short, long, missing and cut-up queries",
        arguments: [21 as UInt64, 22, 23])
    func searchIndexAgreesOnGeneratedTrees(seed: UInt64) throws {
        let generated = try GeneratedWorkspace(seed: seed)
        defer { generated.remove() }
        let model = generated.session.state.model
        var random = GeneratedWorkspace.Random(state: seed)
        var queries =
            ["a", "e", "zz", "ss", "/", "ghost/", "zzzq", "turns", "\n", "on\nare"] + GeneratedWorkspace.words
        for _ in 0..<60 {
            let node = model.nodes[random.next(model.nodes.count)]
            let text = Array((random.chance(50) ? node.label : node.id.rawValue).lowercased())
            let start = random.next(text.count)
            queries.append(String(text[start..<min(text.count, start + 1 + random.next(8))]))
        }
        for query in queries {
            guard let needle = SearchIndex.needle(query) else { continue }
            let expected = model.nodes.indices.filter { model.search.contains(needle, at: $0) }
            #expect(model.search.nodes(containing: needle) == expected, "seed \(seed), '\(query)'")
            for from in [0, 1, 63, 64, 65, model.nodes.count / 2, model.nodes.count - 1] {
                #expect(
                    model.search.firstNode(containing: needle, from: from) == expected.first { $0 >= from },
                    "seed \(seed), '\(query)' from \(from)")
            }
        }
    }
}
