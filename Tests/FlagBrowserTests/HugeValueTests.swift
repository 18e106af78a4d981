import FlagCore
import Foundation
import Testing

@testable import FlagBrowser

/// Multi-megabyte values and descriptions are shown cut, and laying out a screen costs what
/// the screen shows, not what the file holds.
@Suite("Huge values")
struct HugeValueTests {
    /// The demo with a 5 MB string in the local file (once fitting its flag, once not: the banner
    /// has a pattern), a 2 MB JSON value and a 3 MB description.
    static func hugeDemo(width: Int = 100, height: Int = 30) throws -> DemoFixture {
        var demo = try DemoFixture(width: width, height: height)
        let huge = String(repeating: "abcdefghij", count: 500_000)
        let json = "[" + Array(repeating: #"{"k":"vvvvvvvvvvvvvvvvvvvv"}"#, count: 80_000).joined(separator: ",") + "]"
        let local = demo.folder.appendingPathComponent(".flagscope/local.json")
        try Data(
            #"{"context/region": "\#(huge)", "store/catalog/promo_banner_text": "\#(huge)", "store/catalog/category_order": \#(json)}"#
                .utf8
        ).write(to: local)
        let blueprint = demo.folder.appendingPathComponent("blueprints/podcast.yml")
        let text = String(decoding: try Data(contentsOf: blueprint), as: UTF8.self)
        let described = text.replacingOccurrences(
            of: "description: Layout and copy of the paywall screen",
            with: "description: \(String(repeating: "long words ", count: 300_000))")
        try Data(described.utf8).write(to: blueprint)
        demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
        return demo
    }

    @Test("A 5 MB string shows cut in its row and its detail pane, with its full size and how to get it whole")
    func hugeStringCut() throws {
        var demo = try Self.hugeDemo(width: 120, height: 40)
        defer { demo.remove() }
        #expect(demo.session.state.model.resolution("context/region")?.value?.textSize == 5_000_000)
        try demo.press("/context/region<Enter>")
        let screen = demo.screen
        let row = screen.split(separator: "\n").first { $0.contains("› ") && $0.contains("region") } ?? ""
        #expect(row.contains("abcdefghij"), "\(screen)")
        #expect(row.contains("…"))
        #expect(screen.contains("cut for the screen: 5.0 MB in all"), "\(screen)")
        #expect(screen.contains("`flagscope get") && screen.contains("context/region --json`"), "\(screen)")
    }

    @Test("A 5 MB value that does not fit its flag shows cut as the ignored raw value")
    func hugeMismatchCut() throws {
        var demo = try Self.hugeDemo(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("/promoBanner<Enter>")
        let lines = demo.screen.split(separator: "\n")
        let layer = lines.first { $0.contains("typeMismatch") } ?? ""
        #expect(layer.contains("\"abcdefghij"), "\(demo.screen)")
        #expect(layer.contains("…"))
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: String($0)) <= 120 })
    }

    @Test("The detail pane lays out a bounded number of lines however large the value or description")
    func detailLinesBounded() throws {
        var demo = try Self.hugeDemo()
        defer { demo.remove() }
        // Wrapped whole, 5 MB at 40 columns would be 125,000 lines.
        for (query, key) in [
            ("context/region", "context/region"), ("promoBanner", "store/catalog/promo_banner_text"),
            ("categoryOrder", "store/catalog/category_order"),
            ("lab/paywall/config", "lab/paywall/config"),
        ] {
            try demo.press("/\(query)<Enter>")
            #expect(demo.session.state.selectedNode?.flagKey == key)
            let detail = DetailText.lines(for: demo.session.state, width: 40).count
            #expect(detail < 250, "\(query): \(detail) detail lines")
        }
    }

    @Test("A 2 MB JSON value shows cut with its size")
    func hugeJSONCut() throws {
        var demo = try Self.hugeDemo(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("/categoryOrder<Enter>")
        let screen = demo.screen
        #expect(screen.contains(#"[{"k":"vvvvvvvvvvvvvvvvvvvv"},{"k":"#), "\(screen)")
        #expect(screen.contains("cut for the screen: 2.3 MB in all"), "\(screen)")
    }

    @Test("The line editor refuses a multi-megabyte value and points to `flagscope set`")
    func editorRefusesHugeValue() throws {
        var demo = try Self.hugeDemo(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("/context/region<Enter>e")
        #expect(demo.session.state.mode == .normal)
        #expect(
            demo.screen.contains("holds 5.0 MB, too large for the line editor; `flagscope set` writes it"),
            "\(demo.screen)")
    }

    @Test("Moving over the huge rows keeps the screen whole and the file untouched")
    func navigationOverHugeRows() throws {
        var demo = try Self.hugeDemo(width: 80, height: 24)
        defer { demo.remove() }
        let before = try demo.localFile()
        try demo.press("/context/region<Enter>jkjk<Tab><PgDn><PgDn><Tab>G<Home>")
        let screen = demo.screen
        #expect(screen.split(separator: "\n").count == 24)
        #expect(screen.split(separator: "\n").allSatisfy { TerminalText.displayWidth(of: String($0)) <= 80 })
        #expect(try demo.localFile() == before)
    }
}
