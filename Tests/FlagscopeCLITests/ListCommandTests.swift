import Foundation
import TestSupport
import Testing

/// `flagscope list`: one row per flag with key, type, value and source; filters; JSON (docs/commands.md).
@Suite("list command")
struct ListCommandTests {
    static func rows(_ stdout: String) -> [[String]] {
        stdout.split(separator: "\n").map(CLIFixture.cells)
    }

    @Test("list prints an aligned table: KEY, TYPE, VALUE, SOURCE, one row per flag in declaration order")
    func humanTable() throws {
        let folder = try CLIFixture.folder([".flagscope/local.json": "{\"lab/theme\": \"dark\"}\n"])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let rows = Self.rows(output.stdout)
        #expect(rows.first == ["KEY", "TYPE", "VALUE", "SOURCE"])
        #expect(
            rows.dropFirst().prefix(5).map { $0.first ?? "" } == [
                "lab/sson", "lab/playback_rate", "lab/theme", "lab/legacy_player", "lab/future_banner",
            ])
        #expect(rows.contains(["lab/sson", "bool", "false", "default"]))
        #expect(rows.contains(["lab/playback_rate", "double", "1.5", "default"]))
        #expect(rows.contains(["lab/theme", "enum", "dark", "Local"]))
        #expect(rows.contains(["lab/legacy_player", "bool", "true", "default (stale)"]))
        #expect(rows.contains(["lab/smart_playlists/user_toggled", "bool", "true", "default"]))
        #expect(rows.contains(["context/platform", "enum", "(unset)", "default"]))
        // Columns line up: every row's TYPE starts at the same display column as the header's.
        let lines = output.stdout.split(separator: "\n")
        let typeColumn = try #require(lines.first?.range(of: "TYPE")).lowerBound.utf16Offset(in: lines[0])
        for line in lines.dropFirst() {
            let typeCell = Self.rows(String(line))[0][1]
            #expect(line.dropFirst(typeColumn).hasPrefix(typeCell), "\(line)")
        }
    }

    @Test("list --json prints flags with key, type, value, source, reason and features with key and name")
    func jsonShape() throws {
        let folder = try CLIFixture.folder([".flagscope/local.json": "{\"lab/theme\": \"dark\"}\n"])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let object = try CLIFixture.object(output.stdout)
        let flags = try #require(object["flags"] as? [[String: Any]])
        for flag in flags {
            #expect(Set(flag.keys).isSuperset(of: ["key", "type", "value", "source", "reason"]), "\(flag)")
        }
        let byKey = Dictionary(
            uniqueKeysWithValues: flags.compactMap { flag in (flag["key"] as? String).map { ($0, flag) } })
        let sson = try #require(byKey["lab/sson"])
        #expect(sson["type"] as? String == "bool")
        #expect(sson["value"] as? Bool == false)
        #expect(sson["source"] as? String == "default")
        #expect(sson["reason"] as? String == "default")
        let theme = try #require(byKey["lab/theme"])
        #expect(theme["value"] as? String == "dark")
        #expect(theme["source"] as? String == "Local")
        #expect(theme["reason"] as? String == "provider")
        #expect(byKey["lab/playback_rate"]?["value"] as? Double == 1.5)
        #expect(byKey["lab/legacy_player"]?["stale"] as? Bool == true)
        #expect(byKey["context/platform"]?["value"] is NSNull)
        #expect(flags.prefix(3).compactMap { $0["key"] as? String } == ["lab/sson", "lab/playback_rate", "lab/theme"])

        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 1)
        #expect(features.first?["key"] as? String == "lab/smart_playlists")
        #expect(features.first?["name"] as? String == "Smart playlists")
    }

    @Test("--filter keeps flags whose key, name or description contains the text, ignoring case")
    func filter() throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        let byKey = try CLIRunner.run(["list", "--filter", "THEME"], in: folder.url)
        #expect(byKey.status == 0)
        #expect(Self.rows(byKey.stdout).dropFirst().map { $0[0] } == ["lab/theme"])
        let byName = try CLIRunner.run(["list", "--filter", "allowsSS"], in: folder.url)
        #expect(Self.rows(byName.stdout).dropFirst().map { $0[0] } == ["lab/sson"])
        let byDescription = try CLIRunner.run(["list", "--filter", "single SIGN-on"], in: folder.url)
        #expect(Self.rows(byDescription.stdout).dropFirst().map { $0[0] } == ["lab/sson"])
        let json = try CLIRunner.run(["list", "--json", "--filter", "playback"], in: folder.url)
        let flags = try #require(try CLIFixture.object(json.stdout)["flags"] as? [[String: Any]])
        #expect(flags.compactMap { $0["key"] as? String } == ["lab/playback_rate"])
        let none = try CLIRunner.run(["list", "--filter", "no-such-flag"], in: folder.url)
        #expect(none.status == 0)
        #expect(none.stdout.contains("no flags match"))
    }

    @Test("--stale keeps only flags past their expiry date")
    func stale() throws {
        let folder = try CLIFixture.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["list", "--stale"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(Self.rows(output.stdout).dropFirst().map { $0[0] } == ["lab/legacy_player"])
        let json = try CLIRunner.run(["list", "--stale", "--json"], in: folder.url)
        let flags = try #require(try CLIFixture.object(json.stdout)["flags"] as? [[String: Any]])
        #expect(flags.compactMap { $0["key"] as? String } == ["lab/legacy_player"])
        #expect(flags.first?["stale"] as? Bool == true)
    }

    @Test("list on the demo lists its flags and features")
    func demo() throws {
        let output = try CLIRunner.run(["list", "--json", "--config", CLIFixture.demoWorkspace.path])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let object = try CLIFixture.object(output.stdout)
        let keys = (object["flags"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        #expect(keys.contains("lab/sson"))
        #expect(keys.contains("lab/secrets/boom_feature"))
        #expect(!(object["features"] as? [Any] ?? []).isEmpty)
    }

    @Test("list on an invalid workspace exits 1 and prints the errors with their positions")
    func invalidWorkspace() throws {
        let folder = try CLIFixture.folder([
            "blueprints/app.yml": "name: App\nflags:\n  a: { type: int, default: x, description: d }\n"
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 1)
        #expect(output.stderr.contains("blueprints/app.yml:3:28: error: default of 'a' does not fit its type"))
        #expect(output.stderr.contains("flagscope validate"))
        #expect(output.stdout.isEmpty)
    }

    @Test("list --json lists keys no blueprint declares under unknownKeys, with position and did you mean")
    func listJSONUnknownKeys() throws {
        let workspace = try EditWorkspace(
            local: "{\n  \"theme\": \"dark\",\n  \"them\": \"light\",\n  \"context/locale\": \"it\"\n}\n")
        defer { workspace.remove() }
        let output = try workspace.run(["list", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let list = try parseJSONObject(output.stdout)
        let unknown = try #require(list["unknownKeys"] as? [[String: Any]])
        #expect(unknown.count == 1, "context/* keys are accepted: \(unknown)")
        #expect(unknown.first?["key"] as? String == "them")
        #expect(unknown.first?["provider"] as? String == "Local")
        #expect(unknown.first?["file"] as? String == ".flagscope/local.json")
        #expect(unknown.first?["line"] as? Int == 3)
        #expect(unknown.first?["column"] as? Int == 3)
        #expect(unknown.first?["didYouMean"] as? String == "theme")
        let validate = try workspace.run(["validate"])
        #expect(validate.status == 0)
        #expect(validate.stdout.contains(".flagscope/local.json:3:3: warning:"), "\(validate.stdout)")
        #expect(validate.stdout.contains("did you mean 'theme'"))
    }

    @Test("list gives each targeted flag's value, source and variant; get still shows the steps that decided")
    func listShowsRuleDecisions() throws {
        let folder = try TargetingWorkspace.folder(
            device: #"{"context/email": "ana@example.com", "context/targeting_key": "user-1"}"#)
        defer { folder.remove() }
        let flags = TargetingWorkspace.flags
        try folder.write("flags.flagd.json", flags.replacingOccurrences(of: "-5", with: "50"))
        let output = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let flagRows = (rows?["flags"] as? [[String: Any]]) ?? []
        let home = try #require(flagRows.first { $0["key"] as? String == "home_layout" }, "\(output.stdout)")
        #expect(home["value"] as? String == "video")
        #expect(home["source"] as? String == "Flags")
        #expect(home["variant"] as? String == "video")
        let text = try CLIRunner.run(["list"], in: folder.url)
        #expect(text.stdout.contains("home_layout"), "\(text.stdout)")
        #expect(text.stdout.contains("video"), "\(text.stdout)")
        let get = try CLIRunner.run(["get", "home_layout"], in: folder.url)
        #expect(get.stdout.contains(#"reads context/email = "ana@example.com""#), "\(get.stdout)")
    }

    @Test("list --json gives the variant of every row a flagd flag decides, with targeting or without")
    func listVariants() throws {
        let output = try TraceWorkspace.run(["list", "--json"], device: #"{"context/email": "ana@example.com"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["flags"] as? [[String: Any]])
        var variants: [String: String] = [:]
        for row in rows {
            if let key = row["key"] as? String, let variant = row["variant"] as? String { variants[key] = variant }
        }
        // legacy_banner and beta_badge have no variant: the blueprint default is the value.
        #expect(variants == ["home_layout": "video", "new_checkout": "off", "dark_mode": "on"], "\(output.stdout)")
    }

    @Test("list --json shows computed provenance in the flag rows")
    func listComputed() throws {
        let output = try CLIRunner.run(["list", "--json", "--config", Repository.demoWorkspaceFile.path])
        let json = try ConfiguredDemoCopy.object(output.stdout)
        let flags = try #require(json["flags"] as? [[String: Any]])
        let remember = try #require(flags.first { $0["key"] as? String == "lab/remember_login" })
        #expect(remember["source"] as? String == "computed")
        #expect(remember["reason"] as? String == "computed")
        let consent = try #require(flags.first { $0["key"] as? String == "lab/show_eu_consent" })
        #expect(consent["reason"] as? String == "default")
    }

    @Test("A local value that does not fit the flag is called ignored, with the reason, not shadowed")
    func ignoredLocalValue() throws {
        let folder = try CLIFixture.folder([".flagscope/local.json": #"{"lab/playback_rate": "fast"}"# + "\n"])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let row = try #require(CLIFixture.row("lab/playback_rate", in: output.stdout), "\(output.stdout)")
        #expect(
            row == [
                "lab/playback_rate", "double", "1.5", #"default (Local ignored: expected a number, found text "fast")"#,
            ])
        #expect(!output.stdout.contains("shadowed"))
    }

    @Test("A local value a higher layer beats is still called shadowed")
    func shadowedLocalValue() throws {
        let folder = try CLIFixture.folder([
            "remote.json": #"{"lab/theme": "light"}"# + "\n",
            ".flagscope/local.json": #"{"lab/theme": "dark"}"# + "\n",
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(
            CLIFixture.row("lab/theme", in: output.stdout) == [
                "lab/theme", "enum", "light", "Remote (Local shadowed)",
            ],
            "\(output.stdout)")
    }
}

/// What `list --help` says of its options is what docs/commands.md says of them.
@Suite("list: help and the docs")
struct ListCommandHelpTests {
    @Test("--overridden is one true sentence, the same in list --help and in docs/commands.md")
    func overriddenSaidOnce() throws {
        let help = try CLIRunner.run(["list", "--help"]).stdout
        let docs = try String(contentsOf: Repository.root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let sentence = "the flags the writable provider sets, whether its value wins or a higher layer shadows it"
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("--overridden Only " + sentence + "."), "\(help)")
        #expect(docs.contains("| `--overridden` | only " + sentence + " |"))
        // True: a key the writable file sets under a higher layer is listed, as the sentence says.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let list = try CLIRunner.run(["list", "--overridden"], in: folder.url)
        let shadowed = try #require(
            list.stdout.split(separator: "\n").first { $0.hasPrefix("lab/search/results_per_page") })
        #expect(shadowed.hasSuffix("Remote (Local shadowed)"), "Local sets it, Remote shadows it: \(shadowed)")
    }
}
