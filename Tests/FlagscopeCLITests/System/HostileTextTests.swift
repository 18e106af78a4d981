import Foundation
import TestSupport
import Testing

/// Control characters and escape sequences from files never reach the terminal raw: every human
/// output shows them as visible escapes, and JSON output keeps them as JSON escapes.
@Suite("Hostile text in files is escaped in every output")
struct HostileTextTests {
    /// Terminal attacks: a screen clear, an OSC 52 clipboard write, BEL, a bidi override, a C1 CSI,
    /// a line separator.
    static let hostile = "\u{1B}[2J|\u{1B}]52;c;ZXZpbA==\u{07}|\u{07}|\u{202E}|\u{9B}|\u{2028}|"
    /// The same plus NUL, where the format can carry it (JSON `\u0000`, YAML `"\0"`).
    static let hostileNUL = hostile + "\u{0}|"
    /// How the hostile text must look once escaped (each attack visible).
    static let visible = [#"\e[2J"#, #"\e]52;c;ZXZpbA==\a"#, #"\a"#, #"\u{202E}"#, #"\u{9B}"#, #"\u{2028}"#]

    /// The provider name as YAML double-quoted escapes (`\e`, `\a`, `\0`, `\L` = U+2028).
    static let providerNameYAML = #"Remote \e[2J \a \u202E \x9B \L \0"#
    static let providerName = "Remote \u{1B}[2J \u{07} \u{202E} \u{9B} \u{2028} \u{0}"

    static func json(_ object: Any) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
            as: UTF8.self)
    }

    /// A valid workspace whose every text field is hostile.
    static func workspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let blueprint: [String: Any] = [
            "name": "Root " + hostile,
            "description": "Desc " + hostileNUL,
            "flags": [
                "evil " + hostile: [
                    "key": "evil_name", "type": "bool", "default": false, "description": "flag " + hostileNUL,
                    "tags": ["tag" + hostile], "owner": "owner" + hostile,
                ] as [String: Any],
                "choice": [
                    "type": "enum", "values": ["plain", "clear\u{1B}[2J", "rtl\u{202E}"], "default": "clear\u{1B}[2J",
                    "description": "enum " + hostile,
                ] as [String: Any],
                "banner": ["type": "string", "default": "osc" + hostileNUL, "description": "string default"]
                    as [String: Any],
                "count": ["type": "int", "default": 1, "description": "count"] as [String: Any],
            ],
            "collections": [
                "nest " + hostile: [
                    "key": "nest", "description": "collection " + hostileNUL,
                    "flags": ["inner": ["type": "string", "default": "x", "description": "inner " + hostile]],
                ] as [String: Any]
            ],
            "features": [
                "share": [
                    "name": "Share " + hostile, "description": "feature " + hostileNUL,
                    "constraints": ["userToggled": ["default": false]],
                ] as [String: Any]
            ],
        ]
        try folder.write("blueprints/app.json", try json(blueprint))
        try folder.write(
            ".flagscope/local.json",
            try json(
                [
                    "banner": "local " + hostileNUL, "unknown " + hostile: 1, "count": "not a number " + hostile,
                ] as [String: Any]))
        try folder.write("remote.json", try json(["nest/inner": "remote " + hostileNUL]))
        try folder.write(
            "flagscope.yml",
            """
            blueprints:
              - blueprints/app.json
            providers:
              - name: "\(providerNameYAML)"
                format: json
                path: remote.json
              - name: Local
                format: json
                path: .flagscope/local.json
                writable: true

            """)
        return folder
    }

    /// Raw bytes and scalars that must never be printed.
    static func rawProblems(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        for (byte, name) in [(UInt8(0x1B), "ESC"), (0x07, "BEL"), (0x00, "NUL"), (0x9B, "raw 0x9B byte")]
        where bytes.contains(byte) {
            problems.append(name)
        }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x80...0x9F: problems.append("C1 U+\(String(scalar.value, radix: 16, uppercase: true))")
            case 0x202E: problems.append("U+202E")
            case 0x2028: problems.append("U+2028")
            case 0x01...0x08, 0x0B...0x1F, 0x7F:
                problems.append("control U+\(String(scalar.value, radix: 16, uppercase: true))")
            default: continue
            }
        }
        return Array(Set(problems)).sorted()
    }

    static func expectNoRaw(_ run: TimedCLI.Run, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.timedOut && !run.signaled, "\(run)", sourceLocation: sourceLocation)
        let stdout = rawProblems(run.stdout)
        let stderr = rawProblems(run.stderr)
        #expect(
            stdout.isEmpty && stderr.isEmpty, "raw control characters: stdout \(stdout), stderr \(stderr)\n\(run)",
            sourceLocation: sourceLocation)
    }

    static func expectVisible(
        _ run: TimedCLI.Run, _ escapes: [String] = visible, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for escape in escapes {
            #expect(
                run.both.contains(escape), "the escape \(escape) is not shown\n\(run)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Human output

    @Test(
        "Human outputs of a valid hostile workspace: escaped, visible, exit 0",
        arguments: [
            ["validate"],
            ["list"],
            ["list", "--filter", "inner"],
            ["list", "--overridden"],
            ["get", "banner"],
            ["get", "evil_name"],
            ["get", "choice"],
            ["get", "nest/inner"],
            ["get", "count"],
            ["explain", "share"],
        ])
    func humanOutput(arguments: [String]) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let run = try TimedCLI.run(arguments, in: folder.url)
        #expect(run.status == 0, "\(run)")
        Self.expectNoRaw(run)
        #expect(run.both.contains(#"\e[2J"#), "the hostile text is shown, escaped\n\(run)")
    }

    @Test("Each attack is visible as its escape in get, list and explain")
    func everyEscapeVisible() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        // get shows the description, tags, owner (escaped, complete).
        let get = try TimedCLI.run(["get", "evil_name"], in: folder.url)
        Self.expectNoRaw(get)
        Self.expectVisible(get)
        #expect(get.out.contains(#"\0"#), "NUL shown as \\0\n\(get)")
        #expect(
            get.out.contains("Remote \\e[2J \\a \\u{202E} \\u{9B} \\u{2028} \\0"), "the provider name, escaped\n\(get)")
        let explain = try TimedCLI.run(["explain", "share"], in: folder.url)
        Self.expectNoRaw(explain)
        Self.expectVisible(explain)
        let validate = try TimedCLI.run(["validate"], in: folder.url)
        Self.expectNoRaw(validate)
        Self.expectVisible(validate)
    }

    @Test("set and reset status lines escape the value, the provider that still wins and removed keys")
    func setAndReset() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let set = try TimedCLI.run(["set", "banner", "x\u{1B}[2Jy\u{07}\u{202E}"], in: folder.url)
        #expect(set.status == 0, "\(set)")
        Self.expectNoRaw(set)
        #expect(set.out.contains(#"x\e[2Jy\a\u{202E}"#), "\(set)")
        // The value is stored as JSON escapes, and reads back as the original characters.
        let stored = try CLIFixture.object(try folder.read(".flagscope/local.json"))
        #expect(stored["banner"] as? String == "x\u{1B}[2Jy\u{07}\u{202E}")
        #expect(!(try Data(contentsOf: folder.url.appendingPathComponent(".flagscope/local.json"))).contains(0x1B))

        // A higher layer with a hostile name still wins: the warning names it, escaped.
        let shadowed = try TimedCLI.run(["set", "nest/inner", "mine"], in: folder.url)
        #expect(shadowed.status == 0, "\(shadowed)")
        Self.expectNoRaw(shadowed)
        #expect(shadowed.both.contains(#"Remote \e[2J \a \u{202E} \u{9B} \u{2028} \0"#), "\(shadowed)")

        // An enum value that is hostile is accepted and echoed escaped; a bad one is refused, escaped.
        let good = try TimedCLI.run(["set", "choice", "rtl\u{202E}"], in: folder.url)
        #expect(good.status == 0, "\(good)")
        Self.expectNoRaw(good)
        let bad = try TimedCLI.run(["set", "choice", "bad\u{1B}]52;c;ZXZpbA==\u{07}"], in: folder.url)
        #expect(bad.status == 1, "\(bad)")
        Self.expectNoRaw(bad)
        #expect(bad.err.contains(#"bad\e]52;c;ZXZpbA==\a"#) && bad.err.contains(#"clear\e[2J"#), "\(bad)")

        // Resetting a key that a hostile-named provider then supplies names that provider, escaped.
        let fallBack = try TimedCLI.run(["reset", "nest/inner"], in: folder.url)
        #expect(fallBack.status == 0, "\(fallBack)")
        Self.expectNoRaw(fallBack)
        #expect(fallBack.out.contains(#"from Remote \e[2J \a \u{202E}"#), "\(fallBack)")

        let reset = try TimedCLI.run(["reset", "banner"], in: folder.url)
        #expect(reset.status == 0, "\(reset)")
        Self.expectNoRaw(reset)
        #expect(reset.out.contains(#"osc\e[2J"#), "the default the key falls back to, escaped\n\(reset)")

        let all = try TimedCLI.run(["reset", "--all"], in: folder.url)
        #expect(all.status == 0, "\(all)")
        Self.expectNoRaw(all)
        #expect(all.out.contains(#"unknown \e[2J"#), "the undeclared hostile key is listed, escaped\n\(all)")
    }

    @Test(
        "The browser snapshot escapes names, values and details",
        arguments: [
            "",  // the root collection's detail: its hostile name and description
            "j",  // the flag with a hostile name, tags and owner
            "jjj",  // the banner flag: hostile default and Local value
            "jjjjjl",  // open the hostile collection
            "jjjjjlj",  // the inner flag with a Remote (hostile provider) value
            "/unknown<Enter>",  // the Unknown keys row
            "/Share<Enter>",  // the feature with a hostile name
            "j<Enter>",  // toggle: the status line names the hostile flag
            "jjj<Enter>",  // open the editor on a hostile string
            "jj<Enter>",  // the enum picker with hostile values
            "?",  // help overlay over a hostile header
        ])
    func snapshot(keys: String) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        for size in ["100x30", "60x20"] {
            var arguments = ["snapshot", "--size", size]
            if !keys.isEmpty { arguments += ["--keys", keys] }
            let run = try TimedCLI.run(arguments, in: folder.url)
            #expect(run.status == 0, "\(run)")
            Self.expectNoRaw(run)
            if keys != "?" {
                #expect(
                    run.out.contains(#"\e"#) || run.out.contains(#"\a"#),
                    "some hostile text is on screen, escaped\n\(run.out)")
            }
        }
    }

    @Test("The snapshot detail pane shows the hostile description visibly escaped")
    func snapshotDetail() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let run = try TimedCLI.run(["snapshot", "--size", "200x40", "--keys", "j"], in: folder.url)
        #expect(run.status == 0, "\(run)")
        Self.expectNoRaw(run)
        for escape in [#"\e[2J"#, #"\e]52;c;ZXZpbA==\a"#, #"\u{202E}"#] {
            #expect(run.out.contains(escape), "\(escape) visible in the detail pane\n\(run.out)")
        }
    }

    // MARK: Hostile text inside errors

    /// A workspace whose hostile text sits inside errors of every kind.
    static func brokenWorkspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let blueprint: [String: Any] = [
            "name": "Root",
            "flags": [
                "choice": [
                    "type": "enum", "values": ["a", "b"], "default": "zz" + hostileNUL, "description": "d",
                    "bogus" + hostile: 1,
                ] as [String: Any],
                "ex": ["type": "bool", "default": false, "description": "d", "excludedProviders": ["Nope" + hostile]]
                    as [String: Any],
                "t": ["type": "ty" + hostile, "default": 1, "description": "d"] as [String: Any],
                "c": ["type": "bool", "default": false, "description": "d", "computed": "x\u{1B}[2J && y"]
                    as [String: Any],
                "k": ["key": "bad\u{1B}[2J key", "type": "bool", "default": false, "description": "d"] as [String: Any],
            ],
        ]
        try folder.write("blueprints/app.json", try json(blueprint))
        try folder.write("local.json", "{}\n")
        try folder.write(
            "flagscope.yml",
            """
            blueprints:
              - blueprints/app.json
              - "blueprints/missing\\e[2J.yml"
            providers:
              - name: "\(providerNameYAML)"
                format: "json\\a\\u202E"
                path: remote.json
              - name: Local
                format: json
                path: local.json
                writable: true
                "unknown\\e]52;c;ZXZpbA==\\a": 1

            """)
        return folder
    }

    @Test("validate, list and get with hostile text inside errors: exit 1, positioned, escaped")
    func hostileErrors() throws {
        let folder = try Self.brokenWorkspace()
        defer { folder.remove() }
        let validate = try TimedCLI.run(["validate"], in: folder.url)
        #expect(validate.status == 1, "\(validate)")
        Self.expectNoRaw(validate)
        #expect(TimedCLI.hasPositionedDiagnostic(validate.out))
        for fragment in [
            #"'bogus\e[2J"#, #"'zz\e[2J"#, #"'Nope\e[2J"#, #"'ty\e[2J"#, #"json\a\u{202E}"#,
            #"unknown\e]52;c;ZXZpbA==\a"#,
        ] {
            #expect(validate.out.contains(fragment), "\(fragment) named in a diagnostic\n\(validate.out)")
        }
        for arguments in [["list"], ["get", "choice"], ["explain", "x"], ["set", "ex", "true"]] {
            let run = try TimedCLI.run(arguments, in: folder.url)
            #expect(run.status == 1, "\(run)")
            Self.expectNoRaw(run)
            #expect(TimedCLI.hasPositionedDiagnostic(run.err), "\(run)")
        }
    }

    @Test("A raw ESC/BEL in a YAML blueprint: the diagnostic points at its line and quotes it escaped")
    func rawControlInYAML() throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        let bytes =
            Array("name: App\ndescription: ok\nflags:\n  a: { type: bool, default: false, description: \"x".utf8)
            + [0x1B] + Array("]52;c;ZXZpbA==".utf8) + [0x07] + Array("\" }\n".utf8)
        try Data(bytes).write(to: folder.url.appendingPathComponent("blueprints/app.yml"))
        let run = try TimedCLI.run(["validate"], in: folder.url)
        #expect(run.status == 1, "\(run)")
        Self.expectNoRaw(run)
        #expect(run.out.contains("blueprints/app.yml:4:"), "the diagnostic is on line 4, where the ESC is\n\(run)")
    }

    @Test(
        "Unknown key and feature messages never echo raw control characters, hints included",
        arguments: [
            ["get", "ab"],
            ["set", "ab", "true"],
            ["reset", "ab"],
            ["explain", "fe"],
            ["explain", "zzzzzzzzzz"],
            ["get", "pl\u{1B}[2Jain"],
            ["set", "plain", "\u{1B}[2J"],
        ])
    func unknownNames(arguments: [String]) throws {
        // Entry names without `key:` derive keys that keep their control characters.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "blueprints/app.json",
            try Self.json(
                [
                    "name": "Root",
                    "flags": [
                        "ab\u{1B}": ["type": "bool", "default": false, "description": "d"],
                        "long\u{1B}]52;c;ZXZpbA==\u{07}": ["type": "bool", "default": false, "description": "d"],
                        "plain": ["type": "bool", "default": false, "description": "d"],
                    ],
                    "features": [
                        "fe\u{07}": ["description": "feat", "constraints": ["userToggled": ["default": true]]],
                        "osc\u{1B}]52;c;ZXZpbA==\u{07}": [
                            "description": "feat", "constraints": ["userToggled": ["default": true]],
                        ],
                    ],
                ] as [String: Any]))
        try folder.write("local.json", "{}\n")
        try folder.write(
            "flagscope.yml",
            CLIFixture.workspace(blueprints: ["blueprints/app.json"])
                .replacingOccurrences(of: ".flagscope/local.json", with: "local.json"))
        try folder.write("remote.json", "{}\n")
        let run = try TimedCLI.run(arguments, in: folder.url)
        #expect(run.status == 1, "\(run)")
        Self.expectNoRaw(run)
    }

    @Test("A usage error echoing hostile arguments escapes them (exit 64)")
    func usageErrorEcho() throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        let run = try TimedCLI.run(["set", "lab/sson", "\u{1B}[2J", "\u{07}"], in: folder.url)
        #expect(run.status == 64, "\(run)")
        Self.expectNoRaw(run)
    }

    // MARK: JSON output

    static func parse(_ run: TimedCLI.Run, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(
            !run.stdout.contains(0x1B) && !run.stdout.contains(0x07) && !run.stdout.contains(0),
            "raw control bytes in JSON\n\(run)", sourceLocation: sourceLocation)
        #expect(rawProblems(run.stdout).isEmpty, "\(rawProblems(run.stdout))\n\(run)", sourceLocation: sourceLocation)
        let value = try JSONSerialization.jsonObject(with: Data(run.stdout), options: [])
        return try #require(value as? [String: Any], "not an object: \(run)", sourceLocation: sourceLocation)
    }

    @Test("list --json, get --json and explain --json keep hostile text as JSON escapes that round-trip")
    func jsonRoundTrip() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }

        let list = try Self.parse(try TimedCLI.run(["list", "--json"], in: folder.url))
        let flags = try #require(list["flags"] as? [[String: Any]])
        #expect(flags.first { $0["key"] as? String == "banner" }?["value"] as? String == "local " + Self.hostileNUL)
        #expect(flags.first { $0["key"] as? String == "choice" }?["value"] as? String == "clear\u{1B}[2J")
        #expect(flags.first { $0["key"] as? String == "nest/inner" }?["source"] as? String == Self.providerName)
        let unknown = list["unknownKeys"] as? [[String: Any]] ?? []
        #expect(unknown.contains { ($0["key"] as? String) == "unknown " + Self.hostile }, "unknownKeys: \(unknown)")

        let get = try Self.parse(try TimedCLI.run(["get", "--json", "banner"], in: folder.url))
        #expect(get["value"] as? String == "local " + Self.hostileNUL)
        #expect(get["default"] as? String == "osc" + Self.hostileNUL)
        let layers = try #require(get["layers"] as? [[String: Any]])
        #expect(layers.first?["provider"] as? String == Self.providerName)

        let evil = try Self.parse(try TimedCLI.run(["get", "--json", "evil_name"], in: folder.url))
        #expect(evil["description"] as? String == "flag " + Self.hostileNUL, "\(evil)")

        let explain = try Self.parse(try TimedCLI.run(["explain", "--json", "share"], in: folder.url))
        #expect(explain["name"] as? String == "Share " + Self.hostile)

        let set = try Self.parse(try TimedCLI.run(["set", "--json", "banner", "j\u{1B}[2J"], in: folder.url))
        let changes = set["changes"] as? [[String: Any]] ?? []
        #expect(changes.first?["value"] as? String == "j\u{1B}[2J", "\(set)")
    }

    @Test("validate --json keeps the hostile text of messages as JSON escapes that round-trip")
    func validateJSONRoundTrip() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let validate = try Self.parse(try TimedCLI.run(["validate", "--json"], in: folder.url))
        let diagnostics = try #require(validate["diagnostics"] as? [[String: Any]])
        let messages = diagnostics.compactMap { $0["message"] as? String }
        #expect(
            messages.contains { $0.contains("unknown " + Self.hostile) },
            "the unknown key's message keeps its original characters (not terminal escapes): \(messages)")
    }
}
