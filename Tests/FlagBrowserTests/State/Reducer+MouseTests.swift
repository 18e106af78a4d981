import FlagBrowser
import FlagCore
import Foundation
import Testing

/// Mouse clicks: a click on a footer hint does what the hint says; a click between hints does nothing.
@Suite("Clicking a footer hint does what it says")
struct ReducerMouseTests {
    /// Clicks the middle of the footer hint that reads `text` (its keys and words).
    static func click(_ text: String, _ demo: inout DemoFixture) throws {
        let state = demo.session.state
        let lines = demo.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = FooterHints.row(screenHeight: state.size.height)
        let line = lines[row]
        let range = try #require(line.range(of: text), "no hint “\(text)” in the footer: \(line)")
        let column =
            TerminalText.displayWidth(of: String(line[..<range.lowerBound])) + TerminalText.displayWidth(of: text) / 2
        demo.session.apply(.mouse(MouseEvent(kind: .press, x: column, y: row)))
    }

    @Test("? help opens the help, its close hint closes it, q quit quits")
    func helpAndQuit() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            try Self.click("? help", &demo)
            #expect(demo.session.state.mode == .help(scroll: 0))
            try Self.click("↑↓ PgDn scroll", &demo)
            #expect(demo.session.state.mode != .help(scroll: 0), "the scroll hint pages down")
            try Self.click("Esc q ? close help", &demo)
            #expect(demo.session.state.mode == .normal)
            #expect(!demo.session.finished)
            try Self.click("q quit", &demo)
            #expect(demo.session.finished)
        }
    }

    @Test("/ search starts a search; in the picker, Esc cancel cancels; a click between hints does nothing")
    func searchAndCancel() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            try Self.click("/ search", &demo)
            #expect(demo.session.state.mode == .search)
            try demo.press("<Esc>/onboardingVariant<Enter>e")
            let before = demo.session.state.mode
            demo.session.apply(.mouse(MouseEvent(kind: .press, x: 110, y: FooterHints.row(screenHeight: 40))))
            #expect(demo.session.state.mode == before, "no hint there")
            try Self.click("Esc cancel", &demo)
            #expect(demo.session.state.mode == .normal)
            #expect(demo.screen.contains("edit cancelled"))
        }
    }
}
