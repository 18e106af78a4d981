import Foundation
import Testing

@testable import FlagCore

/// The `flagd` format: OpenFeature flag definitions; `variants[defaultVariant]` when ENABLED.
@Suite("flagd provider layers")
struct ProviderReadersFlagdTests {
    static let stack = """
          - name: Source
            format: flagd
            path: flagd/flags.flagd.json
          - name: Base
            format: json
            path: base.json

        """

    static let definitions = """
        {
          "$schema": "https://flagd.dev/schema/v0/flags.json",
          "flags": {
            "dark_mode": {
              "state": "ENABLED",
              "variants": { "on": true, "off": false },
              "defaultVariant": "on"
            },
            "checkout/new_flow": {
              "state": "ENABLED",
              "variants": { "on": true, "off": false },
              "defaultVariant": "off"
            },
            "retries": {
              "state": "ENABLED",
              "variants": { "few": 1, "many": 7 },
              "defaultVariant": "many"
            },
            "ratio": {
              "state": "ENABLED",
              "variants": { "quarter": 0.25, "half": 0.5 },
              "defaultVariant": "quarter"
            },
            "theme": {
              "state": "ENABLED",
              "variants": { "light": "light", "dark": "dark" },
              "defaultVariant": "dark",
              "targeting": {
                "if": [ { "in": ["@example.com", { "var": "email" }] }, "light", null ]
              }
            },
            "greeting": {
              "state": "DISABLED",
              "variants": { "hi": "hi" },
              "defaultVariant": "hi"
            },
            "layout": {
              "state": "ENABLED",
              "variants": { "grid": { "columns": 3, "dense": true }, "list": { "columns": 1 } },
              "defaultVariant": "grid"
            },
            "homepage": {
              "state": "ENABLED",
              "variants": { "prod": "https://flags.example.com/home" },
              "defaultVariant": "prod"
            },
            "launch_date": {
              "state": "ENABLED",
              "variants": { "spring": "2026-05-01" },
              "defaultVariant": "spring"
            },
            "sealed": {
              "state": "ENABLED",
              "variants": { "on": true },
              "defaultVariant": "on"
            }
          }
        }

        """

    static func load(_ document: String, base: String = "{}") throws -> (ProviderSandbox, Workspace) {
        try ProviderSandbox.loaded(
            providers: Self.stack, files: ["flagd/flags.flagd.json": document, "base.json": base])
    }

    @Test("An ENABLED flag takes variants[defaultVariant], of every type; a false variant is set")
    func enabledTakesDefaultVariant() throws {
        let (sandbox, workspace) = try Self.load(Self.definitions, base: #"{"checkout/new_flow": true}"#)
        defer { sandbox.remove() }
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        // greeting is DISABLED in the definitions: the next test.
        try workspace.expectSet(ProviderBlueprint.sampleValues.filter { $0.key != "greeting" })
    }

    @Test("A DISABLED flag is unset, so the next layer decides")
    func disabledIsUnset() throws {
        let (sandbox, workspace) = try Self.load(Self.definitions, base: #"{"greeting": "hola"}"#)
        defer { sandbox.remove() }
        let greeting = try workspace.requireResolution("greeting")
        #expect(greeting.layers[0].state == .unset)
        #expect(greeting.layers[0].notes.contains { $0.contains("DISABLED") })
        #expect(greeting.layers[0].rules == RuleTrace(reason: .disabled))
        #expect(greeting.value == .string("hola"))
        #expect(greeting.source == "Base")
    }

    @Test("Targeting is evaluated against the context keys the other layers set, with its trace")
    func targetingIsEvaluated() throws {
        let (sandbox, workspace) = try Self.load(Self.definitions)
        defer { sandbox.remove() }
        let layer = try workspace.requireLayer("theme", "Source")
        #expect(layer.state == .set(.string("dark")))
        let trace = try #require(layer.rules)
        #expect(trace.reason == .defaultValue)
        #expect(trace.variant == "dark")
        #expect(trace.steps.map(\.rule) == [#""@example.com" in email"#])
        #expect(trace.steps.first?.reads == [ContextRead(key: "context/email", value: nil)])
        // Nothing to evaluate: flagd calls the default variant STATIC, and there are no steps.
        #expect(
            try workspace.requireLayer("dark_mode", "Source").rules == RuleTrace(variant: "on", reason: .staticValue))

        let (other, withEmail) = try Self.load(Self.definitions, base: #"{"context/email": "ana@example.com"}"#)
        defer { other.remove() }
        let matched = try withEmail.requireLayer("theme", "Source")
        #expect(matched.state == .set(.string("light")))
        #expect(matched.rules?.reason == .targetingMatch)
        #expect(matched.rules?.variant == "light")
        #expect(
            matched.rules?.steps.first?.reads == [ContextRead(key: "context/email", value: .string("ana@example.com"))])
        #expect(matched.rules?.steps.first?.result == .bool(true))
    }

    @Test("Every flag without targeting has flagd's reason on its layer, with its default variant when it has one")
    func reasonsWithoutTargeting() throws {
        let document = """
            {"flags": {
              "dark_mode": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off"},
              "retries": {"state": "ENABLED", "variants": {"few": 1, "many": 7}, "defaultVariant": null},
              "ratio": {"state": "ENABLED", "variants": {"half": 0.5}},
              "greeting": {"state": "DISABLED", "variants": {"hi": "hi"}, "defaultVariant": "hi"},
              "theme": {"state": "ENABLED", "variants": {"dark": "dark"}, "defaultVariant": "light"}
            }}
            """
        let (sandbox, workspace) = try Self.load(document, base: #"{"retries": 3}"#)
        defer { sandbox.remove() }
        let dark = try workspace.requireResolution("dark_mode")
        #expect(dark.layers[0].state == .set(.bool(false)) && dark.layers[0].isWinner)
        #expect(dark.layers[0].rules == RuleTrace(variant: "off", reason: .staticValue))
        #expect(dark.variant == "off")
        // No default variant (null or absent) and nothing to evaluate: the app's own default.
        for key in ["retries", "ratio"] {
            let layer = try workspace.requireLayer(key, "Source")
            #expect(layer.state == .unset, "\(key)")
            #expect(layer.rules == RuleTrace(reason: .defaultValue), "\(key)")
        }
        #expect(try workspace.requireResolution("retries").value == .int(3))
        #expect(try workspace.requireLayer("greeting", "Source").rules == RuleTrace(reason: .disabled))
        // A default variant it does not have: flagd cannot use the flag.
        let theme = try workspace.requireLayer("theme", "Source")
        guard case .error(let message) = theme.state else {
            Issue.record("theme is \(theme.state.name)")
            return
        }
        #expect(theme.rules == RuleTrace(reason: .error, errorCode: "PARSE_ERROR", errorMessage: message))
    }

    @Test("A variant name is given as written, even one that starts with a combining mark")
    func variantNameAsWritten() throws {
        let name = "\u{301}accent \u{1F600}"
        let document =
            #"{"flags": {"dark_mode": {"state": "ENABLED", "variants": {"\#(name)": true}, "defaultVariant": "\#(name)"}}}"#
        let (sandbox, workspace) = try Self.load(document)
        defer { sandbox.remove() }
        let variant = try #require(try workspace.requireResolution("dark_mode").variant)
        #expect(Array(variant.unicodeScalars) == Array(name.unicodeScalars))
    }

    @Test("An excluded flag ignores its flagd definition; a flag not defined is unset")
    func excludedAndUnset() throws {
        let (sandbox, workspace) = try Self.load(Self.definitions)
        defer { sandbox.remove() }
        #expect(try workspace.requireLayer("sealed", "Source").state == .excluded)
        #expect(try workspace.requireResolution("sealed").value == .bool(false))
        let (other, empty) = try Self.load(#"{"flags": {}}"#)
        defer { other.remove() }
        #expect(try empty.requireLayer("dark_mode", "Source").state == .unset)
    }

    @Test(
        "A default variant that does not fit is a type mismatch with the raw variant value",
        arguments: [
            ("dark_mode", #""yes""#, JSONValue.string("yes")), ("retries", "12", .int(12)),
            ("retries", "2.5", .double(2.5)),
            ("theme", #""purple""#, .string("purple")), ("greeting", #""Hi There""#, .string("Hi There")),
            ("homepage", #""nope""#, .string("nope")),
        ])
    func typeMismatch(key: String, variant: String, raw: JSONValue) throws {
        let document = """
            {"flags": {"\(key)": {"state": "ENABLED", "variants": {"only": \(variant)}, "defaultVariant": "only"}}}
            """
        let (sandbox, workspace) = try Self.load(document)
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution(key)
        #expect(resolution.layers[0].state.mismatchRaw == .native(raw))
        #expect(!resolution.layers[0].isWinner)
        #expect(resolution.source == "default")
        #expect(
            workspace.diagnostics.contains { $0.severity == .warning && $0.message.contains(key) },
            "\(workspace.diagnostics.map(\.headline))")
    }
}
