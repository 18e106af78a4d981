import Foundation
import Testing

@testable import FlagCore

/// The `plist` format: a RealFlags LocalProvider XML plist, one nested dictionary per key segment.
@Suite("Plist provider layers")
struct ProviderReadersPlistTests {
    static let stack = """
          - name: Source
            format: plist
            path: Library/Preferences/flags.plist
          - name: Base
            format: json
            path: base.json

        """

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    @Test("Nested dictionaries per key segment give every type, a json flag as a nested dictionary")
    func everyTypeIsSet() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write(
            "Library/Preferences/flags.plist",
            Self.plist(
                """
                    <key>dark_mode</key>
                    <true/>
                    <key>retries</key>
                    <integer>7</integer>
                    <key>ratio</key>
                    <real>0.25</real>
                    <key>greeting</key>
                    <string>hi</string>
                    <key>theme</key>
                    <string>dark</string>
                    <key>launch_date</key>
                    <string>2026-05-01</string>
                    <key>homepage</key>
                    <string>https://flags.example.com/home</string>
                    <key>layout</key>
                    <dict>
                        <key>columns</key>
                        <integer>3</integer>
                        <key>dense</key>
                        <true/>
                    </dict>
                    <key>checkout</key>
                    <dict>
                        <key>new_flow</key>
                        <false/>
                    </dict>
                """))
        try sandbox.write("base.json", #"{"checkout/new_flow": true}"#)
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        try workspace.expectSet(ProviderBlueprint.sampleValues)
        #expect(
            workspace.unknownKeys.isEmpty,
            "a json flag's dictionary is its value, not more keys: \(workspace.unknownKeys.map(\.key))")
    }

    @Test("A plist <date> is a set date")
    func plistDate() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write(
            "Library/Preferences/flags.plist",
            Self.plist(
                """
                    <key>launch_date</key>
                    <date>2026-05-01T00:00:00Z</date>
                """))
        try sandbox.write("base.json", "{}")
        let workspace = sandbox.load()
        let layer = try workspace.requireLayer("launch_date", "Source")
        guard case .set(.date(let text)) = layer.state else {
            Issue.record("expected a set date, got \(layer.state)")
            return
        }
        #expect(FlagDate.parse(text) == FlagDate.parse("2026-05-01"))
    }

    @Test("Absent keys are unset; excluded flags ignore the plist")
    func unsetAndExcluded() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write(
            "Library/Preferences/flags.plist",
            Self.plist(
                """
                    <key>sealed</key>
                    <true/>
                """))
        try sandbox.write("base.json", "{}")
        let workspace = sandbox.load()
        #expect(try workspace.requireLayer("dark_mode", "Source").state == .unset)
        #expect(try workspace.requireLayer("checkout/new_flow", "Source").state == .unset)
        let sealed = try workspace.requireResolution("sealed")
        #expect(sealed.layers[0].state == .excluded)
        #expect(sealed.value == .bool(false))
        #expect(sealed.source == "default")
    }

    @Test(
        "Plist values that do not fit are type mismatches with their raw value",
        arguments: [
            ("dark_mode", "<string>maybe</string>", RawValue.native(.string("maybe"))),
            ("retries", "<integer>11</integer>", .native(.int(11))),
            ("retries", "<string>7</string>", .native(.string("7"))),
            ("ratio", "<real>1.5</real>", .native(.double(1.5))),
            ("theme", "<string>purple</string>", .native(.string("purple"))),
            ("greeting", "<string>Hello World</string>", .native(.string("Hello World"))),
            ("homepage", "<string>not a url</string>", .native(.string("not a url"))),
        ])
    func typeMismatch(key: String, element: String, raw: RawValue) throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("Library/Preferences/flags.plist", Self.plist("    <key>\(key)</key>\n    \(element)"))
        try sandbox.write("base.json", "{}")
        let workspace = sandbox.load()
        let resolution = try workspace.requireResolution(key)
        #expect(resolution.layers[0].state.mismatchRaw == raw)
        #expect(!resolution.layers[0].isWinner)
        #expect(resolution.source == "default")
        #expect(
            workspace.diagnostics.contains {
                $0.severity == .warning && $0.file == "Library/Preferences/flags.plist" && $0.message.contains(key)
            },
            "\(workspace.diagnostics.map(\.headline))")
    }
}
