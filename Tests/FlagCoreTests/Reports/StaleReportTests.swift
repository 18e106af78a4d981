import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// What `flagscope stale` finds (docs/code.md#stale-flags): each kind at its place, and the
/// look-alikes of each that are not stale.
@Suite("Stale report")
struct StaleReportTests {
    static let blueprint = """
        name: App
        flags:
          legacy_pager:
            type: bool
            default: false
            description: The old pager
            expires: 2020-01-31
          new_engine:
            type: bool
            default: true
            description: Rolled out everywhere
          theme:
            type: string
            default: light
            description: Colour theme, split by flagd
          banner:
            type: bool
            default: false
            description: Set the same by two layers, but Unleash can turn it on
          limit:
            type: int
            default: 10
            description: Set by Local, always shadowed by Remote
        """

    static let flagd = """
        {"flags": {
          "theme": {"state": "ENABLED", "variants": {"light": "light", "dark": "dark"}, "defaultVariant": "light",
                    "targeting": {"if": [{"==": [{"var": "country"}, "it"]}, "dark", "light"]}},
          "new_engine": {"state": "ENABLED", "variants": {"on": true, "also_on": true}, "defaultVariant": "on",
                         "targeting": {"if": [{"==": [{"var": "country"}, "it"]}, "also_on", "on"]}}
        }}
        """

    static let unleash = """
        {"version": 1, "features": [
          {"name": "banner", "enabled": true, "strategies": [{"name": "userWithId", "parameters": {"userIds": "ana"}}]}
        ]}
        """

    static func load(now: Date = Date()) throws -> (Workspace, StaleReport) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try WorkspaceBuilder(providers: [
            .json("Remote", "remote.json"), .flagd("Rollouts", "rollouts.flagd.json"),
            .unleash("Toggles", "toggles.json"), .json("Local", "local.json", writable: true),
        ])
        .file("blueprints/app.yml", blueprint)
        .file("remote.json", #"{"limit": 25, "banner": false}"#)
        .file("rollouts.flagd.json", flagd)
        .file("toggles.json", unleash)
        .file("local.json", "{\n  \"limit\": 40,\n  \"new_engine\": true,\n  \"legacy_typo\": 1\n}\n")
        .write(in: folder)
        let workspace = Workspace.load(from: folder.url.appendingPathComponent("flagscope.yml"))
        return (workspace, StaleReport(workspace: workspace, now: now))
    }

    static func found(_ report: StaleReport) -> [String] {
        report.findings.map { "\($0.key) \($0.kind.rawValue) \($0.place)" }
    }

    @Test(
        "Expired, always the same through every variant, a shadowed override and an undeclared one, each at its place")
    func everyKind() throws {
        let (workspace, report) = try Self.load()
        #expect(!workspace.hasErrors, "\(workspace.diagnostics)")
        #expect(
            Self.found(report) == [
                "legacy_pager expired blueprints/app.yml:3:3",
                "new_engine constant blueprints/app.yml:8:3",
                "limit shadowed local.json:2:3",
                "legacy_typo undeclared local.json:4:3",
            ])
        let constant = try #require(report.findings.first { $0.kind == .constant })
        #expect(constant.reason == "always true in every layer, rule and device: safe to remove")
        let shadowed = try #require(report.findings.first { $0.kind == .shadowed })
        #expect(shadowed.reason == "the override in Local never applies: Remote sets it first, at remote.json:1")
        // No code: nothing is called unreferenced, and the text says why.
        #expect(report.codeFiles == nil)
        #expect(report.text(currentDirectory: workspace.folder).contains("note: no code was searched"))
    }

    @Test("A flag whose one other value does not fit its type is a problem to fix, not constant")
    func mismatchIsNotConstant() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try WorkspaceBuilder(providers: [.json("Remote", "remote.json"), .flagd("Rollouts", "rollouts.flagd.json")])
            .file("blueprints/app.yml", "name: App\nflags:\n  checkout: {type: bool, default: false, description: C}\n")
            .file("remote.json", #"{"checkout": "yes"}"#)
            .file(
                "rollouts.flagd.json",
                #"{"flags": {"checkout": {"state": "ENABLED", "variants": {"off": false}, "defaultVariant": "off"}}}"#
            )
            .write(in: folder)
        let workspace = Workspace.load(from: folder.url.appendingPathComponent("flagscope.yml"))
        #expect(workspace.diagnostics.map(\.message).contains { $0.contains(#"found text "yes"; it is ignored"#) })
        #expect(StaleReport(workspace: workspace, now: Date()).findings.isEmpty)
    }

    @Test("Validate notes every finding but the undeclared override, which keeps its warning")
    func validateNotes() throws {
        let (workspace, _) = try Self.load()
        let validate = ValidateReport(workspace: workspace)
        let notes = validate.diagnostics.filter { $0.severity == .note }.map(\.message)
        #expect(notes.count == 3, "\(notes)")
        #expect(notes.allSatisfy { $0.contains("is stale: ") })
        #expect(validate.diagnostics.contains { $0.severity == .warning && $0.message.contains("'legacy_typo'") })
        #expect(!validate.diagnostics.contains { $0.severity == .error })
    }

    @Test("Before its expires date a flag is not stale; the JSON has every field")
    func beforeExpiryAndJSON() throws {
        let (workspace, report) = try Self.load(now: FlagDate.parse("2019-12-01")!)
        #expect(!report.findings.contains { $0.kind == .expired })
        guard case .object(let object) = report.json(currentDirectory: workspace.folder),
            case .array(let items) = object["stale"], case .object(let first) = items.first
        else {
            Issue.record("stale --json is {\"codeFiles\",\"stale\":[…]}")
            return
        }
        #expect(object["codeFiles"] == .null)
        #expect(Array(first.keys) == ["key", "kind", "reason", "file", "path", "line", "column"])
    }

    @Test("Validate writes the first 20 stale notes and one that counts the rest; stale lists all 25")
    func validateCapsTheNotes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let keys = (1...25).map { "flag\($0)" }
        let flags = keys.map { "  \($0):\n    type: int\n    default: 1\n    description: A number\n" }.joined()
        let values = keys.map { "\"\($0)\": 2" }.joined(separator: ", ")
        try WorkspaceBuilder(providers: [.json("Remote", "remote.json"), .json("Local", "local.json", writable: true)])
            .file("blueprints/app.yml", "name: App\nflags:\n" + flags)
            .file("remote.json", "{\(values)}")
            .file("local.json", "{\(values)}")
            .write(in: folder)
        let workspace = Workspace.load(from: folder.url.appendingPathComponent("flagscope.yml"))
        #expect(StaleReport(workspace: workspace, now: Date()).findings.filter { $0.kind == .shadowed }.count == 25)
        let notes = ValidateReport(workspace: workspace).diagnostics.filter { $0.severity == .note }
        #expect(notes.count == 21)
        #expect(notes.last?.message == "5 more stale flags and overrides: flagscope stale lists them all")
        #expect(notes.last?.file == "flagscope.yml")
    }
}
