import Foundation
import TestSupport
import Testing

/// `flagscope demo`: the bundled demo copied to `$XDG_STATE_HOME/flagscope/demo`, kept, and restored by `--reset`.
@Suite("demo command")
struct DemoCommandTests {
    static var bundled: URL { Repository.demoFolder }

    /// Relative paths of every file in a folder (hidden ones included).
    static func files(in folder: URL) -> Set<String> {
        let base = folder.resolvingSymlinksInPath().path + "/"
        var result: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            result.insert(url.resolvingSymlinksInPath().path.replacingOccurrences(of: base, with: ""))
        }
        return result
    }

    /// Expects `written` to hold the files of `source`, byte for byte: the executable carries the
    /// demos compiled in, and a change to `Resources/` needs `Scripts/generate-demo-sources`.
    static func expectSame(_ written: URL, _ source: URL) {
        let names = files(in: written)
        #expect(
            names == files(in: source),
            "the demo compiled into flagscope differs from \(source.lastPathComponent): run Scripts/generate-demo-sources"
        )
        for path in names {
            #expect(
                (try? Data(contentsOf: written.appendingPathComponent(path)))
                    == (try? Data(contentsOf: source.appendingPathComponent(path))),
                "\(path) differs from Resources: run Scripts/generate-demo-sources")
        }
    }

    @Test("The executable alone, copied to an empty folder, writes both demos whole: nothing beside it is read")
    func selfContained() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let binary = folder.url.appendingPathComponent("bin/flagscope")
        try FileManager.default.createDirectory(
            at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.executable, to: binary)
        let environment = ["XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        for (flags, name, source) in [
            ([], "demo", "Resources/Demo"), (["--swift"], "swift-demo", "Resources/SwiftDemo"),
        ] {
            let process = CLIRunner.process(["demo", "--path"] + flags, in: folder.url, environment: environment)
            process.executableURL = binary
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let written = folder.url.appendingPathComponent("state/flagscope/\(name)")
            #expect(printed == written.path + "\n")
            Self.expectSame(written, Repository.root.appendingPathComponent(source))
        }
    }

    @Test("demo copies the whole bundled demo, hidden local file included, under XDG_STATE_HOME")
    func copiesTheDemo() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let output = try CLIRunner.run(["demo", "--no-browser"], environment: ["XDG_STATE_HOME": state.url.path])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let destination = state.url.appendingPathComponent("flagscope/demo")
        #expect(output.stdout.contains(destination.path))
        let copied = Self.files(in: destination)
        #expect(copied.contains(".flagscope/local.json"))
        #expect(copied.contains("flagscope.yml"))
        Self.expectSame(destination, Self.bundled)
        let validate = try CLIRunner.run([
            "validate", "--config", destination.appendingPathComponent("flagscope.yml").path,
        ])
        #expect(validate.status == 0, "\(CLIFixture.describe(validate))")
    }

    @Test(
        "demo --path prints only the copy's folder (making it first), so commands run on what the browser shows; a write there leaves the lock ignored"
    )
    func pathForCommands() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let environment = ["XDG_STATE_HOME": state.url.path]
        let destination = state.url.appendingPathComponent("flagscope/demo").path
        let first = try CLIRunner.run(["demo", "--path"], environment: environment)
        #expect(first.status == 0)
        #expect(first.stdout == destination + "\n", "stdout is the folder alone: \(first.stdout)")
        #expect(first.stderr == "copied the demo workspace to \(destination)\n")
        let again = try CLIRunner.run(["demo", "--path"], environment: environment)
        #expect(again.stdout == destination + "\n" && again.stderr.isEmpty)
        let config = destination + "/flagscope.yml"
        let set = try CLIRunner.run(["set", "lab/sson", "false", "--config", config])
        #expect(set.status == 0, "\(set.stderr)")
        let ignore = try String(contentsOfFile: destination + "/.flagscope/.gitignore", encoding: .utf8)
        #expect(ignore.split(separator: "\n").contains("*.lock"), "the lock a write leaves is ignored: \(ignore)")
        #expect(FileManager.default.fileExists(atPath: destination + "/.flagscope/local.json.lock"))
    }

    @Test("Edits to the copy persist across runs, and --reset restores the original")
    func resetRestores() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let environment = ["XDG_STATE_HOME": state.url.path]
        #expect(try CLIRunner.run(["demo", "--no-browser"], environment: environment).status == 0)
        let local = state.url.appendingPathComponent("flagscope/demo/.flagscope/local.json")
        let original = try Data(contentsOf: local)
        try Data("{\"lab/sson\": true}\n".utf8).write(to: local)
        let extra = state.url.appendingPathComponent("flagscope/demo/blueprints/extra.yml")
        try Data("name: Extra\n".utf8).write(to: extra)

        let again = try CLIRunner.run(["demo", "--no-browser"], environment: environment)
        #expect(again.status == 0)
        #expect(try Data(contentsOf: local) == Data("{\"lab/sson\": true}\n".utf8), "a second run keeps the edits")

        let reset = try CLIRunner.run(["demo", "--reset", "--no-browser"], environment: environment)
        #expect(reset.status == 0, "\(CLIFixture.describe(reset))")
        #expect(try Data(contentsOf: local) == original)
        #expect(!FileManager.default.fileExists(atPath: extra.path))
        // Nothing else is left beside the demo (no staging or backup folders).
        let siblings = try FileManager.default.contentsOfDirectory(
            atPath: state.url.appendingPathComponent("flagscope").path)
        #expect(siblings == ["demo"])
    }

    @Test("Without a terminal, demo still copies the demo and exits 1 with a message, not a crash")
    func withoutATerminal() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let output = try CLIRunner.run(
            ["demo"], environment: ["XDG_STATE_HOME": state.url.path, "TERM": "xterm-256color"])
        #expect(output.status == 1, "\(CLIFixture.describe(output))")
        #expect(output.stderr.contains("error:"))
        #expect(
            FileManager.default.fileExists(
                atPath: state.url.appendingPathComponent("flagscope/demo/flagscope.yml").path))
    }
}
