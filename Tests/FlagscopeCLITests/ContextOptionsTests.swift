import Foundation
import TestSupport
import Testing

/// `--context KEY=VALUE` and `--context-file FILE` on the command line (docs/rules.md): a layer named
/// `--context` on top of the stack for one run, never written; and the variant the rules chose.
@Suite("--context on the command line")
struct ContextOptionsTests {
    /// The targeting workspace with a writable Local layer, on a device outside example.com.
    static func folder() throws -> TemporaryFolder {
        try TargetingWorkspace.folder(device: #"{"context/email": "ana@else.org"}"#, writable: true)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "get --context: the rules see the attribute, the layer is on top, the variant is named, and nothing is written")
    func getWithContext() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let device = try folder.read("device.json")
        let output = try CLIRunner.run(
            ["get", "home_layout", "--json", "--context", "email=ana@example.com"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try Self.json(output.stdout)
        #expect(object["value"] as? String == "video")
        #expect(object["source"] as? String == "Flags")
        #expect(object["variant"] as? String == "video")
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.map { $0["provider"] as? String } == ["--context", "Flags", "Device", "Local"])
        #expect(try folder.read("device.json") == device)
        #expect(!FileManager.default.fileExists(atPath: folder.file("local.json").path))

        let attribute = try CLIRunner.run(
            ["get", "context/email", "--context", "context/email=ana@example.com"], in: folder.url)
        #expect(attribute.stdout.contains("value    ana@example.com   from --context"), "\(attribute.stdout)")
        #expect(
            attribute.stdout.contains("--context: from --context context/email=ana@example.com"), "\(attribute.stdout)")
    }

    @Test("A value is JSON when it parses: --context age=42 is the number 42, an object is an object")
    func typedValues() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let age = try CLIRunner.run(["get", "context/age", "--json", "--context", "age=42"], in: folder.url)
        #expect(try Self.json(age.stdout)["value"] as? Int == 42)
        let user = try CLIRunner.run(
            ["get", "context/user", "--json", "--context", #"user={"name":"ana"}"#], in: folder.url)
        #expect(try Self.json(user.stdout)["value"] as? [String: String] == ["name": "ana"])
        let text = try CLIRunner.run(["get", "context/user", "--context", #"user={"name":"ana"}"#], in: folder.url)
        #expect(
            text.stdout.hasPrefix("context/user  (any JSON value)\n  value    {\"name\":\"ana\"}   from --context"),
            "\(text.stdout)")
    }

    @Test(
        "An attribute that takes any JSON value: set says whether it wrote text or a number, list and get --json name its type 'any'"
    )
    func anyJSONAttributeWords() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let text = try CLIRunner.run(["set", "context/age", #""42""#], in: folder.url)
        #expect(text.stdout.hasPrefix(#"set context/age = "42" in Local"#), "\(text.stdout)")
        #expect(try Self.json(try folder.read("local.json"))["context/age"] as? String == "42")
        let number = try CLIRunner.run(["set", "context/age", "42"], in: folder.url)
        #expect(number.stdout.hasPrefix("set context/age = 42 in Local"), "\(number.stdout)")
        #expect(try Self.json(try folder.read("local.json"))["context/age"] as? Int == 42)
        let list = try CLIRunner.run(["list", "--filter", "context/age"], in: folder.url)
        #expect(list.stdout.contains("context/age  any   42"), "\(list.stdout)")
        let get = try CLIRunner.run(["get", "context/age", "--json"], in: folder.url)
        #expect(try Self.json(get.stdout)["type"] as? String == "any")
    }

    @Test("list --json: rows keep key, value and source, and name the variant where rules chose one")
    func listNamesVariants() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(
            ["list", "--json", "--context", "email=ana@example.com", "--context", "targeting_key=user-1"],
            in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let flags = try #require(try Self.json(output.stdout)["flags"] as? [[String: Any]])
        let home = try #require(flags.first { $0["key"] as? String == "home_layout" })
        #expect(
            home["value"] as? String == "video" && home["source"] as? String == "Flags"
                && home["variant"] as? String == "video")
        let checkout = try #require(flags.first { $0["key"] as? String == "new_checkout" })
        #expect(checkout["variant"] as? String == "on")
        let email = try #require(flags.first { $0["key"] as? String == "context/email" })
        #expect(email["source"] as? String == "--context" && email["variant"] == nil)
    }

    @Test("--context-file: a JSON object of attributes; --context wins over it")
    func contextFile() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write("qa.json", #"{"email": "ana@example.com", "age": 42}"#)
        let output = try CLIRunner.run(["get", "home_layout", "--context-file", "qa.json"], in: folder.url)
        #expect(output.stdout.contains("value    video   from Flags"), "\(output.stdout)")
        let overridden = try CLIRunner.run(
            ["get", "home_layout", "--context-file", "qa.json", "--context", "email=x@else.org"], in: folder.url)
        #expect(overridden.stdout.contains("value    grid   from Flags"), "\(overridden.stdout)")
    }

    @Test(
        "Bad usage exits 64 with a clear message; a bad value or a bad context file exits 1 at its line and column",
        arguments: [
            (
                ["--context", "email"], Int32(64),
                "error: --context 'email' has no '=': write --context KEY=VALUE, such as --context age=42 or --context email=ana@example.com\n"
            ),
            (
                ["--context", "home_layout=video"], 64,
                "error: --context 'home_layout=video': 'home_layout' is a flag, not a context attribute: --context only gives the simulated device's attributes (context/*), which rules and features read; change a flag with `flagscope set`, or write context/home_layout to mean the attribute\n"
            ),
            (
                ["--context", "platform=windows"], 1,
                "error: --context 'platform=windows': context/platform does not take this value: 'windows' is not one of iOS, macOS, tvOS, watchOS, visionOS, linux, android\n"
            ),
            (
                ["--context-file", "bad.json"], 1,
                "bad.json:2:10: error: expected a JSON value, found '}'\n      \"age\": }\n             ^\n"
            ),
            (["--context-file", "none.json"], 1, "none.json: error: cannot read the context file: no such file\n"),
        ])
    func badContext(arguments: [String], status: Int32, stderr: String) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write("bad.json", "{\n  \"age\": }\n")
        // The browser (no subcommand) checks the layer before it looks for a terminal.
        for command in [["get", "home_layout"], ["list"], ["snapshot"], []] {
            let output = try CLIRunner.run(command + arguments, in: folder.url)
            #expect(output.status == status, "\(command) \(output.stderr)")
            #expect(output.stderr == stderr, "\(command)")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test(
        "Commands that work on the files as they are refuse --context instead of ignoring it",
        arguments: [
            (
                ["set", "home_layout", "video", "--context", "age=1"],
                "error: --context only applies to demo, list, get, explain, snapshot, rollout, features, diff, serve, export and the browser; set works on the files as they are\n"
            ),
            (
                ["validate", "--context-file=qa.json"],
                "error: --context-file only applies to demo, list, get, explain, snapshot, rollout, features, diff, serve, export and the browser; validate works on the files as they are\n"
            ),
            (
                ["reset", "--all", "--context", "age=1"],
                "error: --context only applies to demo, list, get, explain, snapshot, rollout, features, diff, serve, export and the browser; reset works on the files as they are\n"
            ),
        ])
    func refusedWhereUnused(arguments: [String], stderr: String) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(arguments, in: folder.url)
        #expect(output.status == 64)
        #expect(output.stderr == stderr)
        #expect(!FileManager.default.fileExists(atPath: folder.file("local.json").path))
    }

    @Test("explain --context: the simulated device for one run decides availability, and says it came from --context")
    func explainWithContext() throws {
        let config = Repository.demoWorkspaceFile.path
        let output = try CLIRunner.run([
            "explain", "podcast_favourites/smart_playlists", "--config", config,
            "--context", "permissions/location_when_in_use=authorized",
            "--context", "purchases/SUB0001=purchased",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout.hasPrefix("✓ Smart playlists (podcast_favourites/smart_playlists) is available"),
            "\(output.stdout)")
        #expect(
            output.stdout.contains("context/permissions/location_when_in_use  authorized  from --context"),
            "\(output.stdout)")
    }

    @Test("snapshot --context: the browser's header shows the layer on top of the stack")
    func snapshotHeader() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(
            ["snapshot", "--size", "200x10", "--context", "email=ana@example.com"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix(" Flagscope · "), "\(output.stdout)")
        #expect(
            output.stdout.split(separator: "\n").first?.contains("--context › Flags › Device › Local✎") == true,
            "\(output.stdout)")
    }
}
