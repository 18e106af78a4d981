import FlagCore
import Foundation
import TestSupport
import Testing

/// `list` and `list --json` write as they go, in chunks: what a user gets is
/// still the whole report, byte for byte, as the report made whole in memory gives it.
@Suite("Streamed command output")
struct ListCommandStreamingTests {
    /// A blueprint of `count` flags of several types with descriptions, and a local file that
    /// overrides every third, one with a value that does not fit, and one key nobody declares:
    /// far more than one 64 KB chunk of output.
    static func largeWorkspace(_ count: Int) throws -> TemporaryFolder {
        var blueprint = "name: Big\nflags:\n"
        var local: [String] = []
        for index in 0..<count {
            let type = ["bool", "int", "string"][index % 3]
            let value = ["false", "\(index)", "\"text \(index)\""][index % 3]
            blueprint += "  flag\(index):\n    type: \(type)\n    default: \(value)\n"
            blueprint += "    description: \"Flag number \(index), with a description \\u00e9\"\n"
            if index % 3 == 1 { local.append(#""flag\#(index)": \#(index * 2)"#) }
        }
        local.append(#""flag2": 7"#)
        local.append(#""nobody_declares": true"#)
        return try CLIFixture.folder([
            "blueprints/app.yml": blueprint, ".flagscope/local.json": "{" + local.joined(separator: ", ") + "}\n",
        ])
    }

    @Test("list --json of 3,000 flags is the whole report's JSON, byte for byte, ending in one line break")
    func listJSON() throws {
        let folder = try Self.largeWorkspace(3_000)
        defer { folder.remove() }
        let output = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let workspace = Workspace.load(from: folder.file("flagscope.yml"), environment: [:])
        let resolutions = Resolver(workspace: workspace, tracingRuleSteps: false).resolveAll()
        let whole = ListReport(
            resolutions: resolutions, features: [], unknownKeys: workspace.unknownKeys,
            filter: .init(writableProvider: "Local"), now: Date()
        ).json.serialized(pretty: true, sortedKeys: false)
        #expect(output.stdout.utf8.count > 400_000)
        #expect(output.stdout == whole + "\n")
        #expect(output.stdout.contains(#""key": "nobody_declares""#))
        #expect(output.stdout.contains(#""typeMismatch": true"#))
    }

    @Test("list of 3,000 flags is the whole table, and a filter that matches nothing says so")
    func listText() throws {
        let folder = try Self.largeWorkspace(3_000)
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url, environment: ["COLUMNS": "70"])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let workspace = Workspace.load(from: folder.file("flagscope.yml"), environment: [:])
        let whole = ListReport(
            resolutions: Resolver(workspace: workspace).resolveAll(), features: [],
            filter: .init(writableProvider: "Local"), now: Date())
        #expect(output.stdout == whole.text(width: 70) + "\n")
        #expect(output.stdout.split(separator: "\n").count > 3_000)
        let none = try CLIRunner.run(["list", "--filter", "no such flag"], in: folder.url)
        #expect(none.status == 0 && none.stdout == "no flags match\n", "\(CLIFixture.describe(none))")
    }
}
