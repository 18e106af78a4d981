import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// The headless session: every file the workspace reads is watched, so a change on disk, a fix
/// of a broken blueprint included, reloads it.
@Suite("Browser session: watched files")
struct BrowserSessionTests {
    @Test("Every .swift file is watched; a nested collection's file changed on disk shows after the reload")
    func swiftFilesReload() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-swift-browser")
        defer { folder.remove() }
        var session = try SwiftApp.session(in: folder)
        let watched = Set(session.watchedFiles.map(\.lastPathComponent))
        #expect(watched.isSuperset(of: ["AppFlags.swift", "LabFlags.swift", "flagscope.yml", "local.json"]))

        for key in try KeyEvent.parse("/boom_feature<Enter>") { _ = session.press(key) }
        var screen = session.render().text
        #expect(screen.contains("declared     Sources/Lab/LabFlags.swift:2:5"), "\(screen)")
        #expect(screen.contains("default      false"), "\(screen)")

        try folder.write("Sources/Lab/LabFlags.swift", SwiftApp.lab.replacingOccurrences(of: "false", with: "true"))
        for key in try KeyEvent.parse("<Esc>r/boom_feature<Enter>") { _ = session.press(key) }
        screen = session.render().text
        #expect(screen.contains("default      true"), "\(screen)")
    }

    @Test("A broken blueprint's file is watched, so saving the fix reloads it by itself")
    func brokenBlueprintWatched() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            let broken = try RendererProblemsTests.breakBlueprint(demo)
            try demo.press("r")
            #expect(!demo.session.state.model.workspace.blueprints.contains { $0.file == "blueprints/podcast.yml" })
            #expect(demo.session.watchedFiles.map(\.lastPathComponent).contains(broken.file.lastPathComponent))
        }
    }
}
