import Foundation
import Testing

@testable import FlagCore

/// The `json` format: a flat object of full keys to native JSON values.
@Suite("JSON provider layers")
struct ProviderReadersJSONTests {
    static let stack = """
          - name: Source
            format: json
            path: flags/source.json
          - name: Base
            format: json
            path: flags/base.json

        """

    @Test("Native values of every type are set and win over lower layers")
    func everyTypeIsSet() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write(
            "flags/source.json",
            """
            {
              "dark_mode": true,
              "retries": 7,
              "ratio": 0.25,
              "greeting": "hi",
              "theme": "dark",
              "launch_date": "2026-05-01",
              "homepage": "https://flags.example.com/home",
              "layout": {"columns": 3, "dense": true},
              "checkout/new_flow": false
            }
            """)
        try sandbox.write("flags/base.json", #"{"retries": 1, "theme": "light"}"#)
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")

        try workspace.expectSet(ProviderBlueprint.sampleValues)
        // The lower layer still has its say, shadowed.
        let base = try workspace.requireLayer("retries", "Base")
        #expect(base.state == .set(.int(1)))
        #expect(!base.isWinner)
    }

    @Test("A set false is state set with value false, never unset, and it wins over a lower true")
    func setFalseIsNotUnset() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("flags/source.json", #"{"checkout/new_flow": false}"#)
        try sandbox.write("flags/base.json", #"{"checkout/new_flow": true}"#)
        let workspace = sandbox.load()
        let resolution = try workspace.requireResolution("checkout/new_flow")
        #expect(resolution.layers.map(\.state) == [.set(.bool(false)), .set(.bool(true))])
        #expect(resolution.value == .bool(false))
        #expect(resolution.source == "Source")
        #expect(
            GetReport.json(resolution.layers[0])
                == .object([
                    "provider": .string("Source"), "state": .string("set"), "value": .bool(false),
                    "winner": .bool(true),
                ]))
    }

    @Test("Absent keys and null values are unset; the default then applies")
    func absentAndNullAreUnset() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("flags/source.json", #"{"retries": null}"#)
        try sandbox.write("flags/base.json", "{}")
        let workspace = sandbox.load()
        for key in ["retries", "theme"] {
            let resolution = try workspace.requireResolution(key)
            #expect(resolution.layers.map(\.state) == [.unset, .unset], "\(key)")
            #expect(resolution.source == "default", "\(key)")
            #expect(resolution.reason == .default, "\(key)")
            #expect(resolution.value == resolution.flag.defaultValue, "\(key)")
            #expect(resolution.winningLayer == nil, "\(key)")
        }
    }

    @Test("A provider named in excludedProviders is excluded even when it has a value")
    func excluded() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("flags/source.json", #"{"sealed": true}"#)
        try sandbox.write("flags/base.json", #"{"sealed": false}"#)
        let workspace = sandbox.load()
        let resolution = try workspace.requireResolution("sealed")
        #expect(resolution.layers.map(\.state) == [.excluded, .set(.bool(false))])
        #expect(resolution.source == "Base")
        #expect(
            workspace.diagnostics.isEmpty, "an excluded value is no problem: \(workspace.diagnostics.map(\.headline))")
    }

    @Test(
        "Values that do not fit keep their raw value, never win, and are reported by validate",
        arguments: [
            ("dark_mode", #""maybe""#, RawValue.native(.string("maybe"))),
            ("dark_mode", #""true""#, .native(.string("true"))),
            ("dark_mode", "1", .native(.int(1))),
            ("retries", "11", .native(.int(11))),
            ("retries", "-1", .native(.int(-1))),
            ("retries", "2.5", .native(.double(2.5))),
            ("retries", #""7""#, .native(.string("7"))),
            ("ratio", "1.5", .native(.double(1.5))),
            ("ratio", #""0.3""#, .native(.string("0.3"))),
            ("greeting", #""Hello World""#, .native(.string("Hello World"))),
            ("greeting", "42", .native(.int(42))),
            ("theme", #""purple""#, .native(.string("purple"))),
            ("launch_date", #""2026-13-01""#, .native(.string("2026-13-01"))),
            ("launch_date", #""tomorrow""#, .native(.string("tomorrow"))),
            ("homepage", #""not a url""#, .native(.string("not a url"))),
        ])
    func typeMismatch(key: String, json: String, raw: RawValue) throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("flags/source.json", "{\n  \"\(key)\": \(json)\n}\n")
        try sandbox.write("flags/base.json", "{}")
        let workspace = sandbox.load()
        let resolution = try workspace.requireResolution(key)
        let layer = resolution.layers[0]
        #expect(layer.state.name == "typeMismatch")
        #expect(layer.state.mismatchRaw == raw)
        #expect(!layer.isWinner)
        #expect(resolution.source == "default")
        #expect(resolution.value == resolution.flag.defaultValue)
        // get --json shows the raw value as the file holds it.
        let shown = try #require(GetReport.json(layer).object)
        #expect(shown["state"] == .string("typeMismatch"))
        #expect(shown["raw"] == raw.json)
        #expect(shown["winner"] == nil)
        // validate: a warning at the key's position, naming the key.
        let warnings = workspace.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1, "\(workspace.diagnostics.map(\.headline))")
        #expect(warnings.first?.file == "flags/source.json")
        #expect(warnings.first?.location == TextLocation(line: 2, column: 3))
        #expect(warnings.first?.message.contains(key) == true)
        #expect(!workspace.hasErrors)
    }

    @Test("A mismatched value falls through to the next layer that fits")
    func mismatchFallsThrough() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("flags/source.json", #"{"theme": "purple", "retries": 99}"#)
        try sandbox.write("flags/base.json", #"{"theme": "dark", "retries": 4}"#)
        let workspace = sandbox.load()
        let theme = try workspace.requireResolution("theme")
        #expect(theme.value == .string("dark"))
        #expect(theme.source == "Base")
        #expect(theme.layers[0].state.mismatchProblem?.contains("system, light, dark") == true)
        #expect(theme.layers[0].state.mismatchProblem?.contains("purple") == true)
        let retries = try workspace.requireResolution("retries")
        #expect(retries.value == .int(4))
        #expect(retries.source == "Base")
        #expect(retries.layers[0].state.mismatchProblem?.contains("0 to 10") == true)
    }

    @Test("An int value is accepted for a double flag")
    func intForDouble() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("flags/source.json", #"{"ratio": 1}"#)
        try sandbox.write("flags/base.json", "{}")
        let workspace = sandbox.load()
        #expect(try workspace.requireResolution("ratio").value == .double(1))
    }
}
