import FlagBrowser
import FlagCore
import Testing

/// The tree's share of a wide terminal, and counts that agree between the Features heading and
/// the unavailable-features view.
@Suite("Layout on wide screens and counts that agree")
struct LayoutAndCountTests {
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
        "At 200×60 a row's value is whole where 120×40 cuts it; every line fits its screen",
        arguments: [(200, 60), (120, 40), (80, 24)])
    func wideRowsShowValues(width: Int, height: Int) throws {
        let demo = try DemoFixture(width: width, height: height)
        defer { demo.remove() }
        let lines = demo.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == height)
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= width })
        let row = try #require(lines.first { $0.contains("storefrontURL") })
        if width >= 200 {
            #expect(
                row.contains("storefrontURL") && row.contains("https://podcasts.example.com/store default │"), "\(row)")
        } else {
            #expect(row.contains("https://podcasts.exampl") && row.contains("…"), "\(row)")
        }
    }

    @Test("The Features heading and the unavailable-features view count the same features")
    func featureCountsAgree() throws {
        var demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        let features = try #require(demo.screen.split(separator: "\n").first { $0.contains("▾ Features") })
        #expect(features.contains("12 of 17 not available"), "\(features)")
        try demo.press("FFF")
        #expect(demo.session.state.view == .unavailable)
        #expect(
            demo.session.state.status?.text
                == "view: unavailable features (12 of 17 features, with the constraints that block them)")
        // The view shows each of those 12 features (✗ unavailable or ? unknown), plus available
        // parents that lead to them and the constraints that block them.
        let state = demo.session.state
        let shown = state.rows.compactMap { position -> Availability? in
            guard case .feature(let key) = state.model.nodes[position].kind else { return nil }
            return state.model.explanations[key]?.availability
        }
        #expect(shown.filter { $0 != .available }.count == 12)
    }

    @Test("Flag views count flags, the problems view counts problems")
    func viewCountsSayWhat() throws {
        var demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("F")
        #expect(demo.session.state.status?.text == "view: overridden (4 flags shown)")
        try demo.press("FFF")
        let status = try #require(demo.session.state.status?.text)
        #expect(status.hasPrefix("view: problems (") && status.hasSuffix(" problems shown)"), "\(status)")
    }
}
