import FlagBrowser
import FlagCore
import Foundation
import Testing

/// Problems stay in sight: workspace errors stay on screen and in the problems view until they
/// are fixed (the broken file watched meanwhile: BrowserSessionTests; a layer that cannot give
/// values is marked in the header's stack: RendererHeaderTests).
@Suite("Workspace problems in the browser")
struct RendererProblemsTests {
    static func rows(_ screen: String) -> [String] { screen.split(separator: "\n").map(String.init) }

    /// Breaks `blueprints/podcast.yml` (an unclosed flow sequence), as a user's half-saved edit would.
    static func breakBlueprint(_ demo: DemoFixture) throws -> (file: URL, original: String) {
        let file = demo.folder.appendingPathComponent("blueprints/podcast.yml")
        let original = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        try Data(original.replacingOccurrences(of: "\n  playback:", with: "\n  playback:\n   oops: [").utf8).write(
            to: file)
        return (file, original)
    }

    /// The summary of the Problems branch (the last top-level node), if there is one.
    static func problemsSummary(_ model: BrowserModel) -> String? {
        guard let last = model.roots.last, case .section(.problems, let summary) = model.nodes[last].kind else {
            return nil
        }
        return summary
    }

    @Test(
        "A broken blueprint: the header keeps the error count, F problems lists every diagnostic with path:line:column")
    func brokenBlueprintStaysInSight() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            let broken = try Self.breakBlueprint(demo)
            try demo.press("r")
            var screen = demo.screen
            #expect(RendererHeaderTests.header(screen).hasSuffix("⚠ 1 error — F problems"), "\(screen)")
            // While a blueprint cannot be read, provider keys are not called undeclared: one note per file says so.
            #expect(Self.problemsSummary(demo.session.state.model) == "1 error, 1 warning, 7 notes")

            // Other messages replace the status line; the header still says it.
            try demo.press("/allowsSSON<Enter>j")
            #expect(RendererHeaderTests.header(demo.screen).hasSuffix("⚠ 1 error — F problems"))

            // F cycles to the problems view, which lists every diagnostic (errors first) with path:line:column.
            try demo.press("FFFF")
            screen = demo.screen
            #expect(demo.session.state.view == .problems)
            #expect(RendererHeaderTests.header(screen).hasSuffix("⚠ 1 error · view: problems"), "\(screen)")
            let rows = Self.rows(screen)
            let first = try #require(rows.firstIndex { $0.contains("▾ Problems") }, "\(screen)")
            #expect(rows[first].contains("1 error, 1 warning, 7 notes"), "\(screen)")
            #expect(rows[first + 1].contains("✗ blueprints/podcast.yml:25:10: did not find ex"), "\(screen)")
            #expect(rows[first + 2].contains("! profiles/qa.json:19:3: 'lab/onboarding_varian"), "\(screen)")
            #expect(rows[first + 4].contains("· remote/remote-config.json: 1 key not checked"), "\(screen)")
            #expect(rows.last?.contains("view: problems (") == true, "\(screen)")

            // Its detail quotes the line with a caret, as validate does.
            try demo.press("/podcast.yml:25<Enter>")
            screen = demo.screen
            #expect(screen.contains("│ blueprints/podcast.yml:25:10: error: did not find expected ','"), "\(screen)")
            #expect(screen.contains("│         flags:"), "\(screen)")

            // Fixed on disk and reloaded: the count goes; the warnings stay listed.
            try Data(broken.original.utf8).write(to: broken.file)
            try demo.press("<Esc><Esc>r")
            screen = demo.screen
            #expect(!RendererHeaderTests.header(screen).contains("error"), "\(screen)")
            #expect(Self.problemsSummary(demo.session.state.model) == "5 warnings")
        }
    }
}
