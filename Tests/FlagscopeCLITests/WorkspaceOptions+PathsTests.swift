import Foundation
import TestSupport
import Testing

/// Diagnostic paths for people are relative to the current folder (a terminal's "jump to file"
/// needs that), absolute outside it; `validate --json` keeps `file` workspace-relative and adds `path`.
@Suite("diagnostic paths")
struct WorkspaceOptionsPathsTests {
    /// A workspace with an error in each of two blueprints (a duplicate key) and a warning in flagscope.yml.
    static func workspace() throws -> TemporaryFolder {
        try CLIFixture.folder([
            "flagscope.yml": CLIFixture.workspace(blueprints: ["blueprints/*.yml"])
                .replacingOccurrences(of: "path: remote.json", with: "path: absent.json"),
            "blueprints/app.yml": CLIFixture.blueprint,
            "blueprints/more.yml":
                "name: More\nkeyPrefix: lab\nflags:\n  theme: { type: bool, default: false, description: Twice }\n",
        ])
    }

    static var realPath: (TemporaryFolder) -> String { { $0.url.resolvingSymlinksInPath().path } }

    @Test("From the workspace folder, paths read as before: blueprints/more.yml:4:3")
    func fromTheWorkspace() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "blueprints/more.yml:4:3: error: duplicate key 'lab/theme': a flag here, and another at blueprints/app.yml:15:3\n"
            ), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "\nflagscope.yml:4:5: warning: provider 'Remote' reads absent.json, which does not exist"),
            "\(output.stdout)")
    }

    @Test("From a subfolder, paths under it are relative to it, the others absolute; so are the places messages name")
    func fromASubfolder() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url.appendingPathComponent("blueprints"))
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "more.yml:4:3: error: duplicate key 'lab/theme': a flag here, and another at app.yml:15:3\n"),
            "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "app.yml:15:3: error: duplicate key 'lab/theme': declared here, and again at more.yml:4:3\n"),
            "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "\n\(Self.realPath(folder))/flagscope.yml:4:5: warning: provider 'Remote' reads absent.json"),
            "\(output.stdout)")
        // The quoted line and caret are unchanged.
        #expect(
            output.stdout.contains(
                "more.yml:4:3: error: duplicate key 'lab/theme': a flag here, and another at app.yml:15:3\n      theme: { type: bool"
            ), "\(output.stdout)")

        let list = try CLIRunner.run(["list"], in: folder.url.appendingPathComponent("blueprints"))
        #expect(list.status == 1)
        #expect(list.stderr.hasPrefix("more.yml:4:3: error: duplicate key"), "\(list.stderr)")
        #expect(list.stderr.contains("\napp.yml:15:3: error: duplicate key"), "\(list.stderr)")
    }

    @Test("From outside the workspace (--config), every path is absolute")
    func fromOutside() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let elsewhere = try TemporaryFolder()
        defer { elsewhere.remove() }
        let output = try CLIRunner.run(
            ["validate", "--config", folder.url.appendingPathComponent("flagscope.yml").path], in: elsewhere.url)
        #expect(output.status == 1)
        let root = Self.realPath(folder)
        #expect(
            output.stdout.contains(
                "\(root)/blueprints/more.yml:4:3: error: duplicate key 'lab/theme': a flag here, and another at \(root)/blueprints/app.yml:15:3\n"
            ), "\(output.stdout)")
        #expect(output.stdout.contains("\n\(root)/flagscope.yml:4:5: warning:"), "\(output.stdout)")
    }

    @Test("validate --json keeps file relative to the workspace and adds path relative to the current folder")
    func jsonHasBoth() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate", "--json"], in: folder.url.appendingPathComponent("blueprints"))
        let diagnostics = try #require(try CLIFixture.object(output.stdout)["diagnostics"] as? [[String: Any]])
        let pairs = Set(diagnostics.map { "\($0["file"] as? String ?? "?") → \($0["path"] as? String ?? "?")" })
        #expect(
            pairs == [
                "blueprints/app.yml → app.yml", "blueprints/more.yml → more.yml",
                "flagscope.yml → \(Self.realPath(folder))/flagscope.yml",
            ], "\(pairs)")
    }

    @Test("An env provider's warnings keep their name: it is no file")
    func envIsNoFile() throws {
        let folder = try CLIFixture.folder([
            "flagscope.yml": CLIFixture.workspace(blueprints: ["blueprints/app.yml"])
                + "  - name: Environment\n    format: env\n    prefix: FS_\n"
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(
            ["validate"], in: folder.url.appendingPathComponent("blueprints"),
            environment: ["FS_LAB__SSON": "maybe"])
        #expect(
            output.stdout.contains("environment (FS_*): warning: 'lab/sson' in provider 'Environment' does not fit"),
            "\(output.stdout)")
    }
}
