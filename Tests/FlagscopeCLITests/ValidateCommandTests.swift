import Foundation
import TestSupport
import Testing

/// `flagscope validate`: every diagnostic, rendered or as JSON; exit 1 on any error (docs/blueprints.md, docs/commands.md).
@Suite("validate command")
struct ValidateCommandTests {
    static let broken = """
        name: App
        flags:
          sson:
            type: bool
            default: "true"
            description: d
          theme:
            type: enum
            values: [system, light, dark]
            default: system

        """

    @Test("validate exits 0 on the bundled demo and prints no error")
    func demoIsValid() throws {
        let output = try CLIRunner.run(["validate", "--config", CLIFixture.demoWorkspace.path])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(!output.stdout.contains(": error:"))
        #expect(output.stderr.isEmpty)
    }

    @Test("validate exits 1 and renders each diagnostic with its line, column, source line and caret")
    func brokenWorkspace() throws {
        let folder = try CLIFixture.folder(["blueprints/app.yml": Self.broken])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1, "\(CLIFixture.describe(output))")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headline =
            "blueprints/app.yml:5:14: error: default of 'sson' does not fit its type: expected a bool (true or false), found text \"true\"; remove the quotes"
        let index = try #require(lines.firstIndex(of: headline), "\(output.stdout)")
        #expect(lines[index + 1] == "        default: \"true\"")
        #expect(lines[index + 2] == String(repeating: " ", count: 17) + "^")
        #expect(lines.contains("blueprints/app.yml:7:3: warning: flag 'theme' has no description"))
        #expect(output.stdout.contains("✗ 1 error, 1 warning"))
        // Errors come before the warning on a later line: reading order.
        #expect(index < lines.firstIndex(of: "blueprints/app.yml:7:3: warning: flag 'theme' has no description")!)
    }

    @Test("Warnings alone do not fail validation")
    func warningsOnly() throws {
        let folder = try CLIFixture.folder([
            "blueprints/app.yml": "name: App\nflags:\n  a: { type: bool, default: false }\n"
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(output.stdout.contains("blueprints/app.yml:3:3: warning: flag 'a' has no description"))
    }

    @Test("validate --json prints {diagnostics:[{file,line,column,severity,message}]}")
    func jsonShape() throws {
        let folder = try CLIFixture.folder(["blueprints/app.yml": Self.broken])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate", "--json"], in: folder.url)
        #expect(output.status == 1, "\(CLIFixture.describe(output))")
        let object = try CLIFixture.object(output.stdout)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        let first = try #require(diagnostics.first)
        #expect(first["file"] as? String == "blueprints/app.yml")
        #expect(first["line"] as? Int == 5)
        #expect(first["column"] as? Int == 14)
        #expect(first["severity"] as? String == "error")
        #expect((first["message"] as? String)?.contains("remove the quotes") == true)
        let second = diagnostics[1]
        #expect(second["file"] as? String == "blueprints/app.yml")
        #expect(second["line"] as? Int == 7)
        #expect(second["column"] as? Int == 3)
        #expect(second["severity"] as? String == "warning")
        for diagnostic in diagnostics {
            #expect(Set(diagnostic.keys).isSuperset(of: ["file", "line", "column", "severity", "message"]))
        }
    }

    @Test("validate --json on a valid workspace prints an empty diagnostics list and exits 0")
    func jsonValid() throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate", "--json"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let object = try CLIFixture.object(output.stdout)
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test("Paths in diagnostics are relative to the workspace folder, whatever the current folder")
    func relativePaths() throws {
        let folder = try CLIFixture.folder(["blueprints/app.yml": Self.broken])
        defer { folder.remove() }
        let elsewhere = try TemporaryFolder()
        defer { elsewhere.remove() }
        let output = try CLIRunner.run(
            ["validate", "--json", "--config", folder.url.appendingPathComponent("flagscope.yml").path],
            in: elsewhere.url)
        let diagnostics = try #require(try CLIFixture.object(output.stdout)["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.compactMap { $0["file"] as? String } == ["blueprints/app.yml", "blueprints/app.yml"])
        // From a subfolder, the workspace is found by walking up.
        try folder.write("blueprints/nested/keep.txt", "")
        let fromBelow = try CLIRunner.run(["validate"], in: folder.url.appendingPathComponent("blueprints/nested"))
        #expect(fromBelow.status == 1)
        #expect(fromBelow.stdout.contains("blueprints/app.yml:5:14: error:"))
    }

    @Test("Diagnostics from several files appear file by file, errors of every file included")
    func severalFiles() throws {
        let folder = try CLIFixture.folder([
            "flagscope.yml": CLIFixture.workspace(blueprints: ["blueprints/a.yml", "blueprints/b.json"]),
            "blueprints/a.yml": "name: A\nflags:\n  x: { type: int, default: 1.5, description: d }\n",
            "blueprints/b.json":
                "{\"name\": \"B\", \"flags\": {\"y\": {\"type\": \"bool\", \"default\": true, \"descripton\": \"d\"}}}\n",
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        let headlines = output.stdout.split(separator: "\n").filter {
            $0.contains(": error:") || $0.contains(": warning:")
        }.map(String.init)
        #expect(
            headlines == [
                "blueprints/a.yml:3:28: error: default of 'x' does not fit its type: expected a whole number, found 1.5",
                "blueprints/b.json:1:25: warning: flag 'y' has no description",
                "blueprints/b.json:1:64: error: unknown field 'descripton' in flag 'y'; did you mean 'description'?",
            ], "\(output.stdout)")
    }
}
