import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// The browser over a workspace whose blueprints are Swift sources (docs/blueprints.md#swift-sources-as-blueprints).
@Suite("Swift blueprints in the browser")
struct SwiftBlueprintBrowserTests {
    static let workspace = """
        blueprints:
          - Sources/**/*.swift
        providers:
          - name: Local
            format: json
            path: local.json
            writable: true

        """

    static let root = """
        struct AppFlags: FlagCollectionProtocol {
            @Flag(default: Remote.limit(), description: "Fetch limit")
            var fetchLimit: Int

            @FlagCollection(description: "Experiments")
            var lab: LabFlags
        }

        """

    static let lab = """
        struct LabFlags: FlagCollectionProtocol {
            @Flag(default: false, description: "Risky feature")
            var boomFeature: Bool
        }

        """

    @Test("Every .swift file is watched; a nested collection's file changed on disk shows after the reload")
    func swiftFilesReload() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-swift-browser")
        defer { folder.remove() }
        try folder.write("flagscope.yml", Self.workspace)
        try folder.write("local.json", "{}\n")
        try folder.write("Sources/AppFlags.swift", Self.root)
        try folder.write("Sources/Lab/LabFlags.swift", Self.lab)
        var session = BrowserSession(
            workspaceFile: folder.file("flagscope.yml"), environment: [:], width: 120, height: 30,
            now: FlagDate.parse("2026-11-21")!)
        let watched = Set(session.watchedFiles.map(\.lastPathComponent))
        #expect(watched.isSuperset(of: ["AppFlags.swift", "LabFlags.swift", "flagscope.yml", "local.json"]))

        for key in try KeyEvent.parse("/boom_feature<Enter>") { _ = session.press(key) }
        var screen = session.render().text
        #expect(screen.contains("declared     Sources/Lab/LabFlags.swift:2:5"), "\(screen)")
        #expect(screen.contains("default      false"), "\(screen)")

        try folder.write("Sources/Lab/LabFlags.swift", Self.lab.replacingOccurrences(of: "false", with: "true"))
        for key in try KeyEvent.parse("<Esc>r/boom_feature<Enter>") { _ = session.press(key) }
        screen = session.render().text
        #expect(screen.contains("default      true"), "\(screen)")
    }

    @Test("A default that is code shows as its source text, marked unknown")
    func unknownDefaultDetail() throws {
        let folder = try TemporaryFolder(prefix: "flagscope-swift-browser")
        defer { folder.remove() }
        try folder.write("flagscope.yml", Self.workspace)
        try folder.write("local.json", "{}\n")
        try folder.write("Sources/AppFlags.swift", Self.root)
        try folder.write("Sources/Lab/LabFlags.swift", Self.lab)
        var session = BrowserSession(
            workspaceFile: folder.file("flagscope.yml"), environment: [:], width: 120, height: 30,
            now: FlagDate.parse("2026-11-21")!)
        for key in try KeyEvent.parse("/fetch_limit<Enter>") { _ = session.press(key) }
        let screen = session.render().text
        #expect(screen.contains("unknown: Remote.limit() (Swift code)"), "\(screen)")
    }
}
