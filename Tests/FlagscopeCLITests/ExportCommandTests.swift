import Foundation
import TestSupport
import Testing

/// `flagscope export` as a user runs it (docs/export.md): launch arguments read back by
/// Foundation's own UserDefaults as an app launched with them, files written whole, the mistakes
/// that stop it, and rules of other formats kept by their provider in a flagd export.
@Suite("export on the command line")
struct ExportCommandTests {
    static let awkward = "-it's a \"test\" of $HOME and \\n\nnext line — ünïcode ✓"

    /// The every-type workspace with a value of each type (and the awkward string) overridden.
    static func workspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let local: [String: Any] = [
            "dark_mode": true, "retries": 7, "ratio": 0.25, "greeting": "howdy", "theme": "dark",
            "launch_date": "2026-03-01", "homepage": "https://example.com/a?b=c&d=e", "note": awkward, "offset": -3,
            "layout": ["columns": 3, "title": "Grid \"A\"", "nested": ["on": false]], "checkout/new_flow": false,
        ]
        let data = try JSONSerialization.data(withJSONObject: local, options: [.sortedKeys])
        try WorkspaceBuilder(providers: [.json("Local", "local.json", writable: true)])
            .file(
                "blueprints/app.yml",
                EveryTypeBlueprint.yaml(
                    extraFlags:
                        "  note:\n    type: string\n    default: plain\n    description: Free text\n"
                        + "  offset:\n    type: int\n    default: 0\n    description: A signed number\n")
            )
            .file("local.json", String(decoding: data, as: UTF8.self))
            .write(in: folder)
        return folder
    }

    @Test("Launch arguments, pasted into a shell's command line, reach UserDefaults with every value and its type")
    func launchArgumentsReadByFoundation() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let export = try CLIRunner.run(["export", "--format", "launch-arguments", "--one-line"], in: folder.url)
        #expect(export.status == 0, "\(export.stderr)")
        let probe = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("flagscope-defaults-probe")
        // The shell splits and unquotes the line as it would an app's command line.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" " + export.stdout, probe.path]
        let input = Pipe()
        let output = Pipe()
        shell.standardInput = input
        shell.standardOutput = output
        try shell.run()
        input.fileHandleForWriting.write(
            Data(EveryTypeBlueprint.keys.joined(separator: "\n").utf8 + Data("\nnote\noffset\n".utf8)))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        let read = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]], "\(data)")
        #expect(read["dark_mode"]?["bool"] as? Bool == true)
        #expect(read["checkout/new_flow"]?["bool"] as? Bool == false)
        #expect(read["checkout/new_flow"]?["object"] as? String == "NO")
        #expect(read["retries"]?["integer"] as? Int == 7)
        #expect(read["ratio"]?["double"] as? Double == 0.25)
        #expect(read["offset"]?["integer"] as? Int == -3, "a negative number, quoted, still reads as one")
        #expect(read["greeting"]?["object"] as? String == "howdy")
        #expect(read["theme"]?["object"] as? String == "dark")
        #expect(read["launch_date"]?["object"] as? String == "2026-03-01")
        #expect(read["homepage"]?["object"] as? String == "https://example.com/a?b=c&d=e")
        #expect(read["note"]?["object"] as? String == Self.awkward, "\(String(describing: read["note"]))")
        let layout = try #require(read["layout"]?["object"] as? [String: Any])
        #expect(layout["columns"] as? String == "3", "the argument domain gives a dictionary of strings")
        #expect(layout["title"] as? String == "Grid \"A\"")
        #expect((layout["nested"] as? [String: Any])?["on"] as? String == "NO")
    }

    @Test("--output writes the file whole and says so; refusals name the key on stderr; exit 0")
    func outputAndRefusals() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write("local.json", #"{"note": "$(SRCROOT)", "retries": 4}"#)
        let run = try CLIRunner.run(["export", "--format", "xcscheme", "--output", "args.xml"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("not exported: note: Xcode expands $(…) in a scheme's arguments"), "\(run.stderr)")
        #expect(run.stderr.contains("exported 1 key to args.xml"))
        let written = String(
            decoding: try Data(contentsOf: folder.url.appendingPathComponent("args.xml")), as: UTF8.self)
        #expect(written.contains(#"argument = "-retries 4""#))
    }

    @Test("simctl without --bundle-id, env with no prefix to use, an unknown format: exit 64 and what to add")
    func usage() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        for (arguments, words) in [
            (["export", "--format", "simctl"], "--format simctl writes into one app's defaults: add --bundle-id"),
            (["export", "--format", "env"], "add --prefix, such as --prefix APP_"),
            (
                ["export", "--format", "yaml"],
                "error: the value 'yaml' is invalid for '--format <format>'; values are launch-arguments, simctl, xcscheme, env, json, plist, flagd\n"
            ),
            (
                ["export", "--format", "jsn"],
                "error: the value 'jsn' is invalid for '--format <format>'; did you mean 'json'? Values are launch-arguments, simctl, xcscheme, env, json, plist, flagd\n"
            ),
            (
                ["export", "--format", "json", "--only", "overriden"],
                "error: the value 'overriden' is invalid for '--only <only>'; did you mean 'overridden'? Values are overridden, all\n"
            ),
        ] {
            let run = try CLIRunner.run(arguments, in: folder.url)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(words), "\(arguments): \(run.stderr)")
        }
        let empty = try CLIRunner.run(
            ["export", "--format", "json"],
            in: try { () throws -> URL in
                try folder.write("local.json", "{}")
                return folder.url
            }())
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("the writable provider sets no key for this export; --only all"))
    }

    @Test(
        "A flagd export of values GrowthBook's and LaunchDarkly's rules decide writes the values; stderr says once per provider that its rules stay with it"
    )
    func flagdKeepsOtherRules() throws {
        let folder = try WorkspaceBuilder(
            blueprints: ["blueprints/*.yml"],
            providers: [
                .growthbook("Experiments", "growthbook.json"), .launchdarkly("LD", "launchdarkly.json"),
                .json("Device", "device.json"),
            ]
        ).file("blueprints/growthbook.yml", GrowthBookWorkspace.blueprint.replacingOccurrences(of: "App", with: "Shop"))
            .file("blueprints/launchdarkly.yml", LaunchDarklyWorkspace.blueprint)
            .file("growthbook.json", GrowthBookWorkspace.payload).file("launchdarkly.json", LaunchDarklyWorkspace.data)
            .file("device.json", #"{"context/id": "user-1", "context/key": "user-1", "context/country": "IT"}"#)
            .folder()
        defer { folder.remove() }
        let run = try CLIRunner.run(
            ["export", "--format", "flagd", "--only", "all", "--output", "flags.json"], in: folder.url)
        #expect(run.status == 0, "\(CLIFixture.describe(run))")
        #expect(run.stdout.isEmpty)
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        #expect(
            notes == [
                "note: growthbook provider 'Experiments' decides 2 exported keys by its rules (checkout_layout, welcome_text): each is written with the value this device gets; the rules stay with growthbook, not translated into flagd targeting",
                "note: launchdarkly provider 'LD' decides 2 exported keys by its rules (banner_text, new_search): each is written with the value this device gets; the rules stay with launchdarkly, not translated into flagd targeting",
            ], "\(run.stderr)")
        #expect(run.stderr.contains("exported 5 keys to flags.json"), "\(run.stderr)")

        // Read back as a flagd provider, the file gives this device's values.
        try folder.write(
            "flagscope.yml",
            WorkspaceBuilder(
                blueprints: ["blueprints/*.yml"], providers: [.flagd("Exported", "flags.json")]
            ).workspaceFile)
        let list = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(list.status == 0, "\(CLIFixture.describe(list))")
        let flags = try #require(try CLIFixture.object(list.stdout)["flags"] as? [[String: Any]])
        let exported = flags.filter { $0["source"] as? String == "Exported" }
        func value(_ key: String) -> Any? { exported.first { $0["key"] as? String == key }?["value"] }
        #expect(exported.count == 5, "\(list.stdout)")
        #expect(value("checkout_layout") as? String == "classic")
        #expect(value("dark_mode") as? Bool == true)
        #expect(value("welcome_text") as? String == "hello")
        #expect(value("banner_text") as? String == "spring")
        #expect(value("new_search") as? Bool == true)
    }
}
