import Foundation
import TestSupport
import Testing

/// `flagscope export` as a user runs it (docs/export.md): launch arguments read back by
/// Foundation's own UserDefaults as an app launched with them, files written whole, and the
/// mistakes that stop it.
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
}
