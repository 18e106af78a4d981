import Foundation
import TestSupport
import Testing

/// `flagscope devices` and `--device` (docs/devices.md), run as a user runs them on the demo.
@Suite("devices and --device on the command line")
struct DevicesCommandTests {
    @Test("devices lists the demo's three profiles with their files, attributes and unavailable features")
    func listsTheDemo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let output = try CLIRunner.run(["devices"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        #expect(
            output.stdout == """
                QA iPad Air (other bucket)      devices/qa-ipad-rollout.yml        9 attributes   6 unavailable, 1 unknown of 17
                QA iPhone 13 (location denied)  devices/qa-iphone-no-location.yml  9 attributes   7 unavailable, 1 unknown of 17
                QA iPhone 15 (subscriber)       devices/qa-iphone-subscriber.yml   9 attributes   6 unavailable, 1 unknown of 17

                simulate one with --device NAME (flagscope get KEY --device qa-ipad-rollout)

                """)
        let json = try CLIRunner.run(["devices", "--json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let devices = try #require(object["devices"] as? [[String: Any]])
        #expect(
            devices.map { $0["name"] as? String } == [
                "QA iPad Air (other bucket)", "QA iPhone 13 (location denied)", "QA iPhone 15 (subscriber)",
            ])
        #expect(devices.map { $0["unavailable"] as? Int } == [6, 7, 6])
        #expect(devices.map { $0["unknown"] as? Int } == [1, 1, 1])
        let attributes = try #require(devices[2]["attributes"] as? [String: Any])
        #expect(attributes["country"] as? String == "it")
        #expect(attributes["os_version"] as? String == "17.4")
        #expect(attributes["permissions/location_when_in_use"] as? String == "authorized")
    }

    @Test(
        "--device simulates the profile below the writable file; a what-if edit on top wins, reset returns to the device"
    )
    func deviceUnderWhatIfs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let explain = try CLIRunner.run(["explain", "smart_playlists", "--device", "subscriber"], in: folder.url)
        #expect(
            explain.stdout.hasPrefix("✓ Smart playlists (podcast_favourites/smart_playlists) is available"),
            "\(explain.stdout)")
        let country = try CLIRunner.run(["get", "context/country", "--device", "subscriber"], in: folder.url)
        #expect(country.stdout.contains("value    it   from Device: QA iPhone 15 (subscriber)"), "\(country.stdout)")
        #expect(
            country.stdout.contains("from the device profile devices/qa-iphone-subscriber.yml"), "\(country.stdout)")

        let set = try CLIRunner.run(["set", "context/permissions/location_when_in_use", "denied"], in: folder.url)
        #expect(set.status == 0, "\(set.stderr)")
        let denied = try CLIRunner.run(["explain", "smart_playlists", "--device", "subscriber"], in: folder.url)
        #expect(denied.stdout.hasPrefix("✗ Smart playlists"), "\(denied.stdout)")

        #expect(try CLIRunner.run(["reset", "context/*"], in: folder.url).status == 0)
        let back = try CLIRunner.run(["explain", "smart_playlists", "--device", "subscriber"], in: folder.url)
        #expect(back.stdout.hasPrefix("✓ Smart playlists"), "\(back.stdout)")
    }

    @Test(
        "A --device that names none or several is bad usage (64), and says which exist",
        arguments: [
            (
                "zzz",
                "error: --device 'zzz' is no device; devices are QA iPad Air (other bucket), QA iPhone 13 (location denied), QA iPhone 15 (subscriber)\n"
            ),
            (
                "qa",
                "error: --device 'qa' matches 3 devices: QA iPad Air (other bucket) (devices/qa-ipad-rollout.yml), QA iPhone 13 (location denied) (devices/qa-iphone-no-location.yml), QA iPhone 15 (subscriber) (devices/qa-iphone-subscriber.yml); write more of the name\n"
            ),
        ])
    func badDevice(name: String, stderr: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let before = try folder.listing()
        let output = try CLIRunner.run(["get", "storage/download_over_cellular", "--device", name], in: folder.url)
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == stderr)
        #expect(try folder.listing() == before)
    }

    @Test("A profile with a mistake is located by validate; --device on it shows why it cannot be used")
    func brokenProfile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        try folder.write("devices/broken.yml", "name: Broken\ncontext:\n  platform: ios\n")
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(validate.status == 1)
        #expect(
            validate.stdout.contains(
                "devices/broken.yml:3:3: error: context/platform does not take this value: 'ios' is not one of iOS, macOS, tvOS, watchOS, visionOS, linux, android; did you mean 'iOS'?"
            ), "\(validate.stdout)")
        // Other commands go on without it.
        #expect(try CLIRunner.run(["get", "new_onboarding"], in: folder.url).status == 0)
        let chosen = try CLIRunner.run(["get", "new_onboarding", "--device", "broken"], in: folder.url)
        #expect(chosen.status == 1, "\(chosen.stderr)")
        #expect(
            chosen.stderr.contains("devices/broken.yml:3:3: error: context/platform does not take this value"),
            "\(chosen.stderr)")
    }
}
