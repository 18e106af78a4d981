import FlagCore
import Foundation
import TestSupport
import Testing

@testable import FlagBrowser

/// The detail pane's text: a flagd layer says how flagd decided each flag, with targeting to
/// evaluate or without (docs/rules.md); a Swift default that is code shows as written.
@Suite("Detail pane")
struct DetailTextTests {
    /// A flagd layer above a writable file.
    static let flagdFiles = [
        "flagscope.yml": WorkspaceBuilder(
            providers: [.flagd("Flags", "flags.flagd.json"), .json("Local", "local.json", writable: true)]
        ).workspaceFile,
        "blueprints/app.yml": """
        name: App
        flags:
          darkMode: { type: bool, default: false, description: Dark mode }
          legacyBanner: { type: string, default: none, description: Legacy banner }

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
        var session = try BrowserSession.opened(writing: Self.flagdFiles, in: folder)
        /// The detail pane's text, right of the tree, with its wrapped lines joined again.
        func detail() -> String {
            session.render().text.split(separator: "\n")
                .compactMap { $0.split(separator: "│", maxSplits: 1).dropFirst().first }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        try session.press("/dark_mode<Enter>")
        #expect(
            detail().contains(#"default variant: on variant "on", no rules to evaluate (STATIC)"#), "\(detail())")
        try session.press("/legacy_banner<Enter>")
        #expect(
            detail().contains("no rule applies: no default variant, so the next layer decides (DEFAULT)"), "\(detail())"
        )
    }

    @Test("A default that is code shows as its source text, marked unknown")
    func unknownDefaultDetail() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-swift-browser")
        defer { folder.remove() }
        var session = try SwiftApp.session(in: folder)
        for key in try KeyEvent.parse("/fetch_limit<Enter>") { _ = session.press(key) }
        let screen = session.render().text
        #expect(screen.contains("unknown: Remote.limit() (Swift code)"), "\(screen)")
    }

    @Test("An attribute that thousands of rules read lists the first twelve and counts the rest")
    func manyReaders() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-readers-browser")
        defer { folder.remove() }
        let flags = (0..<3000).map { index in
            #""flag_\#(index)": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off", "targeting": {"if": [{"==": [{"var": "email"}, "\#(index)@example.com"]}, "on", "off"]}}"#
        }
        try folder.write(
            "flagscope.yml", "providers:\n  - name: Flags\n    format: flagd\n    path: flags.flagd.json\n")
        try folder.write("flags.flagd.json", #"{"flags": {"# + flags.joined(separator: ",\n") + "}}")
        var session = BrowserSession(
            workspaceFile: folder.file("flagscope.yml"), environment: [:], width: 120, height: 40,
            now: DemoFixture.today)
        for key in try KeyEvent.parse("/context/email<Enter>") { _ = session.press(key) }
        let screen = session.render().text
        #expect(screen.contains("read by      Flags: flag_0 (email == \"0@example.com\")"), "\(screen)")
        #expect(screen.contains("Flags: flag_11 (email == \"11@example.com\")"))
        #expect(!screen.contains("flag_12 (email"), "the thirteenth reader is counted, not listed")
        #expect(screen.contains("and 2988 more rules"))
    }
}
