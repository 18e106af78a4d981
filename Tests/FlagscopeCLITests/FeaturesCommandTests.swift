import Foundation
import TestSupport
import Testing

/// `flagscope features` (docs/devices.md): QA's list of every feature on a device, as a bug
/// report quotes it.
@Suite("features command")
struct FeaturesCommandTests {
    @Test("features --device lists unavailable features first, each with what holds it back and the key to change")
    func listOnADevice() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let output = try CLIRunner.run(["features", "--device", "location denied"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "QA iPhone 13 (location denied): 7 unavailable, 1 unknown of 17")
        #expect(
            lines.contains(
                "✗ Smart playlists (podcast_favourites/smart_playlists) — permission location_when_in_use denied → context/permissions/location_when_in_use"
            ), "\(output.stdout)")
        #expect(
            lines.contains(
                "? Share with friends (sharing) — permission contacts not asked yet → context/permissions/contacts"))
        #expect(
            lines.contains {
                $0.hasPrefix("✗ Live events calendar (nearby_podcasts/local_events) — parent Nearby podcasts: ")
            },
            "a sub-feature held back by its parent names the parent's constraint")
        let symbols = lines.dropFirst(2).compactMap(\.first)
        #expect(
            symbols == symbols.sorted { "✗?✓".firstIndex(of: $0)! < "✗?✓".firstIndex(of: $1)! },
            "unavailable, unknown, available")
        #expect(symbols.count == 17)
    }

    @Test(
        "features --json: the counts, and each feature's key, name, availability and failing constraints with their keys and values"
    )
    func json() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let output = try CLIRunner.run(
            ["features", "--device", "location denied", "--context", "permissions/photos=authorized", "--json"],
            in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["device"] as? String == "QA iPhone 13 (location denied)")
        let counts = try #require(object["counts"] as? [String: Int])
        #expect(counts == ["unavailable": 6, "unknown": 1, "features": 17], "--context authorized photos")
        let features = try #require(object["features"] as? [[String: Any]])
        let playlists = try #require(features.first { $0["key"] as? String == "podcast_favourites/smart_playlists" })
        #expect(playlists["name"] as? String == "Smart playlists")
        #expect(playlists["availability"] as? String == "unavailable")
        let failing = try #require(playlists["failing"] as? [[String: Any]])
        #expect(failing.count == 1)
        #expect(failing.first?["constraint"] as? String == "permission location_when_in_use denied")
        #expect(failing.first?["key"] as? String == "context/permissions/location_when_in_use")
        #expect(failing.first?["value"] as? String == "denied")
        let available = try #require(features.last)
        #expect(available["availability"] as? String == "available")
        #expect((available["failing"] as? [Any])?.isEmpty == true)
    }

    @Test("The count is the one devices prints and the browser's Features heading shows")
    func oneCountEverywhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let features = try CLIRunner.run(["features", "--device", "subscriber"], in: folder.url)
        let devices = try CLIRunner.run(["devices"], in: folder.url)
        let browser = try CLIRunner.run(
            ["snapshot", "--size", "120x40", "--device", "subscriber"], in: folder.url)
        let count = "6 unavailable, 1 unknown of 17"
        #expect(features.stdout.hasPrefix("QA iPhone 15 (subscriber): \(count)\n"))
        #expect(
            devices.stdout.contains(
                "QA iPhone 15 (subscriber)       devices/qa-iphone-subscriber.yml   9 attributes   \(count)"))
        #expect(browser.stdout.contains("▾ Features") && browser.stdout.contains(count), "\(browser.stdout)")
    }

    @Test("features with no device simulates the stack as it is; a workspace without features says so")
    func withoutDevice() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let output = try CLIRunner.run(["features"], in: folder.url)
        #expect(output.stdout.hasPrefix("The simulated device: 10 unavailable, 2 unknown of 17\n"), "\(output.stdout)")
        let bare = try WorkspaceBuilder(providers: [])
            .file("blueprints/app.yml", "name: App\nflags:\n  a: { type: bool, default: false, description: A }\n")
            .folder()
        defer { bare.remove() }
        let empty = try CLIRunner.run(["features"], in: bare.url)
        #expect(empty.stdout == "The simulated device: no features\n", "\(empty.stdout)")
    }
}
