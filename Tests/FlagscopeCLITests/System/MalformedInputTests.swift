import Foundation
import TestSupport
import Testing

/// Bad usage exits 64; every malformed file gives exit 1 and a diagnostic — never a crash (docs/commands.md).
@Suite("Bad usage and malformed files")
struct MalformedInputTests {
    @Test(
        "Bad usage exits 64 with a message",
        arguments: [
            ["validate", "--bogus"],
            ["list", "--nope"],
            ["list", "--filter"],
            ["validate", "extra-argument"],
            ["init", "--json-please"],
            ["demo", "--resett"],
            ["frobnicate"],
        ])
    func badUsage(arguments: [String]) throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(arguments, in: folder.url)
        #expect(output.status == 64, "\(CLIFixture.describe(output))")
        #expect(!output.stderr.isEmpty)
    }

    /// Blueprint contents that must each be refused with a diagnostic.
    static let malformedBlueprints: [(label: String, path: String, bytes: [UInt8])] = {
        func text(_ label: String, _ path: String, _ text: String) -> (String, String, [UInt8]) {
            (label, path, Array(text.utf8))
        }
        let laughs =
            (0..<9).map { level -> String in
                let name = String(UnicodeScalar(UInt8(97 + level)))
                let items =
                    level == 0
                    ? Array(repeating: "\"lol\"", count: 9)
                    : Array(repeating: "*" + String(UnicodeScalar(UInt8(96 + level))), count: 9)
                return "\(name): &\(name) [\(items.joined(separator: ","))]"
            }.joined(separator: "\n") + "\n"
        return [
            text("empty YAML", "blueprints/app.yml", ""),
            text("empty JSON", "blueprints/app.json", ""),
            text("YAML list root", "blueprints/app.yml", "- a\n- b\n"),
            text("JSON number root", "blueprints/app.json", "42"),
            text("JSON null root", "blueprints/app.json", "null"),
            text("YAML syntax", "blueprints/app.yml", "name: App\nflags: [a, b\n"),
            text("JSON syntax", "blueprints/app.json", "{\"name\": \"App\",}"),
            text("deep YAML", "blueprints/app.yml", String(repeating: "[", count: 200_000)),
            text("deep JSON", "blueprints/app.json", String(repeating: "[", count: 200_000)),
            text(
                "deep block YAML", "blueprints/app.yml",
                (0..<3_000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " 1\n"),
            text("billion laughs", "blueprints/app.yml", laughs),
            ("invalid UTF-8 YAML", "blueprints/app.yml", Array("name: ".utf8) + [0xFF, 0xFE, 0x00, 0x41] + [0x0A]),
            (
                "invalid UTF-8 JSON", "blueprints/app.json",
                Array("{\"name\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8)
            ),
            ("binary garbage", "blueprints/app.yml", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
            ("NUL bytes", "blueprints/app.json", [0x7B, 0x00, 0x7D]),
            text("flag is a scalar", "blueprints/app.yml", "name: App\nflags:\n  sson: true\n"),
            text("flags is a list", "blueprints/app.yml", "name: App\nflags: [a, b]\n"),
            text(
                "int overflow", "blueprints/app.yml",
                "name: App\nflags:\n  n: { type: int, default: 99999999999999999999, description: d }\n"),
            text(
                "infinite double", "blueprints/app.yml",
                "name: App\nflags:\n  n: { type: double, default: 1e999, description: d }\n"),
            text(
                "NaN min", "blueprints/app.yml",
                "name: App\nflags:\n  n: { type: double, default: 1, min: .nan, description: d }\n"),
            text(
                "huge version", "blueprints/app.yml",
                "name: App\nfeatures:\n  f: { description: d, constraints: { platforms: { iOS: \"99999999999999999999\" } } }\n"
            ),
            text(
                "bad regex", "blueprints/app.yml",
                "name: App\nflags:\n  s: { type: string, default: a, pattern: \"([a-\", description: d }\n"),
            text(
                "control characters in names", "blueprints/app.json",
                "{\"name\": \"App\", \"flags\": {\"a\\u001b[31m\": {\"type\": \"bogus\u{1B}]0;x\u{07}\", \"default\": 1}}}"
            ),
            text(
                "key with blanks", "blueprints/app.yml",
                "name: App\nflags:\n  a: { key: \"a b\", type: bool, default: false, description: d }\n"),
            text(
                "empty enum", "blueprints/app.yml",
                "name: App\nflags:\n  e: { type: enum, values: [], default: x, description: d }\n"),
            text(
                "max below min", "blueprints/app.yml",
                "name: App\nflags:\n  n: { type: int, default: 5, min: 10, max: 1, description: d }\n"),
            text(
                "deep expression", "blueprints/app.yml",
                "name: App\nflags:\n  x: { type: bool, default: false, description: d, computed: \"\(String(repeating: "(", count: 50_000))true\(String(repeating: ")", count: 50_000))\" }\n"
            ),
            text(
                "bad expires", "blueprints/app.yml",
                "name: App\nflags:\n  x: { type: bool, default: false, description: d, expires: soon }\n"),
            text("unknown alias", "blueprints/app.yml", "name: App\nflags: *missing\n"),
            text(
                "non-text key", "blueprints/app.yml",
                "name: App\nflags:\n  [a, b]: { type: bool, default: false, description: d }\n"),
        ]
    }()

    @Test(
        "Every malformed blueprint gives exit 1 and a positioned diagnostic from validate and list",
        arguments: malformedBlueprints.indices)
    func malformedBlueprint(index: Int) throws {
        let (label, path, bytes) = Self.malformedBlueprints[index]
        let folder = try CLIFixture.folder(["flagscope.yml": CLIFixture.workspace(blueprints: [path])])
        defer { folder.remove() }
        try Data(bytes).write(to: folder.url.appendingPathComponent(path))
        let started = Date()
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(validate.status == 1, "\(label): \(CLIFixture.describe(validate))")
        #expect(validate.stdout.contains("\(path):"), "\(label): \(validate.stdout)")
        #expect(validate.stdout.contains(": error: "), "\(label)")
        #expect(
            !validate.stdout.unicodeScalars.contains("\u{1B}") && !validate.stdout.unicodeScalars.contains("\u{07}"),
            "\(label): raw control characters reached the terminal")
        let json = try CLIRunner.run(["validate", "--json"], in: folder.url)
        #expect(json.status == 1, "\(label)")
        let diagnostics = try #require(
            try CLIFixture.object(json.stdout)["diagnostics"] as? [[String: Any]], "\(label)")
        #expect(
            diagnostics.contains { $0["file"] as? String == path && $0["severity"] as? String == "error" }, "\(label)")
        let list = try CLIRunner.run(["list"], in: folder.url)
        #expect(list.status == 1, "\(label): \(CLIFixture.describe(list))")
        #expect(list.stderr.contains(": error: "), "\(label)")
        #expect(Date().timeIntervalSince(started) < 20, "\(label) took too long")
    }

    /// Workspace files that must each be refused with a diagnostic.
    static let malformedWorkspaces: [(label: String, text: String)] = [
        ("empty", ""),
        ("a list", "- blueprints/app.yml\n"),
        ("syntax error", "blueprints: [blueprints/app.yml\n"),
        ("providers not a list", "blueprints: [blueprints/app.yml]\nproviders: { name: Local }\n"),
        (
            "provider without a name",
            "blueprints: [blueprints/app.yml]\nproviders:\n  - format: json\n    path: x.json\n"
        ),
        ("provider not a mapping", "blueprints: [blueprints/app.yml]\nproviders: [Local]\n"),
        (
            "env provider with a path",
            "blueprints: [blueprints/app.yml]\nproviders:\n  - { name: Env, format: env, path: x }\n"
        ),
        (
            "writable env provider",
            "blueprints: [blueprints/app.yml]\nproviders:\n  - { name: Env, format: env, prefix: X_, writable: true }\n"
        ),
        (
            "reserved provider name",
            "blueprints: [blueprints/app.yml]\nproviders:\n  - { name: default, format: json, path: remote.json }\n"
        ),
        (
            "priority not a number",
            "blueprints: [blueprints/app.yml]\nproviders:\n  - { name: A, format: json, path: remote.json, priority: high }\n"
        ),
        ("blueprints is a mapping", "blueprints: { a: b }\n"),
        ("tab indentation", "blueprints:\n\t- blueprints/app.yml\n"),
    ]

    @Test(
        "Every malformed workspace file gives exit 1 and a diagnostic in flagscope.yml",
        arguments: malformedWorkspaces.indices)
    func malformedWorkspace(index: Int) throws {
        let (label, text) = Self.malformedWorkspaces[index]
        let folder = try CLIFixture.folder(["flagscope.yml": text])
        defer { folder.remove() }
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(validate.status == 1, "\(label): \(CLIFixture.describe(validate))")
        #expect(validate.stdout.contains("flagscope.yml:"), "\(label): \(validate.stdout)")
        #expect(validate.stdout.contains(": error: "), "\(label)")
        let list = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(list.status == 1, "\(label): \(CLIFixture.describe(list))")
    }

    /// Provider files that cannot be parsed: `validate` reports an error in the file (docs/blueprints.md).
    static let malformedProviders: [(label: String, path: String, bytes: [UInt8])] = [
        ("JSON syntax in the writable file", ".flagscope/local.json", Array("{\"lab/sson\": true,}".utf8)),
        ("JSON list root", "remote.json", Array("[1, 2]".utf8)),
        ("invalid UTF-8", "remote.json", Array("{\"lab/theme\": \"".utf8) + [0xFF] + Array("\"}".utf8)),
        ("deep nesting", ".flagscope/local.json", Array(String(repeating: "[", count: 200_000).utf8)),
        ("empty file", "remote.json", []),
    ]

    @Test(
        "Every unparseable provider file gives exit 1 and a diagnostic in that file",
        arguments: malformedProviders.indices)
    func malformedProvider(index: Int) throws {
        let (label, path, bytes) = Self.malformedProviders[index]
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        try Data(bytes).write(to: folder.url.appendingPathComponent(path))
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(validate.status == 1, "\(label): \(CLIFixture.describe(validate))")
        #expect(validate.stdout.contains("\(path):"), "\(label): \(validate.stdout)")
        #expect(validate.stdout.contains(": error: "), "\(label)")
    }

    @Test("A blueprint that cannot be read (a folder, no permission) is a diagnostic, not a crash")
    func unreadableBlueprint() throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("blueprints/app.yml"))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("blueprints/app.yml"), withIntermediateDirectories: true)
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1, "\(CLIFixture.describe(output))")
        #expect(output.stdout.contains("blueprints/app.yml: error:"), "\(output.stdout)")
    }
}
