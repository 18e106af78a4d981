import FlagBrowser
import FlagCore
import Foundation
import Testing

/// The header: the workspace's name and its provider stack, a layer that cannot give values
/// marked there and kept in sight however narrow the terminal, and the error count beside it.
@Suite("The header's stack")
struct RendererHeaderTests {
    /// The first line of `screen`: the header.
    static func header(_ screen: String) -> String { String(screen.split(separator: "\n").first ?? "") }

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
}
