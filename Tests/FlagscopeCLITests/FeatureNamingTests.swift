import Foundation
import TestSupport
import Testing

/// `explain` takes what people type: the key's last segment or the feature's name; `get` on a
/// feature key points to `explain`.
@Suite("features by name")
struct FeatureNamingTests {
    static let demo = CLIFixture.demoWorkspace.path

    @Test(
        "explain accepts the last key segment, the entry name and the display name in any case",
        arguments: [
            "smart_playlists", "smartPlaylists", "Smart playlists", "SMART PLAYLISTS",
            "podcast_favourites/smart_playlists",
        ])
    func shortNames(name: String) throws {
        let output = try CLIRunner.run(["explain", name, "--config", Self.demo])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(
            output.stdout.hasPrefix("✗ Smart playlists (podcast_favourites/smart_playlists) is unavailable"),
            "\(output.stdout)")
        let json = try CLIRunner.run(["explain", name, "--json", "--config", Self.demo])
        #expect(try CLIFixture.object(json.stdout)["feature"] as? String == "podcast_favourites/smart_playlists")
    }

    static let twoSearches = """
        name: App
        features:
          library:
            description: Library
            features:
              search: { description: Search the library }
          store:
            description: Store
            features:
              search: { description: Search the store }

        """

    @Test("A short name that fits two features exits 1 and lists both with their names")
    func ambiguous() throws {
        let folder = try CLIFixture.folder(["blueprints/app.yml": Self.twoSearches])
        defer { folder.remove() }
        let output = try CLIRunner.run(["explain", "search"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr == """
                error: 'search' could be any of 2 features; give its full key:
                  library/search  Search the library
                  store/search    Search the store

                """, "\(output.stderr)")
        let exact = try CLIRunner.run(["explain", "Search the store"], in: folder.url)
        #expect(exact.status == 0, "\(CLIFixture.describe(exact))")
        #expect(exact.stdout.contains("(store/search) is available"), "\(exact.stdout)")
    }

    @Test("An unknown feature suggests the close one by key or name and lists some features")
    func unknown() throws {
        let output = try CLIRunner.run(["explain", "Smrat playlists", "--config", Self.demo])
        #expect(output.status == 1)
        #expect(
            output.stderr.hasPrefix(
                "error: unknown feature 'Smrat playlists'; did you mean 'podcast_favourites/smart_playlists'? Features are player, "
            ),
            "\(output.stderr)")
    }

    @Test("get on a feature key says it is a feature and names the explain command")
    func getOnAFeature() throws {
        let output = try CLIRunner.run(["get", "podcast_favourites/smart_playlists", "--config", Self.demo])
        #expect(output.status == 1)
        #expect(
            output.stderr.hasPrefix(
                "error: 'podcast_favourites/smart_playlists' is a feature, not a flag; see whether it is available and why with: flagscope explain podcast_favourites/smart_playlists"
            ),
            "\(output.stderr)")
        let switches = try CLIRunner.run(["get", "player/sleep_timer", "--config", Self.demo])
        #expect(
            switches.stderr.contains("its switches are keys: player/sleep_timer/user_toggled"), "\(switches.stderr)")
    }
}
