import Foundation
import TestSupport
import Testing

/// `flagscope diff A [B]` (docs/devices.md#comparing-two-devices), run as a user runs it: two
/// of the demo's devices, a device and a context file, and the workspace at a git revision.
@Suite("diff on the command line")
struct DiffCommandTests {
    /// A copy of the demo, committed to a new git repository.
    static func repository() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copyDemo()
        for arguments in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.email=qa@example.com", "-c", "user.name=QA", "commit", "-q", "-m", "demo"],
        ] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", folder.url.path] + arguments
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }
        return folder
    }

    @Test("Two devices: the attribute that parts them and the feature it makes unavailable; --exit-code makes it 1")
    func twoDevices() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let output = try CLIRunner.run(["diff", "subscriber", "location denied"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout == """
                a: QA iPhone 15 (subscriber)
                b: QA iPhone 13 (location denied)

                the devices differ in:
                  context/permissions/location_when_in_use  a: authorized  b: denied

                feature Smart playlists (podcast_favourites/smart_playlists)
                  a: ✓ available
                  b: ✗ unavailable
                  location_when_in_use: a satisfied, b notSatisfied

                1 feature differs

                """)
        let strict = try CLIRunner.run(["diff", "subscriber", "location denied", "--exit-code"], in: folder.url)
        #expect(strict.status == 1)
        let same = try CLIRunner.run(["diff", "subscriber", "qa-iphone-subscriber", "--exit-code"], in: folder.url)
        #expect(same.status == 0)
        #expect(same.stdout.hasSuffix("no differences\n"))
    }

    @Test(
        "A side that is no device names the side, what a side can be, and the closest device",
        arguments: [
            (
                ["diff", "subscriber", "nonexistentdevice"],
                "error: side b 'nonexistentdevice' is no device; devices are QA iPad Air (other bucket), QA iPhone 13 (location denied), QA iPhone 15 (subscriber)"
            ),
            (
                ["diff", "subscrber"],
                "error: side a 'subscrber' is no device; did you mean 'QA iPhone 15 (subscriber)'? Devices are"
            ),
            (["diff", "iphone", "current"], "error: side a 'iphone' matches 2 devices: "),
        ])
    func sideIsNoDevice(arguments: [String], start: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let output = try CLIRunner.run(arguments, in: folder.url)
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix(start), "\(output.stderr)")
        #expect(!output.stderr.contains("--device"), "no --device was given")
        #expect(
            output.stderr.hasSuffix(
                " — a side is a device, current (the simulated device), context:FILE (a JSON object of attributes) or @REV (a git revision)\n"
            ))
    }

    @Test("A device against a context file: the rollout bucket and the rule step that parts it, in JSON")
    func contextFileSide() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        try folder.write("other.json", #"{"targeting_key": "listener-1"}"#)
        let output = try CLIRunner.run(["diff", "subscriber", "context:other.json", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect((object["b"] as? [String: Any])?["label"] as? String == "context:other.json")
        let flags = try #require(object["flags"] as? [[String: Any]])
        let ranking = try #require(flags.first { $0["key"] as? String == "lab/search/ranking" })
        #expect((ranking["a"] as? [String: Any])?["value"] as? String == "personalised")
        #expect((ranking["b"] as? [String: Any])?["value"] as? String == "popularity")
        let step = try #require(ranking["step"] as? [String: Any])
        #expect(step["rule"] as? String == #"fractional(["popularity", 50], ["personalised", 50])"#)
        #expect(
            ((step["b"] as? [String: Any])?["reads"] as? [String: Any])?["context/targeting_key"] as? String
                == "listener-1")
    }

    @Test("@REV: the committed rules against the working tree's, for the same device; nothing is checked out")
    func revisionSide() throws {
        let folder = try Self.repository()
        defer { folder.remove() }
        let rules = try folder.read("remote/rollouts.flagd.json")
        try folder.write("remote/rollouts.flagd.json", rules.replacingOccurrences(of: #""fr", "it"]"#, with: #""fr"]"#))
        let output = try CLIRunner.run(["diff", "@HEAD", "--device", "subscriber", "--exit-code"], in: folder.url)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(
            output.stdout == """
                a: @HEAD · QA iPhone 15 (subscriber)
                b: current · QA iPhone 15 (subscriber)

                storage/download_over_cellular
                  a: true  from Rollouts (variant on)
                  b: false  from Rollouts (variant off)
                  parted by a rule of Rollouts: country in ["de", "es", "fr", "it"]
                    a: true, reading context/country = "it"
                    b's rule: country in ["de", "es", "fr"]
                    b: false, reading context/country = "it"

                1 flag differs

                """)
        // The working tree is as it was: git reads the revision, nothing is checked out.
        #expect(try folder.read("remote/rollouts.flagd.json").contains(#""fr"]"#))
    }

    @Test(
        "A revision git does not know, or a folder outside a repository, is an error that says so; exit 1",
        arguments: [
            (true, "error: @nope: git knows no revision 'nope' in "),
            (false, "error: @HEAD: the workspace is not in a git repository"),
        ])
    func badRevision(inRepository: Bool, prefix: String) throws {
        let folder = inRepository ? try Self.repository() : try TemporaryFolder()
        defer { folder.remove() }
        if !inRepository { try folder.copyDemo() }
        let output = try CLIRunner.run(["diff", inRepository ? "@nope" : "@HEAD"], in: folder.url)
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix(prefix), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }
}
