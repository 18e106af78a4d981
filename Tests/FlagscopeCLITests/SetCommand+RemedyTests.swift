import Foundation
import TestSupport
import Testing

/// `set` when the written value does not win: besides the warning, it says what the user can do
/// about the layer that wins: which file or variable to change, or the flag's exclusion.
@Suite("set says what to do when a higher layer still wins")
struct SetCommandRemedyTests {
    /// A stack where every read-only kind sits above the writable file: a firebase template, a
    /// read-only json profile and the environment; plus a computed flag and one that excludes Local.
    static func workspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try _ = folder.write(
            "flagscope.yml",
            WorkspaceBuilder(
                blueprints: ["blueprints/app.yml"],
                providers: [
                    .firebase("Remote", "remote/template.json"), .json("QA profile", "profiles/qa.json"),
                    .env("Environment", prefix: "APP_"), .json("Local", ".flagscope/local.json", writable: true),
                ]
            ).workspaceFile)
        try _ = folder.write(
            "blueprints/app.yml",
            """
            name: App
            keyPrefix: lab
            flags:
              banner:
                type: string
                default: hello
              theme:
                type: string
                default: system
              retries:
                type: int
                default: 3
              both:
                type: bool
                default: false
                computed: lab/on
              on:
                type: bool
                default: true
              pinned:
                type: bool
                default: false
                excludedProviders: [Local]

            """)
        try _ = folder.write(
            "remote/template.json", #"{"parameters": {"lab/banner": {"defaultValue": {"value": "from the server"}}}}"#)
        try _ = folder.write("profiles/qa.json", #"{"lab/theme": "dark"}"#)
        try _ = folder.write(".flagscope/local.json", "{}\n")
        return folder
    }

    static func set(_ folder: TemporaryFolder, _ key: String, _ value: String, json: Bool = false) throws
        -> CLIRunner.Output
    {
        try CLIRunner.run(
            ["set"] + (json ? ["--json"] : []) + [key, value], in: folder.url, environment: ["APP_LAB__RETRIES": "9"])
    }

    @Test(
        "Each kind of winning layer names the place to change",
        arguments: [
            (
                "lab/banner", "mine", "warning: Remote still wins with from the server",
                "note: to change what wins, edit remote/template.json (Remote's firebase file, read-only here)"
            ),
            (
                "lab/theme", "light", "warning: QA profile still wins with dark",
                "note: to change what wins, edit profiles/qa.json (QA profile, read-only here)"
            ),
            (
                "lab/retries", "5", "warning: Environment still wins with 9",
                "note: to change what wins, unset or change $APP_LAB__RETRIES"
            ),
            (
                "lab/both", "true", "warning: the computed value (true) still wins over Local",
                "note: to change what wins, change the keys it reads: lab/on (computed at blueprints/app.yml:16:15)"
            ),
            (
                "lab/pinned", "true",
                "warning: lab/pinned never reads Local (excludedProviders); the value has no effect",
                "note: to change what wins, remove Local from its excludedProviders (blueprints/app.yml:23:25)"
            ),
        ])
    func remedyPerLayer(key: String, value: String, warning: String, remedy: String) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let output = try Self.set(folder, key, value)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "set \(key) = \(value) in Local (.flagscope/local.json)", "\(output.stdout)")
        #expect(lines.contains { $0.hasPrefix(warning) }, "\(output.stdout)")
        #expect(lines.contains(remedy), "\(output.stdout)")
    }

    @Test("set --json carries the remedy beside the warning; a value that wins has neither")
    func remedyInJSON() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let shadowed = try Self.set(folder, "lab/theme", "light", json: true)
        let change = try #require((try CLIFixture.object(shadowed.stdout)["changes"] as? [[String: Any]])?.first)
        #expect(change["warning"] as? String == "QA profile still wins with dark (it is higher in the stack)")
        #expect(change["remedy"] as? String == "edit profiles/qa.json (QA profile, read-only here)")

        let winning = try Self.set(folder, "lab/on", "false", json: true)
        let plain = try #require((try CLIFixture.object(winning.stdout)["changes"] as? [[String: Any]])?.first)
        #expect(plain["warning"] == nil && plain["remedy"] == nil, "\(winning.stdout)")
        let text = try Self.set(folder, "lab/on", "true")
        #expect(text.stdout == "set lab/on = true in Local (.flagscope/local.json)\n")
    }
}
