import FlagCore
import Foundation
import TestSupport
import Testing

@testable import FlagBrowser

/// A flagd layer in the browser's detail pane (docs/rules.md): every flag says how flagd decided it,
/// with targeting to evaluate or without.
@Suite("flagd flags in the browser")
struct FlagdBrowserTests {
    static let files = [
        "flagscope.yml": """
        blueprints:
          - blueprints/*.yml
        providers:
          - name: Flags
            format: flagd
            path: flags.flagd.json
          - name: Local
            format: json
            path: local.json
            writable: true

        """,
        "blueprints/app.yml": """
        name: App
        flags:
          darkMode:
            type: bool
            default: false
            description: Dark mode
          legacyBanner:
            type: string
            default: none
            description: Legacy banner

        """,
        "flags.flagd.json": """
        {"flags": {
          "dark_mode": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "on"},
          "legacy_banner": {"state": "ENABLED", "variants": {"top": "top"}, "defaultVariant": null}
        }}

        """,
        "local.json": "{}\n",
    ]

    @Test("The detail pane of a flagd flag without targeting shows its STATIC variant, or DEFAULT without one")
    func reasonsWithoutTargeting() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-flagd-browser")
        defer { folder.remove() }
        for (path, text) in Self.files { try folder.write(path, text) }
        var session = BrowserSession(
            workspaceFile: folder.url.appendingPathComponent("flagscope.yml"), environment: [:], width: 120,
            height: 30, now: DemoFixture.today)
        func press(_ keys: String) throws {
            for key in try KeyEvent.parse(keys) { _ = session.press(key) }
        }
        /// The detail pane's text, right of the tree, with its wrapped lines joined again.
        func detail() -> String {
            session.render().text.split(separator: "\n")
                .compactMap { $0.split(separator: "│", maxSplits: 1).dropFirst().first }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        try press("/dark_mode<Enter>")
        #expect(
            detail().contains(#"default variant: on variant "on", no rules to evaluate (STATIC)"#), "\(detail())")
        try press("/legacy_banner<Enter>")
        #expect(
            detail().contains("no rule applies: no default variant, so the next layer decides (DEFAULT)"), "\(detail())"
        )
    }
}
