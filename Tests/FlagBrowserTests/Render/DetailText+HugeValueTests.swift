import FlagCore
import Foundation
import Testing

@testable import FlagBrowser

/// Multi-megabyte values and descriptions are shown cut, and laying out a screen costs what
/// the screen shows, not what the file holds.
@Suite("Huge values")
struct DetailTextHugeValueTests {
    @Test("A 5 MB string shows cut in its row and its detail pane, with its full size and how to get it whole")
    func hugeStringCut() throws {
        try DemoFixture.openedWithHugeValues(width: 120, height: 40) { demo in
            #expect(demo.session.state.model.resolution("context/region")?.value?.textSize == 5_000_000)
            try demo.press("/context/region<Enter>")
            let screen = demo.screen
            let row = screen.split(separator: "\n").first { $0.contains("› ") && $0.contains("region") } ?? ""
            #expect(row.contains("abcdefghij"), "\(screen)")
            #expect(row.contains("…"))
            #expect(screen.contains("cut for the screen: 5.0 MB in all"), "\(screen)")
            #expect(screen.contains("`flagscope get") && screen.contains("context/region --json`"), "\(screen)")
        }
    }

    @Test("A 5 MB value that does not fit its flag shows cut as the ignored raw value")
    func hugeMismatchCut() throws {
        try DemoFixture.openedWithHugeValues(width: 120, height: 40, pressing: "/promoBanner<Enter>") { demo throws in
            let lines = demo.screen.split(separator: "\n")
            let layer = lines.first { $0.contains("typeMismatch") } ?? ""
            #expect(layer.contains("\"abcdefghij"), "\(demo.screen)")
            #expect(layer.contains("…"))
            #expect(lines.allSatisfy { TerminalText.displayWidth(of: String($0)) <= 120 })
        }
    }

    @Test("The detail pane lays out a bounded number of lines however large the value or description")
    func detailLinesBounded() throws {
        try DemoFixture.openedWithHugeValues { demo in
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
    }

    @Test("A 2 MB JSON value shows cut with its size")
    func hugeJSONCut() throws {
        try DemoFixture.openedWithHugeValues(width: 120, height: 40, pressing: "/categoryOrder<Enter>") { demo throws in
            let screen = demo.screen
            #expect(screen.contains(#"[{"k":"vvvvvvvvvvvvvvvvvvvv"},{"k":"#), "\(screen)")
            #expect(screen.contains("cut for the screen: 2.3 MB in all"), "\(screen)")
        }
    }

    @Test("Moving over the huge rows keeps the screen whole and the file untouched")
    func navigationOverHugeRows() throws {
        try DemoFixture.openedWithHugeValues(width: 80, height: 24) { demo in
            let before = try demo.localFile()
            try demo.press("/context/region<Enter>jkjk<Tab><PgDn><PgDn><Tab>G<Home>")
            let screen = demo.screen
            #expect(screen.split(separator: "\n").count == 24)
            #expect(screen.split(separator: "\n").allSatisfy { TerminalText.displayWidth(of: String($0)) <= 80 })
            #expect(try demo.localFile() == before)
        }
    }
}
