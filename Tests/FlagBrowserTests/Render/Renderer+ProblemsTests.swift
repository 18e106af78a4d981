import FlagBrowser
import FlagCore
import Foundation
import Testing

/// Problems stay in sight: a layer that cannot give values is marked in the header's
/// stack, and workspace errors stay on screen and in the problems view until they are fixed
/// (the broken file watched meanwhile: BrowserSessionTests).
@Suite("Workspace problems in the browser")
struct RendererProblemsTests {
    static func header(_ screen: String) -> String { String(screen.split(separator: "\n").first ?? "") }

    static func rows(_ screen: String) -> [String] { screen.split(separator: "\n").map(String.init) }

    /// Breaks `blueprints/podcast.yml` (an unclosed flow sequence), as a user's half-saved edit would.
    static func breakBlueprint(_ demo: DemoFixture) throws -> (file: URL, original: String) {
        let file = demo.folder.appendingPathComponent("blueprints/podcast.yml")
        let original = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        try Data(original.replacingOccurrences(of: "\n  playback:", with: "\n  playback:\n   oops: [").utf8).write(
            to: file)
        return (file, original)
    }

    @Test(
        "A missing profile is marked in the header's stack, and the detail pane names its file",
        arguments: [(120, 40), (80, 24)])
    func stackMarksMissingLayer(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height) { demo in
            try FileManager.default.removeItem(at: demo.folder.appendingPathComponent("profiles/qa.json"))
            demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
            let header = Self.header(demo.screen)
            #expect(header.hasPrefix(" Flagscope · demo · Remote › Local✎ › Rollouts › "), "\(header)")
            // However narrow, the mark stays: plain layers give way to `…` before it does.
            #expect(header.contains(" › QA profile (missing) › "), "\(header)")
            try demo.press("/results_per<Enter>" + (width < 90 ? "<Tab>" : ""))
            #expect(
                demo.screen.contains("QA profile    missing      profiles/qa.json does not exist"), "\(demo.screen)")
        }
    }

    @Test("An unreadable provider file is marked as an error in the stack, beside the error count")
    func stackMarksFailedLayer() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            try Data("{ not json".utf8).write(to: demo.folder.appendingPathComponent("remote/remote-config.json"))
            demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
            let header = Self.header(demo.screen)
            #expect(
                header.hasPrefix(
                    " Flagscope · demo · Remote ⚠ error › Local✎ › Rollouts › Toggles › Experiments › Releases › …"),
                "\(header)")
            #expect(header.hasSuffix("⚠ 1 error — F problems"), "\(header)")
        }
    }

    @Test("A missing writable file is not marked: the first edit creates it")
    func missingWritableIsNormal() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            try FileManager.default.removeItem(at: demo.folder.appendingPathComponent(".flagscope/local.json"))
            demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
            #expect(
                Self.header(demo.screen).contains(
                    "Remote › Local✎ › Rollouts › Toggles › Experiments › Releases › QA profile › Environment › default"
                ),
                "\(demo.screen)")
        }
    }

    @Test("A server that failed with nothing cached is marked as an error in the header")
    func remoteFailureMarked() throws {
        let fixture = try RemoteBrowserFixture()
        defer { fixture.remove() }
        let fetcher = ScriptedFetcher(
            .failure(.cannotConnect("cannot connect to flags.test:8016 (connection refused)")))
        let session = fixture.session(fetcher, background: false)
        let header = Self.header(session.render().text)
        #expect(header.contains("Flags ⚠ error › Local✎ › default"), "\(header)")
        #expect(
            !header.contains("F problems"),
            "a server that did not answer is not an error of the workspace's files: \(header)")
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
            #expect(Self.header(screen).hasSuffix("⚠ 1 error — F problems"), "\(screen)")
            // While a blueprint cannot be read, provider keys are not called undeclared: one note per file says so.
            #expect(Self.problemsSummary(demo.session.state.model) == "1 error, 1 warning, 7 notes")

            // Other messages replace the status line; the header still says it.
            try demo.press("/allowsSSON<Enter>j")
            #expect(Self.header(demo.screen).hasSuffix("⚠ 1 error — F problems"))

            // F cycles to the problems view, which lists every diagnostic (errors first) with path:line:column.
            try demo.press("FFFF")
            screen = demo.screen
            #expect(demo.session.state.view == .problems)
            #expect(Self.header(screen).hasSuffix("⚠ 1 error · view: problems"), "\(screen)")
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
            #expect(!Self.header(screen).contains("error"), "\(screen)")
            #expect(Self.problemsSummary(demo.session.state.model) == "5 warnings")
        }
    }
}
