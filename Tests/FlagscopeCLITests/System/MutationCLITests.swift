import Foundation
import TestSupport
import Testing

/// Mutants of every file kind through the real binary: `validate`, `list` and `get` exit 0 or 1 with a
/// positioned diagnostic, never a signal, never another code, always within 20 s.
@Suite("Mutation through the CLI: exit 0 or 1 with a diagnostic, never a crash or a hang")
struct MutationCLITests {
    /// The demo workspace plus one provider of each remaining format (flagd, unleash, plist).
    static func workspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copyDemo()
        let config = try folder.read("flagscope.yml")
        try folder.write(
            "flagscope.yml",
            config + """
                  - name: Flagd
                    format: flagd
                    path: remote/flags.flagd.json
                  - name: Rollout
                    format: unleash
                    path: remote/unleash.json
                  - name: Prefs
                    format: plist
                    path: prefs/flags.plist

                """)
        try folder.write(
            "remote/flags.flagd.json",
            """
            {
              "flags": {
                "lab/compact_rows": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "on" },
                "lab/search/ranking": { "state": "ENABLED", "variants": { "pop": "popularity", "new": "recency" },
                                        "defaultVariant": "new", "targeting": { "if": [true, "pop", null] } }
              }
            }

            """)
        try folder.write(
            "remote/unleash.json",
            """
            {"version": 2, "features": [
              {"name": "lab/secrets/boom_feature", "enabled": true, "strategies": [{"name": "default", "parameters": {}}], "variants": []},
              {"name": "store/show_charts", "enabled": false, "strategies": [], "variants": []}
            ]}

            """)
        try folder.write(
            "prefs/flags.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>lab</key>
                <dict>
                    <key>launch_date</key>
                    <date>2026-11-01T00:00:00Z</date>
                    <key>search</key>
                    <dict><key>fuzzy_match_threshold</key><real>0.6</real></dict>
                </dict>
            </dict>
            </plist>

            """)
        return folder
    }

    static let kinds: [(kind: String, path: String)] = [
        ("workspace", "flagscope.yml"),
        ("YAML blueprint", "blueprints/experiments.yml"),
        ("JSON blueprint", "blueprints/catalog.json"),
        ("json provider", "profiles/qa.json"),
        ("firebase provider", "remote/remote-config.json"),
        ("flagd provider", "remote/flags.flagd.json"),
        ("unleash provider", "remote/unleash.json"),
        ("plist provider", "prefs/flags.plist"),
    ]

    /// One random mutation of `bytes` (a subset of the core suite's), described for replay.
    static func mutate(_ bytes: [UInt8], seed: UInt64) -> ([UInt8], String) {
        var random = SplitMix64(seed: seed)
        var bytes = bytes
        let at = random.below(bytes.count + 1)
        switch random.below(8) {
        case 0:
            bytes.removeSubrange(at...)
            return (bytes, "truncate at \(at)")
        case 1:
            let inserted = (0..<8).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            bytes.insert(contentsOf: inserted, at: at)
            return (bytes, "insert random bytes \(inserted) at \(at)")
        case 2:
            bytes.insert(contentsOf: [0xC0, 0xAF, 0xFF, 0x80], at: at)
            return (bytes, "insert invalid UTF-8 at \(at)")
        case 3:
            let start = random.below(bytes.count)
            let length = min(bytes.count - start, 1 + random.below(200))
            bytes.insert(contentsOf: Array(bytes[start..<(start + length)]), at: at)
            return (bytes, "duplicate \(start)..<\(start + length) at \(at)")
        case 4:
            let start = random.below(bytes.count)
            let length = min(bytes.count - start, 1 + random.below(200))
            bytes.removeSubrange(start..<(start + length))
            return (bytes, "delete \(start)..<\(start + length)")
        case 5:
            bytes.insert(contentsOf: Array("&a [*a, *b] \u{0}\u{1B}[2J".utf8), at: at)
            return (bytes, "insert anchors/aliases, NUL and ESC at \(at)")
        case 6:
            bytes = bytes.flatMap { $0 == 0x0A ? [0x0D] : [$0] }
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: at)
            return (bytes, "CR line endings, BOM at \(at)")
        default:
            bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: 50_000), at: at)
            return (bytes, "insert 50000 × '[' at \(at)")
        }
    }

    /// Two seeded mutants per kind: 16 runs of validate, list and get.
    static let mutants: [(kind: String, path: String, seed: UInt64)] = kinds.flatMap { kind in
        (0..<2).map { index in
            (
                kind.kind, kind.path,
                0xC11_0000 &+ UInt64(kinds.firstIndex { $0.path == kind.path }!) * 16 &+ UInt64(index)
            )
        }
    }

    /// Runs validate, list and get on the folder; checks exit codes, timing and diagnostics.
    static func check(
        _ folder: TemporaryFolder, label: String, key: String = "lab/sson",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for arguments in [["validate"], ["list"], ["get", key]] {
            let run = try TimedCLI.run(arguments, in: folder.url)
            #expect(!run.timedOut, "\(label): hang\n\(run)", sourceLocation: sourceLocation)
            if run.timedOut { return }  // the other commands would hang the same way: do not wait 20 s each
            #expect(!run.signaled, "\(label): crashed\n\(run)", sourceLocation: sourceLocation)
            #expect(
                run.status == 0 || run.status == 1, "\(label): unexpected exit code\n\(run)",
                sourceLocation: sourceLocation)
            if run.status == 1 {
                let unknownKey = arguments.first == "get" && run.err.contains("unknown key")
                #expect(
                    unknownKey || TimedCLI.hasPositionedDiagnostic(run.both),
                    "\(label): exit 1 without a path:line:column diagnostic\n\(run)", sourceLocation: sourceLocation)
            }
            #expect(
                !run.stdout.contains(0x1B) && !run.stderr.contains(0x1B) && !run.stdout.contains(0)
                    && !run.stderr.contains(0),
                "\(label): raw ESC or NUL in the output\n\(run)", sourceLocation: sourceLocation)
        }
    }

    @Test("Seeded mutants of every file kind", .timeLimit(.minutes(3)), arguments: mutants.indices)
    func mutant(index: Int) throws {
        let (kind, path, seed) = Self.mutants[index]
        let folder = try Self.workspace()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent(path)
        let (bytes, mutation) = Self.mutate(Array(try Data(contentsOf: file)), seed: seed)
        try Data(bytes).write(to: file)
        try Self.check(folder, label: "\(kind) (\(path)), seed 0x\(String(seed, radix: 16)): \(mutation)")
    }

    /// Nine levels of nine aliases: 387 million nodes if expanded.
    static func aliasBomb(levels: Int = 9) -> String {
        var lines = ["a: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]"]
        for level in 1..<levels {
            let name = String(UnicodeScalar(UInt8(97 + level)))
            let previous = String(UnicodeScalar(UInt8(96 + level)))
            lines.append("\(name): &\(name) [\(Array(repeating: "*" + previous, count: 9).joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static var lastAnchor: String { "i" }

    /// Hand-made hostile files: (label, path, contents). None repeats MalformedInputTests.
    static let crafted: [(label: String, path: String, bytes: [UInt8])] = {
        func text(_ label: String, _ path: String, _ text: String) -> (String, String, [UInt8]) {
            (label, path, Array(text.utf8))
        }
        let demoConfig = try! String(contentsOf: Repository.demoWorkspaceFile, encoding: .utf8)
        return [
            // flagscope.yml is the only YAML that providers depend on (no provider format is YAML):
            // the alias bomb goes there, as a value and as mapping keys.
            text("alias bomb in flagscope.yml", "flagscope.yml", aliasBomb() + demoConfig),
            text(
                "alias bomb as a mapping key in flagscope.yml", "flagscope.yml",
                aliasBomb() + "? *\(lastAnchor)\n: 1\n" + demoConfig),
            text(
                "alias bomb as a mapping key in a blueprint", "blueprints/experiments.yml",
                "name: Bomb\n" + aliasBomb()
                    + "flags:\n  ? *\(lastAnchor)\n  : { type: bool, default: false, description: d }\n"),
            text("200,000 '[' in flagscope.yml", "flagscope.yml", String(repeating: "[", count: 200_000)),
            text(
                "200,000 '[' after a valid start of flagscope.yml", "flagscope.yml",
                "blueprints: " + String(repeating: "[", count: 200_000) + "\n"),
            text(
                "200,000 '[' in a firebase provider", "remote/remote-config.json",
                String(repeating: "[", count: 200_000)),
            text(
                "200,000 '{\"a\":' in a firebase parameter", "remote/remote-config.json",
                "{\"parameters\": {\"lab/sson\": " + String(repeating: "{\"a\":", count: 200_000) + "\n"),
            text(
                "200,000 '[' in an unleash provider", "remote/unleash.json",
                "{\"version\": 2, \"features\": " + String(repeating: "[", count: 200_000)),
            text(
                "200,000 '[' in a flagd provider", "remote/flags.flagd.json",
                "{\"flags\": {\"lab/sson\": {\"variants\": " + String(repeating: "[", count: 200_000)),
            text(
                "200,000 nested <array> in a plist provider", "prefs/flags.plist",
                "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>lab</key>"
                    + String(repeating: "<array>", count: 200_000) + "</plist>"),
            text(
                "200,000 nested <dict> in a plist provider", "prefs/flags.plist",
                "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>"
                    + String(repeating: "<key>k</key><dict>", count: 200_000) + "</plist>"),
            text(
                "OpenStep plist 200,000 '('", "prefs/flags.plist",
                "{ lab = " + String(repeating: "(", count: 200_000) + "; }"),
            text(
                "XML entity expansion (billion laughs) in a plist", "prefs/flags.plist",
                {
                    var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE plist [", "<!ENTITY l0 \"lol\">"]
                    for level in 1...9 {
                        lines.append("<!ENTITY l\(level) \"\(String(repeating: "&l\(level - 1);", count: 10))\">")
                    }
                    lines.append("]>")
                    lines.append(
                        "<plist version=\"1.0\"><dict><key>lab</key><dict><key>sson</key><string>&l9;</string></dict></dict></plist>"
                    )
                    return lines.joined(separator: "\n")
                }()),
            text(
                "external entity in a plist", "prefs/flags.plist",
                "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<plist version=\"1.0\"><dict><key>store</key><dict><key>charts_region</key><string>&x;</string></dict></dict></plist>"
            ),
            // YAML's nesting pre-check tracks quotes; a quote it mistakes for a string start must not let nesting through.
            text(
                "200,000 '[' after an apostrophe in a plain scalar", "blueprints/experiments.yml",
                "name: It's\nflags:\n  x: " + String(repeating: "[", count: 200_000) + "\n"),
            text(
                "200,000 '[' after an escaped quote", "blueprints/experiments.yml",
                "name: App\nflags: [\"\\\"\", " + String(repeating: "[", count: 200_000) + "\n"),
            text(
                "200,000 '[' after a '#' inside a flow plain scalar", "blueprints/experiments.yml",
                "name: App\nflags: [a#b, " + String(repeating: "[", count: 200_000) + "\n"),
            text(
                "200,000 nested '? ' block keys", "blueprints/experiments.yml",
                "name: App\nflags:\n  " + String(repeating: "? ", count: 200_000) + "x\n"),
            text(
                "200,000 '- ? ' mixed block nesting", "flagscope.yml",
                "blueprints:\n  " + String(repeating: "- ? ", count: 100_000) + "x\n"),
            text(
                "a 4 MB line in a JSON blueprint", "blueprints/catalog.json",
                "{\"name\": \"" + String(repeating: "x", count: 4_000_000) + "\", \"flags\": {\"a\": }}"),
        ]
    }()

    @Test(
        "Crafted hostile files: alias bombs, 200,000-level nesting in each format, entity expansion",
        .timeLimit(.minutes(3)), arguments: crafted.indices)
    func craftedFile(index: Int) throws {
        let (label, path, bytes) = Self.crafted[index]
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Data(bytes).write(to: folder.url.appendingPathComponent(path))
        try Self.check(folder, label: label)
    }

    @Test("An external entity in a plist is never resolved: /etc/passwd's text is not a value")
    func externalEntityNotResolved() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write(
            "prefs/flags.plist",
            """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <plist version="1.0"><dict><key>store</key><dict><key>charts_region</key><string>&x;</string></dict></dict></plist>
            """)
        let run = try TimedCLI.run(["get", "store/charts_region"], in: folder.url)
        #expect(!run.timedOut && !run.signaled, "\(run)")
        #expect(!run.out.contains("root:"), "the entity was expanded from the file system:\n\(run)")
    }
}
