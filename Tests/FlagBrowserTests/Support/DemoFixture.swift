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
    init(
        width: Int = 100, height: Int = 30, environment: [String: String] = [:], serving: BrowserServing? = nil
    ) throws {
        // The folder's name shows in the header, so it is always "demo" (inside a unique parent).
        let parent = try TemporaryFolder(prefix: "flagscope-browser")
        folder = try parent.copyDemo(to: "demo").deletingLastPathComponent()
        session = BrowserSession(
            workspaceFile: folder.appendingPathComponent("flagscope.yml"), environment: environment,
            width: width, height: height, now: Self.today, serving: serving)
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

    /// Opens a copy of the demo in a `BrowserSession` of `width`×`height`, presses `keys` (the `snapshot
    /// --keys` notation), hands it to `body`, and removes the copy however `body` ends:
    /// what most browser tests do, so that a test says only its keys and what the user sees.
    static func opened(
        width: Int = 100, height: Int = 30, environment: [String: String] = [:], serving: BrowserServing? = nil,
        pressing keys: String = "", _ body: (inout DemoFixture) throws -> Void
    ) throws {
        try run(
            DemoFixture(width: width, height: height, environment: environment, serving: serving), pressing: keys, body)
    }

    /// ``opened(width:height:environment:serving:pressing:_:)`` over the demo with huge values
    /// (``withHugeValues(width:height:)``).
    static func openedWithHugeValues(
        width: Int = 100, height: Int = 30, pressing keys: String = "", _ body: (inout DemoFixture) throws -> Void
    ) throws {
        try run(withHugeValues(width: width, height: height), pressing: keys, body)
    }

    /// Presses `keys` on `fixture`, runs `body` on it, and removes its copy.
    private static func run(
        _ fixture: DemoFixture, pressing keys: String, _ body: (inout DemoFixture) throws -> Void
    ) throws {
        var demo = fixture
        defer { demo.remove() }
        try demo.press(keys)
        try body(&demo)
    }
}

extension DemoFixture {
    /// The demo with a 5 MB string in the local file (once fitting its flag, once not: the banner
    /// has a pattern), a 2 MB JSON value and a 3 MB description.
    static func withHugeValues(width: Int = 100, height: Int = 30) throws -> DemoFixture {
        var demo = try DemoFixture(width: width, height: height)
        let huge = String(repeating: "abcdefghij", count: 500_000)
        let json = "[" + Array(repeating: #"{"k":"vvvvvvvvvvvvvvvvvvvv"}"#, count: 80_000).joined(separator: ",") + "]"
        let local = demo.folder.appendingPathComponent(".flagscope/local.json")
        try Data(
            #"{"context/region": "\#(huge)", "store/catalog/promo_banner_text": "\#(huge)", "store/catalog/category_order": \#(json)}"#
                .utf8
        ).write(to: local)
        let blueprint = demo.folder.appendingPathComponent("blueprints/podcast.yml")
        let text = String(decoding: try Data(contentsOf: blueprint), as: UTF8.self)
        let described = text.replacingOccurrences(
            of: "description: Layout and copy of the paywall screen",
            with: "description: \(String(repeating: "long words ", count: 300_000))")
        try Data(described.utf8).write(to: blueprint)
        demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
        return demo
    }
}
