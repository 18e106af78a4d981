import Foundation
import Testing

@testable import FlagCore

/// The order in which layers are asked (docs/workspace.md, docs/providers.md): computed, providers in stack order, default.
@Suite("Resolution order")
struct ResolverTests {
    /// Five json providers, each reading `<name>.json`.
    static func jsonStack(_ providers: [(name: String, priority: Int?)]) -> String {
        providers.map { provider in
            "  - name: \(provider.name)\n    format: json\n    path: \(provider.name.lowercased()).json\n"
                + (provider.priority.map { "    priority: \($0)\n" } ?? "")
        }.joined()
    }

    /// `sealed` excludes the first provider listed.
    static func sandbox(_ providers: [(name: String, priority: Int?)], files: [String: String]) throws
        -> ProviderSandbox
    {
        let sandbox = try ProviderSandbox.with(
            providers: jsonStack(providers), blueprint: ProviderBlueprint.yaml(excluding: providers[0].name))
        for provider in providers {
            try sandbox.write("\(provider.name.lowercased()).json", files[provider.name] ?? "{}")
        }
        return sandbox
    }

    @Test("Without priorities the stack is the list order and the first provider with a value wins")
    func listOrder() throws {
        let sandbox = try Self.sandbox(
            [("Remote", nil), ("Local", nil), ("QA", nil)],
            files: [
                "Remote": #"{"theme": "dark"}"#,
                "Local": #"{"theme": "light", "retries": 5}"#,
                "QA": #"{"theme": "system", "retries": 9, "ratio": 0.9}"#,
            ])
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        #expect(workspace.providers.map(\.config.name) == ["Remote", "Local", "QA"])
        let theme = try workspace.requireResolution("theme")
        #expect(theme.layers.map(\.provider) == ["Remote", "Local", "QA"])
        #expect(theme.value == .string("dark"))
        #expect(theme.source == "Remote")
        #expect(theme.reason == .provider)
        #expect(theme.layers.map(\.isWinner) == [true, false, false])
        let retries = try workspace.requireResolution("retries")
        #expect(retries.value == .int(5))
        #expect(retries.source == "Local")
        #expect(retries.layers.map(\.isWinner) == [false, true, false])
        let ratio = try workspace.requireResolution("ratio")
        #expect(ratio.source == "QA")
        #expect(ratio.value == .double(0.9))
    }

    @Test("priority orders the stack by descending priority, stable, a missing priority counting as 0")
    func priorityOrder() throws {
        let providers: [(name: String, priority: Int?)] = [
            ("Alpha", 1), ("Bravo", 5), ("Charlie", nil), ("Delta", 0),
            ("Echo", -2), ("Foxtrot", 5),
        ]
        let sandbox = try Self.sandbox(
            providers,
            files: [
                "Alpha": #"{"retries": 1, "theme": "light", "ratio": 0.1}"#,
                "Charlie": #"{"retries": 3, "ratio": 0.3, "greeting": "charlie"}"#,
                "Delta": #"{"greeting": "delta", "homepage": "https://delta.example.com"}"#,
                "Echo": #"{"retries": 2, "homepage": "https://echo.example.com", "launch_date": "2026-02-02"}"#,
                "Foxtrot": #"{"retries": 6, "theme": "dark"}"#,
            ])
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        let order = ["Bravo", "Foxtrot", "Alpha", "Charlie", "Delta", "Echo"]
        #expect(workspace.providers.map(\.config.name) == order)
        #expect(try workspace.requireResolution("retries").layers.map(\.provider) == order)
        // Bravo (5) has nothing; Foxtrot (5, listed later) is next.
        #expect(try workspace.requireResolution("retries").source == "Foxtrot")
        #expect(try workspace.requireResolution("theme").source == "Foxtrot")
        // Alpha (1) beats Charlie (no priority = 0).
        #expect(try workspace.requireResolution("ratio").source == "Alpha")
        // Charlie (0, listed earlier) beats Delta (0).
        #expect(try workspace.requireResolution("greeting").value == .string("charlie"))
        // Delta (0) beats Echo (-2).
        #expect(try workspace.requireResolution("homepage").source == "Delta")
        #expect(try workspace.requireResolution("launch_date").source == "Echo")
    }

    @Test(
        "The first layer whose value fits wins; unset, excluded, mismatched, missing and broken layers are passed over")
    func firstFittingLayerWins() throws {
        let sandbox = try ProviderSandbox.with(
            providers: """
                  - name: Broken
                    format: json
                    path: broken.json
                  - name: Gone
                    format: json
                    path: gone.json
                  - name: Source
                    format: json
                    path: source.json
                  - name: Wrong
                    format: json
                    path: wrong.json
                  - name: Empty
                    format: json
                    path: empty.json
                  - name: Right
                    format: json
                    path: right.json
                  - name: Later
                    format: json
                    path: later.json

                """)
        defer { sandbox.remove() }
        try sandbox.write("broken.json", "{")
        try sandbox.write("source.json", #"{"sealed": true, "retries": 8}"#)
        try sandbox.write("wrong.json", #"{"sealed": "yes", "retries": 80}"#)
        try sandbox.write("empty.json", "{}")
        try sandbox.write("right.json", #"{"sealed": true, "retries": 2}"#)
        try sandbox.write("later.json", #"{"sealed": false, "retries": 3}"#)
        let workspace = sandbox.load()
        let sealed = try workspace.requireResolution("sealed")
        #expect(
            sealed.layers.map(\.state.name) == ["error", "missing", "excluded", "typeMismatch", "unset", "set", "set"])
        #expect(sealed.value == .bool(true))
        #expect(sealed.source == "Right")
        #expect(sealed.layers.map(\.isWinner) == [false, false, false, false, false, true, false])
        let retries = try workspace.requireResolution("retries")
        #expect(retries.source == "Source", "Source is not excluded for retries")
        #expect(retries.value == .int(8))
    }

    @Test("With no layer set, the default wins with source default and no winning layer")
    func defaultIsLast() throws {
        let sandbox = try Self.sandbox([("Remote", nil), ("Local", nil)], files: ["Remote": #"{"theme": "purple"}"#])
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        let theme = try workspace.requireResolution("theme")
        #expect(theme.value == .string("system"))
        #expect(theme.source == "default")
        #expect(theme.reason == .default)
        #expect(theme.winningLayer == nil)
        let json = try #require(GetReport(resolution: theme, now: Date()).json.object)
        #expect(json["source"] == .string("default"))
        #expect(json["reason"] == .string("default"))
        #expect(json["value"] == .string("system"))
        #expect(json["default"] == .string("system"))
    }

    static func computedSandbox(local: String) throws -> ProviderSandbox {
        // The computed flags go in their own blueprint file, at the root collection.
        let sandbox = try Self.sandbox([("Remote", nil), ("Local", nil)], files: ["Local": local])
        try sandbox.write(
            "blueprints/computed.yml",
            """
            name: Computed
            description: Flags computed from others
            flags:
              italianDark:
                type: bool
                default: false
                computed: "dark_mode && context/locale == 'it'"
                description: Dark mode for the Italian store
              manyRetries:
                type: bool
                default: false
                computed: "retries > 5"
                description: Retries above five

            """)
        return sandbox
    }

    @Test("A computed flag wins over every provider when it yields a value, and lists the keys it read")
    func computedWins() throws {
        let sandbox = try Self.computedSandbox(
            local: #"{"dark_mode": true, "context/locale": "it", "italian_dark": false, "many_retries": true}"#)
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        let italian = try workspace.requireResolution("italian_dark")
        #expect(italian.value == .bool(true))
        #expect(italian.source == "computed")
        #expect(italian.reason == .computed)
        #expect(Set(italian.computedInputs) == ["dark_mode", "context/locale"])
        #expect(italian.winningLayer == nil, "no provider layer wins over a computed value")
        #expect(try workspace.requireLayer("italian_dark", "Local").state == .set(.bool(false)))
        // retries is 3 (default): the computed false is a value and wins over Local's true.
        let many = try workspace.requireResolution("many_retries")
        #expect(many.value == .bool(false))
        #expect(many.source == "computed")
        let json = try #require(GetReport(resolution: italian, now: Date()).json.object)
        #expect(json["source"] == .string("computed"))
        #expect(json["reason"] == .string("computed"))
    }

    @Test("A computed flag falls through to the stack when a key it reads is unset")
    func computedFallsThrough() throws {
        let sandbox = try Self.computedSandbox(local: #"{"dark_mode": true, "italian_dark": true}"#)
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        let italian = try workspace.requireResolution("italian_dark")
        #expect(italian.value == .bool(true))
        #expect(italian.source == "Local")
        #expect(italian.reason == .provider)
        #expect(italian.winningLayer?.provider == "Local")

        let other = try Self.computedSandbox(local: #"{"dark_mode": true}"#)
        defer { other.remove() }
        let fallback = try other.load().requireResolution("italian_dark")
        #expect(fallback.value == .bool(false))
        #expect(fallback.source == "default")
        #expect(fallback.reason == .default)
    }
}
