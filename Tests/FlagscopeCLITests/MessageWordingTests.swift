import Foundation
import TestSupport
import Testing

/// The small words of the command line: counts, the `error:` label, usage messages and examples.
@Suite("message wording")
struct MessageWordingTests {
    @Test("get on a key no layer sets says 'unset' once, with why, and a default of none")
    func unsetSaidOnce() throws {
        let demo = try ExplainDemoWorkspace()
        defer { demo.remove() }
        let output = try demo.run(["get", "context/country"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "  value    unset: no layer sets it", "\(output.stdout)")
        #expect(lines[2] == "  default  none")
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

    @Test("Usage errors say `error:` in lower case, as every other message does")
    func usageErrorLabel() throws {
        let missing = try CLIRunner.run(["get"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("error: missing expected argument '<key>'"), "\(missing.stderr)")
        let unknown = try CLIRunner.run(["list", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: unknown option '--bogus'"), "\(unknown.stderr)")
        for output in [missing, unknown] { #expect(!output.stderr.contains("Error:"), "\(output.stderr)") }
    }

    @Test("No workspace found is an error like any other: `error: no flagscope.yml found in …`")
    func noWorkspaceIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("error: no flagscope.yml found in "), "\(output.stderr)")
        #expect(output.stderr.contains("hint: try `flagscope demo`"))
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
                "error: unknown format 'jsno'; did you mean 'json'? Formats are json, plist, env, firebase, unleash, flagd, ofrep\n"
            ),
            "\(output.stdout)")
    }

    @Test("snapshot reports an unknown <Key> as it was typed, not lower-cased")
    func unknownSnapshotKeyAsTyped() throws {
        let output = try CLIRunner.run(["snapshot", "--config", CLIFixture.demoWorkspace.path, "--keys", "jj<FooBar>"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: unknown key <FooBar>; keys are <Up>"), "\(output.stderr)")
    }

    @Test("The example keys in get --help and set --help are real keys of the demo")
    func helpExamplesAreDemoKeys() throws {
        for command in ["get", "set"] {
            let help = try CLIRunner.run([command, "--help"])
            #expect(help.status == 0)
            let example = try #require(help.stdout.firstMatch(of: /such as\s+([a-z_\/]+)\./)?.1, "\(help.stdout)")
            let get = try CLIRunner.run(["get", String(example), "--config", CLIFixture.demoWorkspace.path])
            #expect(get.status == 0, "\(command) --help names \(example): \(CLIFixture.describe(get))")
        }
    }

    @Test("A command stopped by workspace errors counts them in words: `the workspace has 1 error`")
    func stoppedByErrors() throws {
        let folder = try CLIFixture.folder([
            "blueprints/app.yml": "name: App\nflags:\n  a: { type: bool, default: 3 }\n"
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr.contains("the workspace has 1 error; run `flagscope validate` for details"),
            "\(output.stderr)")
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
}
