import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// A copy of the demo workspace in a temp folder, and a headless browser session over it.
struct DemoFixture {
    let folder: URL
    var session: BrowserSession

    /// The repository root.
    static var packageRoot: URL { Repository.root }
    /// A fixed "today" so stale markers and golden screens do not change with the calendar.
    static let today = FlagDate.parse("2026-11-21")!

    /// Copies `Resources/Demo` (hidden files included) and opens a session of `width`×`height`.
    init(width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        // The folder's name shows in the header, so it is always "demo" (inside a unique parent).
        let parent = try TemporaryFolder(prefix: "flagscope-browser")
        folder = try parent.copyDemo(to: "demo").deletingLastPathComponent()
        session = BrowserSession(
            workspaceFile: folder.appendingPathComponent("flagscope.yml"), environment: environment,
            width: width, height: height, now: Self.today)
    }

    /// Presses keys in the `snapshot --keys` notation.
    mutating func press(_ keys: String) throws {
        for key in try KeyEvent.parse(keys) { _ = session.press(key) }
    }

    /// The screen as text.
    var screen: String { session.render().text }

    /// The writable file's text.
    func localFile() throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(".flagscope/local.json")), as: UTF8.self)
    }

    /// The writable file parsed.
    func localValues() throws -> [String: Any] {
        try readJSONObject(at: folder.appendingPathComponent(".flagscope/local.json"))
    }

    func remove() { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
}

/// Golden screens under `Tests/FlagBrowserTests/Snapshots/`; `RECORD_SNAPSHOTS=1` re-records them.
enum Golden {
    static let folder = DemoFixture.packageRoot.appendingPathComponent("Tests/FlagBrowserTests/Snapshots")

    static func check(_ screen: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent(name + ".txt")
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        if recording || !FileManager.default.fileExists(atPath: file.path) {
            try Data((screen + "\n").utf8).write(to: file)
            if !recording {
                Issue.record(
                    "recorded a new golden screen \(name).txt; check it and run again", sourceLocation: sourceLocation)
            }
            return
        }
        let expected = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(
            screen + "\n" == expected, "screen \(name) differs from its golden file; RECORD_SNAPSHOTS=1 re-records",
            sourceLocation: sourceLocation)
    }
}
