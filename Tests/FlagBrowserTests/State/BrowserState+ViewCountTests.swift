import FlagBrowser
import FlagCore
import Foundation
import Testing

/// What the headings and views count: features in the Features heading and the unavailable-features
/// view alike, flags in flag views, problems in the problems view.
@Suite("View counts")
struct BrowserStateViewCountTests {
    @Test("The Features heading and the unavailable-features view count the same features")
    func featureCountsAgree() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            let features = try #require(demo.screen.split(separator: "\n").first { $0.contains("▾ Features") })
            #expect(features.contains("10 unavailable, 2 unknown of 17"), "\(features)")
            try demo.press("FFF")
            #expect(demo.session.state.view == .unavailable)
            #expect(
                demo.session.state.status?.text
                    == "view: unavailable features (10 unavailable, 2 unknown of 17 features, with the constraints that block them)"
            )
            // The view shows each of those 12 features (✗ unavailable or ? unknown), plus available
            // parents that lead to them and the constraints that block them.
            let state = demo.session.state
            let shown = state.rows.compactMap { position -> Availability? in
                guard case .feature(let key) = state.model.nodes[position].kind else { return nil }
                return state.model.explanations[key]?.availability
            }
            #expect(shown.filter { $0 != .available }.count == 12)
        }
    }

    @Test("Flag views count flags, the problems view counts problems")
    func viewCountsSayWhat() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "F") { demo in
            #expect(demo.session.state.status?.text == "view: overridden (4 flags shown)")
            try demo.press("FFF")
            let status = try #require(demo.session.state.status?.text)
            #expect(status.hasPrefix("view: problems (") && status.hasSuffix(" problems shown)"), "\(status)")
        }
    }
}
