import Foundation
import Testing

@testable import FlagCore

/// Keys that providers set and no blueprint declares (docs/blueprints.md validate, docs/commands.md list --json).
@Suite("Unknown keys in provider files")
struct ProviderLoadingUnknownKeyTests {
    static let stack = """
          - name: Remote
            format: firebase
            path: remote.json
          - name: Local
            format: json
            path: local.json
            writable: true
          - name: Flagd
            format: flagd
            path: flags.flagd.json

        """

    /// A sandbox with the three providers' files present (Local's as given).
    static func sandbox(local: String) throws -> ProviderSandbox {
        let sandbox = try ProviderSandbox.with(
            providers: Self.stack, blueprint: ProviderBlueprint.yaml(excluding: "Remote"))
        try sandbox.write("remote.json", #"{"parameters": {}}"#)
        try sandbox.write("flags.flagd.json", #"{"flags": {}}"#)
        try sandbox.write("local.json", local)
        return sandbox
    }

    @Test("A key no blueprint declares is a warning with did-you-mean at the key's line and column")
    func warningAtKeyWithSuggestion() throws {
        let sandbox = try Self.sandbox(
            local: """
                {
                  "dark_mode": true,
                  "checkout/new_flwo": false,
                    "retires": 4
                }

                """)
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        #expect(workspace.diagnosticHeadlines(.error).isEmpty, "\(workspace.diagnosticHeadlines(.error))")
        let warnings = workspace.diagnostics.filter { $0.severity == .warning && $0.file == "local.json" }
        #expect(warnings.count == 2, "\(workspace.diagnostics.map(\.headline))")
        let flow = try #require(warnings.first { $0.message.contains("checkout/new_flwo") })
        #expect(flow.location == TextLocation(line: 3, column: 3))
        #expect(flow.message.contains("did you mean 'checkout/new_flow'"))
        #expect(flow.message.contains("Local"))
        let retries = try #require(warnings.first { $0.message.contains("retires") })
        #expect(retries.location == TextLocation(line: 4, column: 5))
        #expect(retries.message.contains("did you mean 'retries'"))
        #expect(workspace.unknownKeys.map(\.key) == ["checkout/new_flwo", "retires"])
        #expect(workspace.unknownKeys.map(\.suggestion) == ["checkout/new_flow", "retries"])
        // The declared key next to them is read as usual.
        #expect(try workspace.requireResolution("dark_mode").source == "Local")
    }

    @Test("A key unlike any declared one is a warning without a suggestion")
    func noSuggestionForFarKeys() throws {
        let sandbox = try Self.sandbox(local: #"{"zz_payments_sandbox_mode": true}"#)
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        let warning = try #require(workspace.diagnostics.first { $0.message.contains("zz_payments_sandbox_mode") })
        #expect(warning.severity == .warning)
        #expect(!warning.message.contains("did you mean"))
        #expect(workspace.unknownKeys.first?.suggestion == nil)
    }

    @Test("Unknown keys in firebase and flagd files point at their names")
    func otherFormatsPointAtTheirKeys() throws {
        let sandbox = try Self.sandbox(local: "{}")
        defer { sandbox.remove() }
        try sandbox.write(
            "remote.json",
            """
            {
              "parameters": {
                "them": { "defaultValue": { "value": "dark" } }
              }
            }
            """)
        try sandbox.write(
            "flags.flagd.json",
            """
            {
              "flags": {
                "dark_mdoe": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on" }
              }
            }
            """)
        let workspace = sandbox.load()
        let remote = try #require(workspace.diagnostics.first { $0.file == "remote.json" })
        #expect(remote.severity == .warning)
        #expect(remote.location == TextLocation(line: 3, column: 5))
        #expect(remote.message.contains("did you mean 'theme'"))
        let flagd = try #require(workspace.diagnostics.first { $0.file == "flags.flagd.json" })
        #expect(flagd.severity == .warning)
        #expect(flagd.location == TextLocation(line: 3, column: 5))
        #expect(flagd.message.contains("did you mean 'dark_mode'"))
    }

    @Test(
        "context/* keys in providers are no unknown keys and resolve as text; one nothing reads is a warning at its place"
    )
    func contextKeysAreAccepted() throws {
        let sandbox = try Self.sandbox(
            local: """
                {
                  "context/platform": "iOS",
                  "context/os_version": "17.4.1",
                  "context/locale": "it",
                  "context/region": "EU",
                  "context/carrier/name": "Vodafone"
                }
                """)
        defer { sandbox.remove() }
        let workspace = sandbox.load()
        // The platform, OS version and locale are read by Flagscope itself; nothing reads the others.
        #expect(
            workspace.diagnostics.map(\.headline) == [
                "local.json:5:3: warning: nothing reads context/region; the attributes read are locale, now, os_version, platform (no rule, feature, computed flag, blueprint or device profile does: it changes nothing)",
                "local.json:6:3: warning: nothing reads context/carrier/name; the attributes read are locale, now, os_version, platform (no rule, feature, computed flag, blueprint or device profile does: it changes nothing)",
            ])
        #expect(workspace.unknownKeys.isEmpty)
        #expect(try workspace.requireResolution("context/region").value == .string("EU"))
        #expect(try workspace.requireResolution("context/region").source == "Local")
        #expect(try workspace.requireResolution("context/carrier/name").value == .string("Vodafone"))
        #expect(try workspace.requireResolution("context/locale").value == .string("it"))
    }

    @Test("Unknown keys in a plist are found under their nested dictionaries")
    func plistUnknownKeys() throws {
        let sandbox = try ProviderSandbox.with(
            providers: """
                  - name: Local
                    format: plist
                    path: local.plist
                    writable: true

                """)
        defer { sandbox.remove() }
        try sandbox.write(
            "local.plist",
            ProviderReadersPlistTests.plist(
                """
                    <key>checkout</key>
                    <dict>
                        <key>new_flow</key>
                        <true/>
                        <key>new_flwo</key>
                        <true/>
                    </dict>
                """))
        let workspace = sandbox.load()
        #expect(workspace.unknownKeys.map(\.key) == ["checkout/new_flwo"])
        #expect(workspace.unknownKeys.first?.suggestion == "checkout/new_flow")
        #expect(
            workspace.diagnostics.contains {
                $0.severity == .warning && $0.message.contains("did you mean 'checkout/new_flow'")
            })
        #expect(try workspace.requireResolution("checkout/new_flow").source == "Local")
    }
}
