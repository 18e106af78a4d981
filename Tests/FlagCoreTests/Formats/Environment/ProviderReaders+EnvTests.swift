import Foundation
import Testing

@testable import FlagCore

/// The `env` format: `prefix` + key upper-cased with `/` → `__`; text parsed by the flag's type.
@Suite("Environment provider layers")
struct ProviderReadersEnvTests {
    static let stack = """
          - name: Source
            format: env
            prefix: APP_
          - name: Base
            format: json
            path: base.json

        """

    static func load(_ environment: [String: String], base: String = "{}") throws -> (ProviderSandbox, Workspace) {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        try sandbox.write("base.json", base)
        return (sandbox, sandbox.load(environment: environment))
    }

    @Test("Variables named prefix + KEY with / as __ are parsed by the flag's type")
    func everyTypeIsSet() throws {
        let (sandbox, workspace) = try Self.load([
            "APP_DARK_MODE": "true",
            "APP_RETRIES": "7",
            "APP_RATIO": "0.25",
            "APP_GREETING": "hi",
            "APP_THEME": "dark",
            "APP_LAUNCH_DATE": "2026-05-01",
            "APP_HOMEPAGE": "https://flags.example.com/home",
            "APP_LAYOUT": #"{"columns": 3, "dense": true}"#,
            "APP_CHECKOUT__NEW_FLOW": "false",
            "PATH": "/usr/bin", "HOME": "/root",
        ])
        defer { sandbox.remove() }
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        try workspace.expectSet(ProviderBlueprint.sampleValues)
        #expect(
            try workspace.requireLayer("checkout/new_flow", "Source").notes.contains {
                $0.contains("APP_CHECKOUT__NEW_FLOW")
            })
        #expect(
            workspace.unknownKeys.isEmpty,
            "variables without the prefix are not keys: \(workspace.unknownKeys.map(\.key))")
    }

    @Test(
        "Bool words true/false, yes/no, on/off and 1/0 are read in any case",
        arguments: [
            ("yes", true), ("no", false), ("on", true), ("off", false), ("1", true), ("0", false),
            ("TRUE", true), ("False", false), ("Yes", true), ("OFF", false),
        ])
    func boolWords(word: String, value: Bool) throws {
        let (sandbox, workspace) = try Self.load(["APP_DARK_MODE": word], base: #"{"dark_mode": \#(!value)}"#)
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution("dark_mode")
        #expect(resolution.layers[0].state == .set(.bool(value)))
        #expect(resolution.value == .bool(value))
        #expect(resolution.source == "Source")
    }

    @Test(
        "Text that does not parse or fit is a type mismatch with the raw text, and the next layer wins",
        arguments: [
            ("APP_DARK_MODE", "dark_mode", "maybe"), ("APP_RETRIES", "retries", "seven"),
            ("APP_RETRIES", "retries", "11"),
            ("APP_RATIO", "ratio", "-0.1"), ("APP_THEME", "theme", "purple"), ("APP_GREETING", "greeting", "Hi!"),
            ("APP_LAUNCH_DATE", "launch_date", "2026-02-30"), ("APP_HOMEPAGE", "homepage", "example.com"),
            ("APP_LAYOUT", "layout", "{columns: 3"),
        ])
    func typeMismatch(variable: String, key: String, text: String) throws {
        let (sandbox, workspace) = try Self.load([variable: text])
        defer { sandbox.remove() }
        let resolution = try workspace.requireResolution(key)
        #expect(resolution.layers[0].state.mismatchRaw == .text(text))
        #expect(!resolution.layers[0].isWinner)
        #expect(resolution.source == "default")
        #expect(GetReport.json(resolution.layers[0]).object?["raw"] == .string(text))
        #expect(
            workspace.diagnostics.contains { $0.severity == .warning && $0.message.contains(key) },
            "\(workspace.diagnostics.map(\.headline))")
        #expect(!workspace.hasErrors)
    }

    @Test("A missing variable is unset, and an excluded flag ignores its variable")
    func unsetAndExcluded() throws {
        let (sandbox, workspace) = try Self.load(["APP_SEALED": "true"], base: #"{"sealed": false, "retries": 5}"#)
        defer { sandbox.remove() }
        let retries = try workspace.requireResolution("retries")
        #expect(retries.layers.map(\.state) == [.unset, .set(.int(5))])
        #expect(retries.source == "Base")
        let sealed = try workspace.requireResolution("sealed")
        #expect(sealed.layers.map(\.state) == [.excluded, .set(.bool(false))])
        #expect(sealed.source == "Base")
    }

    @Test("A prefixed variable no blueprint declares is an unknown key with a suggestion")
    func unknownVariable() throws {
        let (sandbox, workspace) = try Self.load(["APP_DARK_MODEE": "1", "OTHER_DARK_MODE": "1"])
        defer { sandbox.remove() }
        #expect(workspace.unknownKeys.map(\.key) == ["dark_modee"])
        #expect(workspace.unknownKeys.first?.suggestion == "dark_mode")
        #expect(
            workspace.diagnostics.contains {
                $0.severity == .warning && $0.message.contains("dark_modee")
                    && $0.message.contains("did you mean 'dark_mode'")
            },
            "\(workspace.diagnostics.map(\.headline))")
    }
}
