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

    @Test("validate --json on a valid workspace lists no error or warning, only the stale flag's note, and exits 0")
    func jsonValid() throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate", "--json"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let object = try CLIFixture.object(output.stdout)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["severity"] as? String } == ["note"])
        #expect(
            diagnostics.first?["message"] as? String
                == "'lab/legacy_player' is stale: past its expires date, 2020-01-31")
        #expect(object["valid"] as? Bool == true)
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

    @Test("validate: a missing read-only file is a warning, an unparseable one an error")
    func validateProviderFiles() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("profiles/qa.json"))
        let missing = try workspace.run(["validate", "--json"])
        #expect(missing.status == 0, "\(missing.stdout)")
        let diagnostics = try #require(try parseJSONObject(missing.stdout)["diagnostics"] as? [[String: Any]])
        let warnings = diagnostics.filter { $0["severity"] as? String != "note" }
        #expect(warnings.count == 1, "the missing writable file is no warning (only a note): \(diagnostics)")
        #expect(warnings.first?["severity"] as? String == "warning")
        #expect((warnings.first?["message"] as? String)?.contains("profiles/qa.json") == true)

        try workspace.folder.write("profiles/qa.json", "{\"theme\": \"dark\"\n")
        let broken = try workspace.run(["validate", "--json"])
        #expect(broken.status == 1)
        let errors = try #require(try parseJSONObject(broken.stdout)["diagnostics"] as? [[String: Any]])
        #expect(
            errors.contains { $0["severity"] as? String == "error" && $0["file"] as? String == "profiles/qa.json" },
            "\(errors)")
    }

    /// The usual workspace with the writable file at `localPath`.
    static func workspace(localPath: String) -> String {
        CLIFixture.workspace(blueprints: ["blueprints/app.yml"])
            .replacingOccurrences(of: "path: .flagscope/local.json", with: "path: \(localPath)")
    }

    @Test("validate notes a writable file that does not exist, at the path: value, and still passes")
    func notedAtThePath() throws {
        let folder = try CLIFixture.folder(["flagscope.yml": Self.workspace(localPath: ".flagscope/lcoal.json")])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("flagscope.yml:9:11: note: ") }, "\(output.stdout)")
        #expect(
            lines[index]
                == "flagscope.yml:9:11: note: .flagscope/lcoal.json does not exist; it will be created on the first write to 'Local' (check the path if you expected an existing file)"
        )
        #expect(lines[index + 1] == "        path: .flagscope/lcoal.json")
        #expect(lines[index + 2] == "              ^")
        // The other note is the fixture's expired flag.
        #expect(output.stdout.contains("✓ 0 errors, 0 warnings, 2 notes"), "\(output.stdout)")

        let json = try CLIFixture.object(try CLIRunner.run(["validate", "--json"], in: folder.url).stdout)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]]).filter {
            ($0["message"] as? String)?.contains("does not exist") == true
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["severity"] as? String == "note")
        #expect(diagnostics.first?["line"] as? Int == 9)
        #expect(json["valid"] as? Bool == true)
    }

    @Test("After the first set creates the file, the note is gone; an existing file never gets one")
    func goneOnceWritten() throws {
        let folder = try CLIFixture.folder(["flagscope.yml": Self.workspace(localPath: "overrides.json")])
        defer { folder.remove() }
        #expect(try CLIRunner.run(["validate"], in: folder.url).stdout.contains("note: overrides.json does not exist"))
        let set = try CLIRunner.run(["set", "lab/sson", "true"], in: folder.url)
        #expect(set.status == 0, "\(CLIFixture.describe(set))")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("overrides.json").path))
        let after = try CLIRunner.run(["validate"], in: folder.url)
        #expect(!after.stdout.contains("does not exist"), "\(after.stdout)")
        #expect(after.stdout.contains("✓ 0 errors, 0 warnings, 1 note"), "\(after.stdout)")
    }

    static let oneOfEach = """
        blueprints:
          - app.yml
        providers:
          - name: Local
            format: json
            path: local.json
            writable: true

        """

    static let oneFlagOneFeature = """
        name: App
        flags:
          alpha: { type: bool, default: false, description: Alpha }
        features:
          search:
            description: Search
            constraints:
              userToggled: { default: true }

        """

    @Test("validate counts in the singular when there is one: 1 blueprint, 1 flag, 1 feature, 1 provider")
    func singularCounts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", Self.oneOfEach)
        try folder.write("app.yml", Self.oneFlagOneFeature)
        try folder.write("local.json", "{}\n")
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(
            output.stdout.contains("✓ workspace is valid: 1 blueprint, 1 flag, 1 feature, 1 provider"),
            "\(output.stdout)")
    }

    @Test("An unknown format suggests the close one, then lists them all in a sentence of its own")
    func unknownFormat() throws {
        let folder = try CLIFixture.folder([
            "flagscope.yml": CLIFixture.workspace(blueprints: ["blueprints/app.yml"])
                .replacingOccurrences(
                    of: "format: json\n    path: remote.json", with: "format: jsno\n    path: remote.json")
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "error: unknown format 'jsno'; did you mean 'json'? Formats are json, plist, env, firebase, unleash, flagd, ofrep, growthbook, launchdarkly\n"
            ),
            "\(output.stdout)")
    }

    @Test(
        "validate on a mis-indented blueprint says the indentation is off, where, and warns of no undeclared provider keys"
    )
    func misIndentedBlueprint() throws {
        let blueprint =
            "name: App\nkeyPrefix: lab\nflags:\n  allowsSSON:\n    key: sson\n    type: bool\n     default: false\n"
        let folder = try CLIFixture.folder([
            "blueprints/app.yml": blueprint,
            ".flagscope/local.json": #"{"lab/sson": true, "lab/theme": "dark"}"# + "\n",
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stdout.hasPrefix(
                """
                blueprints/app.yml:7:6: error: the indentation is off: line 7 starts at column 6, deeper than the line above (column 5), so it reads as the rest of that value; keys of one mapping start in the same column
                         default: false
                         ^
                """), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                ".flagscope/local.json: note: 2 keys not checked against the blueprints: blueprints/app.yml cannot be read"
            ), "\(output.stdout)")
        #expect(!output.stdout.contains("declared by no blueprint"), "\(output.stdout)")
    }

    @Test("validate reads the Swift sources; a default that calls a function is a warning with line and caret")
    func swiftSources() throws {
        let output = try CLIFixture.run(["validate"], in: { try SwiftAppWorkspace.folder() })
        let text = output.stdout + output.stderr
        #expect(
            text.contains(
                "Sources/App/AppFlags.swift:7:20: warning: default of 'fetchLimit' cannot be known without compiling: it calls Remote.limit(…), which only running the app can evaluate; shown as written"
            ), "\(text)")
        #expect(
            text.contains(
                "        @Flag(default: Remote.limit(), description: \"Fetch limit\")\n                       ^"),
            "\(text)")
        #expect(text.contains("0 errors, 1 warning"), "\(text)")
    }
}
