import FlagBrowser
import FlagCore
import Foundation
import Testing

/// The footer's hints come from the keymap table and keep how to see the detail, get help and quit
/// at every width.
@Suite("The footer keeps how to see the detail, get help and quit at every width")
struct FooterHintsTests {
    /// The footer's hint row of a rendered screen.
    static func footer(_ demo: DemoFixture) -> String {
        let lines = demo.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines[FooterHints.row(screenHeight: demo.session.state.size.height)]
    }

    @Test(
        "From 40 to 200 columns the footer shows ? help and q quit, and Tab detail wherever the detail pane is hidden",
        arguments: [40, 52, 60, 72, 80, 89, 90, 100, 120, 200])
    func essentialsAtEveryWidth(width: Int) throws {
        let demo = try DemoFixture(width: width, height: 24)
        defer { demo.remove() }
        let footer = Self.footer(demo)
        #expect(footer.contains("? help"), "at \(width) columns: \(footer)")
        #expect(footer.contains("q quit"), "at \(width) columns: \(footer)")
        if width < Layout.splitWidth {
            #expect(footer.contains("Tab detail"), "the detail pane is hidden at \(width) columns: \(footer)")
        } else {
            #expect(!footer.contains("Tab"), "the detail pane is on screen at \(width) columns: \(footer)")
        }
        #expect(!footer.contains("…"), "no hint is cut: \(footer)")
        let placed = FooterHints.placed(for: .normal, width: width)
        #expect(placed.allSatisfy { $0.columns.upperBound <= width }, "every hint fits the row")
        #expect(zip(placed, placed.dropFirst()).allSatisfy { $0.columns.upperBound < $1.columns.lowerBound })
    }

    @Test("At 80×24 the less important hints go first: search and edit stay, reset and filter go")
    func droppingOrder() throws {
        let demo = try DemoFixture(width: 80, height: 24)
        defer { demo.remove() }
        let footer = Self.footer(demo)
        #expect(footer.contains("Enter toggle/edit") && footer.contains("/ search") && footer.contains("e edit"))
        #expect(!footer.contains("x reset") && !footer.contains("f filter"), "\(footer)")
        #expect(footer.trimmingCharacters(in: .whitespaces).hasSuffix("q quit"), "hints keep the table's order")
    }

    @Test("At 80×24 Tab shows the detail full-width and the footer then offers Tab tree; a click on it goes back")
    func tabAtEightyColumns() throws {
        try DemoFixture.opened(width: 80, height: 24, pressing: "j") { demo in
            try ReducerMouseTests.click("Tab detail", &demo)
            #expect(demo.screen.contains("Layers, highest first:"), "the detail of the selected flag:\n\(demo.screen)")
            #expect(Self.footer(demo).contains("Tab tree"))
            try ReducerMouseTests.click("Tab tree", &demo)
            #expect(demo.screen.contains("User Experiments") && !demo.screen.contains("Layers, highest first:"))
        }
    }

    @Test("The first page of ? says how to quit", arguments: [(60, 16), (80, 24), (100, 30)])
    func helpFirstPage(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height, pressing: "?") { demo throws in
            let rows = HelpOverlayTests.boxRows(demo.screen)
            #expect(rows.contains { $0.hasPrefix("q ") && $0.hasSuffix("quit") }, "\(width)×\(height):\n\(demo.screen)")
            #expect(rows.contains { $0.hasPrefix("Tab ") }, "and how to see the detail")
        }
    }

    @Test("Footer hints are the keymap table's: each mode's hints are its table's footer entries, as many as fit")
    func hintsFromTheTable() throws {
        let placed = FooterHints.placed(for: .normal, width: 1000).map(\.hint)
        #expect(
            placed == Keymap.normal.footer.filter { !$0.onlyWhenNarrow },
            "Tab is only offered where the detail is hidden")
        #expect(placed.map(\.label) == ["Enter", "e", "x", "u", "/", "f", "F", "?", "q"])
        let eighty = FooterHints.placed(for: .normal, width: 80).map(\.hint)
        #expect(eighty.map(\.label) == ["Enter", "e", "u", "/", "Tab", "?", "q"])
        let narrow = FooterHints.placed(for: .normal, width: 40)
        #expect(narrow.last.map { $0.columns.upperBound <= 40 } == true)
        #expect(narrow.count < placed.count)
    }
}
