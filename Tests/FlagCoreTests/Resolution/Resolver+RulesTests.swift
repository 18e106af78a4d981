import Foundation
import Testing

@testable import FlagCore

/// The context as rules see it, and rules in the stack: evaluated by the resolver with the
/// `context/*` keys the rule-free layers give, each layer carrying its trace.
@Suite("Rules: context and resolution")
struct ResolverRulesTests {
    static let stack = """
          - name: Rules
            format: flagd
            path: flags.flagd.json
          - name: Device
            format: json
            path: device.json

        """

    static let rules = """
        {
          "flags": {
            "theme": { "state": "ENABLED", "variants": { "light": "light", "dark": "dark", "loud": "LOUD" }, "defaultVariant": "dark",
                       "targeting": { "if": [{ "==": [{ "var": "platform" }, "iOS"] }, "light",
                                             { "ends_with": [{ "var": "email" }, "@loud.io"] }, "loud", null] } },
            "retries": { "state": "ENABLED", "variants": { "few": 1, "many": 7 }, "defaultVariant": "few",
                         "targeting": { "if": [{ "var": "missing_op_next" }, { "nonsense": [] }, "many"] } },
            "greeting": { "state": "ENABLED", "variants": { "hi": "hi" }, "defaultVariant": "hi" },
            "context/locale": { "state": "ENABLED", "variants": { "it": "it", "en": "en" }, "defaultVariant": "en",
                                "targeting": { "if": [true, "it", "en"] } }
          }
        }
        """

    static func load(device: String) throws -> (ProviderSandbox, Workspace) {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        try sandbox.write("flags.flagd.json", Self.rules)
        try sandbox.write("device.json", device)
        return (sandbox, sandbox.load())
    }

    @Test("Rules see the context keys the other layers set: typed by their blueprint, else as their provider has them")
    func rulesSeeStaticContext() throws {
        let (sandbox, workspace) = try Self.load(
            device: #"{"context/platform": "iOS", "context/score": 5, "context/tags": ["a"]}"#)
        defer { sandbox.remove() }
        let context = Resolver(workspace: workspace).evaluationContext()
        #expect(context.attributes["score"] == .int(5))
        #expect(context.attributes["tags"] == .array([.string("a")]))
        let theme = try workspace.requireLayer("theme", "Rules")
        #expect(theme.state == .set(.string("light")))
        #expect(theme.rules?.reason == .targetingMatch)
        #expect(theme.rules?.steps.first?.reads == [ContextRead(key: "context/platform", value: .string("iOS"))])
        #expect(try workspace.requireResolution("theme").value == .string("light"))
    }

    @Test("Rules never decide a context key: its layer keeps the static value and has no trace")
    func contextKeysAreStatic() throws {
        let (sandbox, workspace) = try Self.load(device: "{}")
        defer { sandbox.remove() }
        let locale = try workspace.requireLayer("context/locale", "Rules")
        #expect(locale.state == .set(.string("en")))
        #expect(locale.rules == nil)
        #expect(Resolver(workspace: workspace).evaluationContext().attributes["locale"] == .string("en"))
    }

    @Test("A rule's value that does not fit the flag is a type mismatch, with the trace")
    func ruleValueMismatch() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/email": "x@loud.io"}"#)
        defer { sandbox.remove() }
        let theme = try workspace.requireLayer("theme", "Rules")
        #expect(theme.state.mismatchRaw == .native(.string("LOUD")))
        #expect(theme.rules?.variant == "loud")
        #expect(try workspace.requireResolution("theme").value == .string("system"))
    }

    @Test("A rule that cannot be evaluated makes that flag's layer an error; the file's other flags resolve")
    func ruleErrorIsConfined() throws {
        let (sandbox, workspace) = try Self.load(device: #"{"context/missing_op_next": true, "retries": 5}"#)
        defer { sandbox.remove() }
        let retries = try workspace.requireResolution("retries")
        #expect(retries.layers[0].state == .error("its targeting cannot be evaluated: unknown operator 'nonsense'"))
        #expect(retries.layers[0].rules?.errorCode == "PARSE_ERROR")
        #expect(retries.value == .int(5))
        #expect(retries.source == "Device")
        #expect(try workspace.requireResolution("greeting").value == .string("hi"))
        // validate says where, in the file's own lines and columns.
        let problem = try #require(workspace.diagnostics.first { $0.message.contains("nonsense") })
        #expect(problem.headline == "flags.flagd.json:7:72: error: flagd provider 'Rules': unknown operator 'nonsense'")
    }

    @Test("A given context and clock replace the workspace's")
    func givenContext() throws {
        let (sandbox, workspace) = try Self.load(device: "{}")
        defer { sandbox.remove() }
        let context = EvaluationContext(attributes: [
            "context/email": .string("me@loud.io"), "platform": .string("android"),
        ])
        let layer = try #require(Resolver(workspace: workspace, context: context).resolve("theme")?.layers.first)
        #expect(layer.rules?.variant == "loud")
        #expect(layer.rules?.steps.map(\.result) == [.bool(false), .bool(true)])
    }
}
