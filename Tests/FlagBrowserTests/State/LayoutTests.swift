import FlagBrowser
import FlagCore
import Testing

/// The tree's share of a wide terminal, and rows that show more of their values when there is room.
@Suite("Layout on wide screens")
struct LayoutTests {
    @Test(
        "The tree widens with the terminal; below 90 columns one pane shows",
        arguments: [
            (80, 80, 0), (90, 40, 49), (120, 54, 65), (160, 72, 87), (200, 90, 109), (300, 135, 164),
        ])
    func treeShare(width: Int, tree: Int, detail: Int) {
        let layout = Layout(width: width, height: 40, detailFocused: false)
        #expect(layout.treeWidth == tree)
        #expect(layout.detailWidth == detail)
        #expect(layout.showsDetail == (detail > 0))
    }

    @Test(
        "A row's value is whole at 200×60 and 80×24, cut at 120×40, never its source; every line fits",
        arguments: [(200, 60), (120, 40), (80, 24)])
    func wideRowsShowValues(width: Int, height: Int) throws {
        let demo = try DemoFixture(width: width, height: height)
        defer { demo.remove() }
        let lines = demo.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == height)
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= width })
        let row = try #require(lines.first { $0.contains("storefrontURL") })
        switch width {
        case 200:
            #expect(row.contains("https://podcasts.example.com/store Releases │"), "\(row)")
        case 80:
            // Below 90 columns the tree has the whole width: the value and its source fit.
            let whole = "storefrontURL                  https://podcasts.example.com/store Releases"
            #expect(row.hasSuffix(whole), "\(row)")
        default:
            // The value is cut, and the source after it stays whole.
            #expect(row.contains("https://podcasts.exa") && row.contains("… Releases │"), "\(row)")
        }
    }
}
