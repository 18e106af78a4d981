import FlagCore
import Foundation
import TestSupport
import Testing

@testable import FlagBrowser

/// An Unleash layer in the browser (docs/rules.md): the fields its strategies read are in the Context
/// branch, and editing one re-evaluates the toggles on screen.
@Suite("Unleash toggles in the browser")
struct UnleashBrowserTests {
    static let files = [
        "flagscope.yml": """
        blueprints:
          - blueprints/*.yml
        providers:
          - name: Unleash
            format: unleash
            path: unleash.json
          - name: Local
            format: json
            path: local.json
            writable: true

        """,
        "blueprints/app.yml": """
        name: App
        flags:
          betaBanner:
            type: bool
            default: false
            description: Beta banner

        """,
        "unleash.json": """
        {"version": 2, "features": [
          {"name": "beta_banner", "enabled": true, "strategies": [
            {"name": "userWithId", "parameters": {"userIds": "123, 456"}}]}
        ]}

        """,
        "local.json": "{}\n",
    ]

    @Test("Setting context/userId in the browser flips a userWithId toggle on screen, and the trace says why")
    func editingUserIdFlipsTheToggle() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-unleash-browser")
        defer { folder.remove() }
        for (path, text) in Self.files { try folder.write(path, text) }
        var session = BrowserSession(
            workspaceFile: folder.url.appendingPathComponent("flagscope.yml"), environment: [:], width: 120,
            height: 30, now: DemoFixture.today)
        func press(_ keys: String) throws {
            for key in try KeyEvent.parse(keys) { _ = session.press(key) }
        }
        /// The tree row of the flag (its display name, then its value and source).
        func row(_ screen: String) -> String {
            String(screen.split(separator: "\n").first { $0.contains("betaBanner") }?.split(separator: "│").first ?? "")
        }
        try press("/beta_banner<Enter>")
        var screen = session.render().text
        #expect(row(screen).hasSuffix("false Unleash "), "\(screen)")
        #expect(screen.contains("reads context/userId (unset)"), "\(screen)")
        #expect(screen.contains("     userId                             unset default"), "\(screen)")
        // The picker offers the ids the strategy lists; the first is 123.
        try press("/context/userId<Enter>e<Enter><Home><Down>")
        screen = session.render().text
        #expect(row(screen).hasSuffix("true Unleash "), "\(screen)")
        #expect(screen.contains("rules chose the value true (TARGETING_MATCH)"), "\(screen)")
        #expect(screen.contains(#"reads context/userId = "123""#), "\(screen)")
    }
}
