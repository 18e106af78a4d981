import Foundation
import TestSupport
import Testing

/// `explain` takes what people type: the key's last segment or the feature's name; `get` on a
/// feature key points to `explain`.
@Suite("features by name")
struct ExplainCommandNamesTests {
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

    @Test(
        "A feature is found by a unique start or part of its key or name; several are listed; none gets every feature",
        arguments: [
            ("nearby", "Nearby podcasts (nearby_podcasts)"), ("Live events", "Live events calendar"),
            ("turbo", "Turbo downloads"), ("QR", "Podcast QR codes"),
        ])
    func partialNames(typed: String, found: String) throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let output = try demo.run(["explain", typed])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").first?.contains(found) == true, "\(output.stdout)")
    }

    @Test("Ambiguous and unknown parts of names")
    func ambiguousAndUnknown() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let pod = try demo.run(["explain", "pod"])
        #expect(pod.status == 1)
        #expect(pod.stderr.hasPrefix("error: 'pod' could be any of 4 features; give its full key:"), "\(pod.stderr)")
        let unknown = try demo.run(["explain", "xyzzy"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("; features are player, "), "\(unknown.stderr)")
        #expect(unknown.stderr.hasSuffix("qr_scanner, tv_top_shelf\n"), "every feature is listed: \(unknown.stderr)")
    }
}
