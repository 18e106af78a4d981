import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Context attributes keep the JSON type their provider gives (docs/rules.md); text sources give
/// text; the well-known keys keep their own rules.
@Suite("Context: typed attributes")
struct WorkspaceChecksContextKeysTests {
    /// Rules, a writable file and the environment: a typed, a JSON and a text source.
    static let stack: [WorkspaceBuilder.Provider] = [
        .flagd("Rules", "flags.flagd.json"), .json("Local", "local.json", writable: true), .env("Env", prefix: "APP_"),
    ]

    static let rules = """
        {
          "flags": {
            "retries": { "state": "ENABLED", "variants": { "few": 1, "many": 7 }, "defaultVariant": "few",
                         "targeting": { "if": [{ "===": [{ "var": "age" }, 42] }, "many",
                                               { "==": [{ "var": "user.name" }, "ana"] }, "many", null] } },
            "context/score": { "state": "ENABLED", "variants": { "low": 1, "high": 99 }, "defaultVariant": "low",
                               "targeting": { "if": [{ ">": [{ "var": "score" }, 0] }, "high", "low"] } }
          }
        }
        """

    static func load(local: String, environment: [String: String] = [:]) throws -> (ProviderSandbox, Workspace) {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        try sandbox.write("flags.flagd.json", Self.rules)
        try sandbox.write("local.json", local)
        return (sandbox, sandbox.load(environment: environment))
    }

    @Test(
        "A number, a bool, an object and a list keep their JSON type, with no warning that they do not fit",
        arguments: [
            (#"{"context/age": 42}"#, "context/age", JSONValue.int(42)),
            (#"{"context/beta": true}"#, "context/beta", .bool(true)),
            (#"{"context/user": {"name": "ana"}}"#, "context/user", .object(["name": .string("ana")])),
            (#"{"context/tags": ["a", "b"]}"#, "context/tags", .array([.string("a"), .string("b")])),
            (#"{"context/email": "ana@example.com"}"#, "context/email", .string("ana@example.com")),
        ])
    func typedValues(local: String, key: String, expected: JSONValue) throws {
        let (sandbox, workspace) = try Self.load(local: local)
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution(key)
        #expect(resolution.value?.json == expected)
        #expect(resolution.source == "Local")
        #expect(!workspace.diagnostics.contains { $0.message.contains("does not fit") })
        #expect(
            Resolver(workspace: workspace).evaluationContext().attributes[String(key.dropFirst("context/".count))]
                == expected)
    }

    @Test("Rules compare a typed attribute as its type: 42 is the number 42")
    func rulesSeeNumbers() throws {
        let (sandbox, workspace) = try Self.load(local: #"{"context/age": 42}"#)
        defer { sandbox.remove() }
        let retries = try workspace.requireResolution("retries")
        #expect(retries.value == .int(7))
        #expect(retries.layers[0].rules?.steps.first?.reads == [ContextRead(key: "context/age", value: .int(42))])
    }

    @Test(
        "A text source gives text: an environment variable 42 stays the text \"42\", and a strict rule does not take it for a number"
    )
    func environmentGivesText() throws {
        let (sandbox, workspace) = try Self.load(local: "{}", environment: ["APP_CONTEXT__AGE": "42"])
        defer { sandbox.remove() }
        #expect(try workspace.requireResolution("context/age").value == .string("42"))
        // `===` does not take "42" for 42: the default variant (few, 1) applies.
        #expect(try workspace.requireResolution("retries").value == .int(1))
    }

    @Test(
        "A nested attribute works given as an object or as flat keys; get shows the object",
        arguments: [
            #"{"context/user": {"name": "ana"}}"#,
            #"{"context/user/name": "ana"}"#,
        ])
    func nestedAttributes(local: String) throws {
        let (sandbox, workspace) = try Self.load(local: local)
        defer { sandbox.remove() }
        let retries = try workspace.requireResolution("retries")
        #expect(retries.value == .int(7))
        #expect(
            retries.layers[0].rules?.steps.last?.reads == [ContextRead(key: "context/user/name", value: .string("ana"))]
        )
        if local.contains(#""context/user":"#) {
            let report = GetReport(
                resolution: try workspace.requireResolution("context/user"), now: Date(), workspace: workspace)
            #expect(report.text.hasPrefix("context/user  (any JSON value)\n  value    {\"name\":\"ana\"}   from Local"))
            #expect(report.json.object?["value"] == .object(["name": .string("ana")]))
        }
    }

    @Test(
        "The well-known keys keep their rules: a platform or a permission state that is not one of theirs does not fit",
        arguments: [
            (#"{"context/platform": 42}"#, "context/platform"),
            (#"{"context/platform": "windows"}"#, "context/platform"),
            (#"{"context/permissions/camera": true}"#, "context/permissions/camera"),
            (#"{"context/targeting_key": 7}"#, "context/targeting_key"),
        ])
    func wellKnownKeys(local: String, key: String) throws {
        let (sandbox, workspace) = try Self.load(local: local)
        defer { sandbox.remove() }
        let layer = try workspace.requireLayer(key, "Local")
        #expect(layer.state.mismatchRaw != nil)
        #expect(
            workspace.diagnostics.contains {
                $0.message.hasPrefix("'\(key)' in provider 'Local' does not fit the flag")
            })
    }

    @Test(
        "set parses an attribute's value as JSON when it is JSON, else keeps the text, and writes its type",
        arguments: [
            ("42", #""context/age": 42"#),
            ("true", #""context/age": true"#),
            (#"{"years": 42}"#, #""context/age": {"#),
            (#""42""#, #""context/age": "42""#),
            ("forty two", #""context/age": "forty two""#),
        ])
    func setTypedValue(text: String, written: String) throws {
        let (sandbox, workspace) = try Self.load(local: "{}")
        defer { sandbox.remove() }
        let editor = FlagEditor(workspace: workspace)
        let value = try editor.parse(text, for: try editor.flag("context/age"))
        _ = try editor.set(["context/age": value], force: false)
        #expect(try sandbox.read("local.json").contains(written))
    }

    @Test("null typed for an attribute is refused: reset leaves it unset")
    func nullIsNoValue() throws {
        let (sandbox, workspace) = try Self.load(local: "{}")
        defer { sandbox.remove() }
        let editor = FlagEditor(workspace: workspace)
        #expect(throws: FlagEditor.EditError.self) { try editor.parse("null", for: try editor.flag("context/age")) }
    }

    @Test(
        "Rules never decide a context key: a flagd flag for context/score keeps its static variant, typed, with no trace and no loop"
    )
    func rulesNeverDecideContext() throws {
        let (sandbox, workspace) = try Self.load(local: "{}")
        defer { sandbox.remove() }
        let score = try workspace.requireResolution("context/score")
        #expect(score.value == .json(.int(1)))
        #expect(score.layers[0].rules == nil)
        #expect(Resolver(workspace: workspace).evaluationContext().attributes["score"] == .int(1))
    }
}
