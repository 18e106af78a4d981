import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// `missing` and `error` layers, for every file format.
@Suite("Provider files that are absent or broken")
struct ProviderLoadingTests {
    static func stack(format: String, path: String, writable: Bool = false) -> String {
        """
          - name: Source
            format: \(format)
            path: \(path)\(writable ? "\n    writable: true" : "")
          - name: Base
            format: json
            path: base.json

        """
    }

    static let fileFormats = ["json", "plist", "firebase", "unleash", "flagd"]

    @Test(
        "A read-only provider whose file is absent shows missing on every flag and is a validate warning",
        arguments: fileFormats)
    func readOnlyMissing(format: String) throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack(format: format, path: "remote/absent.\(format)"))
        defer { sandbox.remove() }
        try sandbox.write("base.json", #"{"retries": 4}"#)
        let workspace = sandbox.load()
        for key in ProviderBlueprint.keys where key != "sealed" {
            #expect(try workspace.requireLayer(key, "Source").state == .missing, "\(key)")
        }
        #expect(
            try workspace.requireLayer("sealed", "Source").state == .excluded, "exclusion is stated whatever the file")
        let retries = try workspace.requireResolution("retries")
        #expect(retries.value == .int(4))
        #expect(retries.source == "Base")
        #expect(
            GetReport.json(retries.layers[0]) == .object(["provider": .string("Source"), "state": .string("missing")]))
        #expect(!workspace.hasErrors)
        let warnings = workspace.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1, "\(workspace.diagnostics.map(\.headline))")
        #expect(warnings.first?.file == "flagscope.yml")
        #expect(warnings.first?.location == TextLocation(line: 4, column: 5), "at the provider's name")
        #expect(warnings.first?.message.contains("remote/absent.\(format)") == true)
        #expect(warnings.first?.message.contains("missing") == true)
    }

    @Test("A writable provider whose file is absent shows missing and is no warning", arguments: ["json", "plist"])
    func writableMissing(format: String) throws {
        let sandbox = try ProviderSandbox.with(
            providers: Self.stack(format: format, path: ".flagscope/local.\(format)", writable: true))
        defer { sandbox.remove() }
        try sandbox.write("base.json", #"{"theme": "light"}"#)
        let workspace = sandbox.load()
        // Only a note that the first write creates it (a typo in the path would start a new file).
        #expect(workspace.diagnostics.map(\.severity) == [.note], "\(workspace.diagnostics.map(\.headline))")
        let theme = try workspace.requireResolution("theme")
        #expect(theme.layers.map(\.state) == [.missing, .set(.string("light"))])
        #expect(theme.source == "Base")
    }

    /// Files that cannot be read as their format: syntax errors and wrong shapes.
    static let brokenFiles: [(format: String, contents: String)] = [
        ("json", "{\n  \"dark_mode\": tru\n}\n"),
        ("json", "[\"dark_mode\", true]\n"),
        ("json", "{\"dark_mode\": true,\n"),
        (
            "plist",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>dark_mode</key>\n  <true/>\n"
        ),
        (
            "plist",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array><string>dark_mode</string></array>\n</plist>\n"
        ),
        ("plist", "this is not a property list at all {"),
        ("firebase", "{\"parameters\": {\"dark_mode\": {\"defaultValue\": {\"value\": \"true\"}}}\n"),
        ("firebase", "{\"parameters\": [\"dark_mode\"]}\n"),
        ("firebase", "[]\n"),
        ("unleash", "{\"version\": 2, \"features\": [{\"name\": \"dark_mode\", \"enabled\": true}\n"),
        ("unleash", "{\"version\": 2}\n"),
        ("flagd", "{\"flags\": {\"dark_mode\": {\"state\": \"ENABLED\",}}}\n"),
        ("flagd", "{\"flag\": {}}\n"),
    ]

    @Test(
        "An unparseable provider file makes that layer error on every flag, other layers still resolve, validate errs",
        arguments: brokenFiles)
    func unparseable(format: String, contents: String) throws {
        let path = "remote/source.\(format)"
        let sandbox = try ProviderSandbox.with(providers: Self.stack(format: format, path: path))
        defer { sandbox.remove() }
        try sandbox.write(path, contents)
        try sandbox.write("base.json", #"{"retries": 4, "dark_mode": true}"#)
        let workspace = sandbox.load()
        for key in ProviderBlueprint.keys where key != "sealed" {
            #expect(try workspace.requireLayer(key, "Source").state.name == "error", "\(key)")
        }
        let retries = try workspace.requireResolution("retries")
        #expect(retries.value == .int(4))
        #expect(retries.source == "Base")
        let dark = try workspace.requireResolution("dark_mode")
        #expect(dark.value == .bool(true))
        #expect(dark.source == "Base")
        let shown = try #require(GetReport.json(dark.layers[0]).object)
        #expect(shown["state"] == .string("error"))
        #expect(shown["error"] != nil, "the layer says what is wrong")
        let errors = workspace.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(workspace.diagnostics.map(\.headline))")
        #expect(errors.first?.file == path)
        #expect(errors.first?.location != nil, "the error has a position")
        #expect(errors.first?.message.contains("Source") == true, "names the provider")
        #expect(workspace.unknownKeys.isEmpty)
    }

    @Test("A JSON syntax error is reported at its line")
    func syntaxErrorPosition() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack(format: "json", path: "source.json"))
        defer { sandbox.remove() }
        try sandbox.write("source.json", "{\n  \"retries\": 2,\n  \"dark_mode\": tru\n}\n")
        try sandbox.write("base.json", "{}")
        let workspace = sandbox.load()
        let error = try #require(workspace.diagnostics.first { $0.severity == .error })
        #expect(error.file == "source.json")
        #expect(error.location?.line == 3)
    }

    @Test("A provider path that cannot be read as a file is an error layer, not a crash")
    func unreadable() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack(format: "json", path: "source.json"))
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.file("source.json"), withIntermediateDirectories: true)
        try sandbox.write("base.json", #"{"retries": 4}"#)
        let workspace = sandbox.load()
        #expect(try workspace.requireLayer("retries", "Source").state.name == "error")
        #expect(try workspace.requireResolution("retries").source == "Base")
        #expect(
            workspace.diagnostics.contains { $0.severity == .error && $0.file == "source.json" },
            "\(workspace.diagnostics.map(\.headline))")
    }

    @Test("A broken file in one provider does not touch another broken or missing provider's state")
    func failuresStayInTheirLayer() throws {
        let sandbox = try ProviderSandbox.with(providers: [
            .firebase("Remote", "remote.json"), .flagd("Flagd", "flagd.json"),
            .json("Local", "local.json", writable: true),
            .env("Env", prefix: "APP_"),
        ])
        defer { sandbox.remove() }
        try sandbox.write("remote.json", "{ not json")
        try sandbox.write("local.json", #"{"theme": "light"}"#)
        let workspace = sandbox.load(environment: ["APP_RETRIES": "9"])
        let theme = try workspace.requireResolution("theme")
        #expect(theme.layers.map(\.state.name) == ["error", "missing", "set", "unset"])
        #expect(theme.source == "Local")
        let retries = try workspace.requireResolution("retries")
        #expect(retries.layers.map(\.state.name) == ["error", "missing", "unset", "set"])
        #expect(retries.value == .int(9))
        #expect(retries.source == "Env")
    }
}
