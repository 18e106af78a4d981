import Foundation
import TestSupport
import Testing

/// `flagscope refs` and `flagscope stale` on the Swift demo, as a developer runs them
/// (docs/code.md).
@Suite("refs and stale on the command line")
struct RefsCommandTests {
    /// A copy of the Swift demo.
    static func swiftDemo() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let bundled = Repository.root.appendingPathComponent("Resources/SwiftDemo")
        for item in try FileManager.default.contentsOfDirectory(atPath: bundled.path) {
            try FileManager.default.copyItem(at: bundled.appendingPathComponent(item), to: folder.file(item))
        }
        return folder
    }

    @Test("refs prints each place as path:line:column: the line, the key built at run time marked")
    func refs() throws {
        let folder = try Self.swiftDemo()
        defer { folder.remove() }
        let output = try CLIRunner.run(["refs", "podcasts/player/skip_forward_seconds"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(
            output.stdout.split(separator: "\n") == [
                #"Sources/App/DebugSettings.swift:9:46: UserDefaults.standard.object(forKey: "podcasts/player/\(setting)")   (a key built at run time: may read it)"#,
                #"Sources/App/NowPlayingScreen.swift:14:51: Button("Forward \(appFlags.player.skipForwardSeconds)s") {"#,
                "Sources/App/NowPlayingScreen.swift:15:53: player.skip(by: appFlags.player.skipForwardSeconds)",
            ])
        let json = try CLIFixture.object(
            try CLIRunner.run(["refs", "sleep_timer/user_toggled", "--json"], in: folder.url).stdout)
        let references = try #require(json["references"] as? [[String: Any]])
        #expect(references.map { $0["kind"] as? String } == ["feature", "feature"])
        #expect(references.first?["path"] as? String == "Sources/App/NowPlayingScreen.swift")
        #expect(references.first?["line"] as? Int == 18)
    }

    @Test("A feature's key works; an unknown key, no code and an --open out of range are refused")
    func mistakes() throws {
        let folder = try Self.swiftDemo()
        defer { folder.remove() }
        let feature = try CLIRunner.run(["refs", "podcast_favourites/smart_playlists"], in: folder.url)
        #expect(
            feature.stdout == "Sources/App/LibraryScreen.swift:14:38: if SmartPlaylistsFeature.isAvailable == true {\n")
        let unknown = try CLIRunner.run(["refs", "podcasts/them"], in: folder.url)
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains("unknown key 'podcasts/them'; did you mean 'podcasts/theme'?"), "\(unknown.stderr)")
        let range = try CLIRunner.run(["refs", "podcasts/theme", "--open", "3"], in: folder.url)
        #expect(range.status == 64)
        #expect(range.stderr.contains("podcasts/theme has 1 reference; give a number from 1"), "\(range.stderr)")
        let yaml = try CLIFixture.folder()
        defer { yaml.remove() }
        let none = try CLIRunner.run(["refs", "lab/sson"], in: yaml.url)
        #expect(none.status == 1)
        #expect(none.stderr.contains("the workspace has no code to search"), "\(none.stderr)")
    }

    @Test("refs --open N runs $EDITOR +LINE FILE for the N-th reference")
    func open() throws {
        let folder = try Self.swiftDemo()
        defer { folder.remove() }
        let stub = try folder.write(
            "editor.sh", "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/editor.args\"\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        let output = try CLIRunner.run(
            ["refs", "podcasts/player/skip_forward_seconds", "--open", "3"], in: folder.url,
            environment: ["EDITOR": stub.path, "VISUAL": ""])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let arguments = try String(contentsOf: folder.file("editor.args"), encoding: .utf8)
        #expect(arguments == "+15\n" + folder.file("Sources/App/NowPlayingScreen.swift").path + "\n")
    }

    @Test("stale tells the Swift demo's story: always true, read only dynamically, never read")
    func stale() throws {
        let folder = try Self.swiftDemo()
        defer { folder.remove() }
        let output = try CLIRunner.run(["stale"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(
            output.stdout.split(separator: "\n", omittingEmptySubsequences: false) == [
                "Sources/Flags/AppFlags.swift:44:5: podcasts/new_audio_engine: always true in every layer, rule and device: safe to remove",
                "Sources/Flags/PlayerFlags.swift:10:5: podcasts/player/auto_play_next: referenced dynamically at Sources/App/DebugSettings.swift:9 (a key built at run time): check it by hand",
                "Sources/Flags/PlayerFlags.swift:17:5: podcasts/lab/boom_feature: never referenced in 6 code files",
                "Sources/Features/AppFeatures.swift:50:13: car_play: never referenced in 6 code files",
                "", "4 findings: 1 always the same, 1 referenced dynamically only, 2 never referenced", "",
            ])
        let json = try CLIFixture.object(try CLIRunner.run(["stale", "--json"], in: folder.url).stdout)
        #expect(json["codeFiles"] as? Int == 6)
        let kinds = try #require(json["stale"] as? [[String: Any]]).map { $0["kind"] as? String }
        #expect(kinds == ["constant", "dynamic", "unreferenced", "unreferenced"])
        // Reading the flag somewhere makes it referenced: the finding goes.
        try folder.write(
            "Sources/App/Lab.swift", "func boom() -> Bool { appFlags.experiments.boomFeature }\n")
        let after = try CLIRunner.run(["stale"], in: folder.url)
        #expect(!after.stdout.contains("boom_feature"), "\(after.stdout)")
        #expect(after.stdout.contains("never referenced in 7 code files"), "\(after.stdout)")
    }

    @Test("The browser's stale view counts the hidden flag stale finds, and says which key shows it")
    func staleViewCountsHidden() throws {
        let folder = try Self.swiftDemo()
        defer { folder.remove() }
        let view = try CLIRunner.run(["snapshot", "--size", "120x30", "--keys", "FFFFF"], in: folder.url)
        #expect(
            view.stdout.hasSuffix("view: stale (3 shown, 1 hidden: . shows hidden flags; Tab: why each can go)\n"),
            "\(view.stdout)")
        let shown = try CLIRunner.run(["snapshot", "--size", "120x30", "--keys", ".FFFFF"], in: folder.url)
        #expect(shown.stdout.hasSuffix("view: stale (4 shown; Tab: why each can go)\n"), "\(shown.stdout)")
    }
}
