import Testing

@testable import FlagBrowser

/// The search index is allocated from a first pass that only counts its bytes: the count must be
/// what the text takes, and the text must be found by any of its parts whatever their case.
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
}
