import Foundation
import TestSupport
import Testing

/// `flagscope set KEY VALUE`: what it refuses and why, where the value went, whether a higher layer
/// still wins, and the same words as the browser when it will not write (docs/commands.md).
@Suite("set command")
struct SetCommandTests {
    static let local = "{\n  \"greeting\": \"hey\",\n  \"theme\": \"light\"\n}\n"

    @Test(
        "set refuses a value that does not fit: exit 1, the file untouched, the message says what is allowed",
        arguments: [
            (["dark_mode", "maybe"], ["'maybe' is not a bool", "true/false", "on/off", "yes/no", "1/0"]),
            (["retries", "three"], ["'three' is not a whole number", "0 to 10"]),
            (["retries", "2.5"], ["not a whole number"]),
            (["retries", "11"], ["above the maximum", "0 to 10"]),
            (["ratio", "1.5"], ["above the maximum", "1.0"]),
            (["ratio", "lots"], ["not a number"]),
            (["theme", "personalized"], ["not one of system, light, dark"]),
            (["theme", "darkk"], ["not one of system, light, dark", "did you mean 'dark'?"]),
            (["launch_date", "2026-02-30"], ["not a date", "YYYY-MM-DD"]),
            (["launch_date", "next week"], ["not a date"]),
            (["homepage", "example.com"], ["not a URL", "https://"]),
            (["layout", "{columns: 3}"], ["not valid JSON"]),
            (["greeting", "Hello World"], ["does not match the pattern", "[a-z]+"]),
            (["dark_mdoe", "true"], ["unknown key 'dark_mdoe'", "did you mean 'dark_mode'?"]),
            (["checkout/newflow", "true"], ["unknown key", "did you mean 'checkout/new_flow'?"]),
            (["api_environment", "staging"], ["api_environment is locked", "--force"]),
        ])
    func refusals(arguments: [String], fragments: [String]) throws {
        let workspace = try EditWorkspace(local: Self.local)
        defer { workspace.remove() }
        let before = workspace.localBytes
        let output = try workspace.run(["set"] + arguments)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        for fragment in fragments {
            #expect(output.stderr.contains(fragment), "stderr: \(output.stderr)")
        }
        #expect(output.stdout.isEmpty)
        #expect(workspace.localBytes == before, "the file is untouched byte for byte")
    }

    @Test("set --force changes a locked flag")
    func forceChangesLockedFlag() throws {
        let workspace = try EditWorkspace(local: Self.local)
        defer { workspace.remove() }
        let output = try workspace.run(["set", "--force", "api_environment", "staging"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("set api_environment = staging in Local (.flagscope/local.json)"))
        #expect(try workspace.localObject()["api_environment"] as? String == "staging")
        let get = try parseJSONObject(try workspace.run(["get", "api_environment", "--json"]).stdout)
        #expect(get["value"] as? String == "staging")
        #expect(get["locked"] as? Bool == true)
    }

    @Test("set without a writable provider refuses and writes nothing")
    func noWritableProvider() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        try workspace.folder.write(
            "flagscope.yml",
            WorkspaceBuilder(
                providers: [.firebase("Remote", "remote/template.json"), .json("QA profile", "profiles/qa.json")]
            ).workspaceFile)
        let qaBefore = try Data(contentsOf: workspace.url.appendingPathComponent("profiles/qa.json"))
        let output = try workspace.run(["set", "dark_mode", "true"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("no writable provider"), "\(output.stderr)")
        #expect(output.stderr.contains("writable: true"))
        #expect(try Data(contentsOf: workspace.url.appendingPathComponent("profiles/qa.json")) == qaBefore)
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent(".flagscope").path))
    }

    @Test("set prints where the value went; bool words are stored as JSON booleans")
    func setPrintsWhereItWent() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        for (word, stored) in [("yes", true), ("off", false), ("1", true), ("NO", false)] {
            let output = try workspace.run(["set", "dark_mode", word])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "set dark_mode = \(stored) in Local (.flagscope/local.json)\n")
            #expect(try workspace.localObject()["dark_mode"] as? Bool == stored)
        }
        let text = String(decoding: try #require(workspace.localBytes), as: UTF8.self)
        #expect(text == "{\n  \"dark_mode\": false\n}\n")
    }

    @Test("set warns when a higher layer still wins")
    func setWarnsWhenShadowed() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        let output = try workspace.run(["set", "retries", "8"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("set retries = 8 in Local (.flagscope/local.json)"))
        #expect(output.stdout.contains("Remote still wins with 5"), "\(output.stdout)")
        #expect(try workspace.localObject()["retries"] as? Int == 8)
    }

    @Test("set --json names the provider, the file, and each change with the resolved source and a shadow warning")
    func setJSONShape() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        let shadowed = try parseJSONObject(try workspace.run(["set", "--json", "retries", "8"]).stdout)
        #expect(shadowed["provider"] as? String == "Local")
        #expect(shadowed["file"] as? String == ".flagscope/local.json")
        let change = try #require((shadowed["changes"] as? [[String: Any]])?.first)
        #expect(change["key"] as? String == "retries")
        #expect(change["action"] as? String == "set")
        #expect(change["source"] as? String == "Remote")
        #expect((change["warning"] as? String)?.contains("Remote still wins") == true)

        let winning = try parseJSONObject(try workspace.run(["set", "--json", "theme", "dark"]).stdout)
        let themeChange = try #require((winning["changes"] as? [[String: Any]])?.first)
        #expect(themeChange["value"] as? String == "dark")
        #expect(themeChange["source"] as? String == "Local")
        #expect(themeChange["warning"] == nil)
    }

    @Test("An invalid writable file is refused by set and reset with the file's position; the file is untouched")
    func invalidWritableFileRefused() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\",\n  \"retries\": }\n")
        defer { workspace.remove() }
        let before = workspace.localBytes
        for arguments in [["set", "theme", "light"], ["reset", "theme"], ["reset", "--all"]] {
            let output = try workspace.run(arguments)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.stderr.contains(".flagscope/local.json:2:"), "\(output.stderr)")
            #expect(workspace.localBytes == before, "\(arguments)")
        }
    }

    @Test("An invalid writable file is named as the workspace names it, by set and by the browser alike")
    func refusalNamesTheFileAlike() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        try demo.folder.write("demo/.flagscope/local.json", "{\"lab/sson\": tru\n")
        let expected =
            "refusing to write .flagscope/local.json:1:14: it is not valid json (expected a JSON value, found 't'); fix or remove it first, nothing was written"
        let set = try demo.run(["set", "lab/sson", "true"])
        #expect(set.status == 1)
        #expect(set.stderr == "error: " + expected + "\n", "\(set.stderr)")
        let browser = try demo.run(["snapshot", "--size", "200x30", "--keys", "/allowsSSON<Enter><Space>"])
        #expect(browser.stdout.split(separator: "\n").last.map(String.init) == expected, "\(browser.stdout)")
        #expect(!browser.stdout.contains(demo.folder.url.path), "no absolute path")
    }

    @Test("set counts the workspace's errors as validate does, and says which of them stop it")
    func errorCountAsValidate() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        try demo.folder.write("demo/blueprints/extra.yml", "{\n")
        try demo.folder.write("demo/remote/rollouts.flagd.json", "{\n")
        try demo.folder.write("demo/remote/toggles.unleash.json", "[\n")
        let validate = try demo.run(["validate"])
        #expect(validate.stdout.contains("✗ 3 errors,"), "\(validate.stdout)")
        let set = try demo.run(["set", "lab/sson", "true"])
        #expect(set.status == 1)
        #expect(
            set.stderr.hasSuffix(
                "the workspace has 3 errors (the one above stops this command; the others concern one provider layer each); run `flagscope validate` for details\n"
            ), "\(set.stderr)")
    }

    @Test("A Local value under a Remote one is shadowed: set warns, get shows Remote winning and Local set")
    func shadowedOverride() throws {
        let demo = try DemoCopy()
        defer { demo.remove() }
        let set = try demo.run(["set", "lab/search/results_per_page", "60"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("set lab/search/results_per_page = 60 in Local (.flagscope/local.json)"))
        #expect(set.stdout.contains("warning: Remote still wins with 25"), "\(set.stdout)")

        let get = try demo.run(["get", "--json", "lab/search/results_per_page"])
        #expect(get.status == 0, "\(get.stderr)")
        let report = try parseJSONObject(get.stdout)
        #expect(report["value"] as? Int == 25)
        #expect(report["source"] as? String == "Remote")
        #expect(report["reason"] as? String == "provider")
        #expect(report["default"] as? Int == 20)
        let remote = try #require(CLIFixture.layer(report, "Remote"))
        #expect(remote["state"] as? String == "set")
        #expect(remote["winner"] as? Bool == true)
        let local = try #require(CLIFixture.layer(report, "Local"))
        #expect(local["state"] as? String == "set")
        #expect(local["value"] as? Int == 60)
        #expect(local["winner"] == nil)

        let text = try demo.run(["get", "lab/search/results_per_page"])
        #expect(text.stdout.contains("(shadowed)"), "\(text.stdout)")
    }

    @Test("set still writes the valid writable provider when a read-only provider file is broken")
    func setWithBrokenReadOnlyProvider() throws {
        let workspace = try EditWorkspace(local: "{}\n", qa: "{\"ratio\": 0.9,\n")
        defer { workspace.remove() }
        let output = try workspace.run(["set", "theme", "light"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try workspace.localObject()["theme"] as? String == "light")
    }

    @Test("set accepts a negative number as the value")
    func negativeValues() throws {
        let workspace = try EditWorkspace(local: "{}\n")
        defer { workspace.remove() }
        try workspace.folder.write(
            "blueprints/offsets.yml",
            """
            name: Offsets
            description: Signed values
            flags:
              offset:
                type: int
                default: 0
                min: -10
                max: 10
                description: Signed offset
              gain:
                type: double
                default: 0.0
                description: Signed gain

            """)
        let int = try workspace.run(["set", "offset", "-5"])
        #expect(int.status == 0, "\(int.stderr)")
        let double = try workspace.run(["set", "gain", "-1.5"])
        #expect(double.status == 0, "\(double.stderr)")
        #expect(try workspace.localObject()["offset"] as? Int == -5)
    }

    @Test("set --json reports the value that was written (written) beside the resolved value (value)")
    func setJSONValueIsTheWrittenValue() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        let report = try parseJSONObject(try workspace.run(["set", "--json", "retries", "8"]).stdout)
        let change = (report["changes"] as? [[String: Any]])?.first
        #expect(
            change?["written"] as? Int == 8,
            "human output says 'set retries = 8'; JSON says \(String(describing: change?["written"]))")
        #expect(change?["value"] as? Int == 5, "value is what the key resolves to, as in get --json: Remote still wins")
    }

    @Test("set records any context/* key as text, as docs/blueprints.md#features allows, even before a provider has it")
    func anyContextKeyAsText() throws {
        let demo = try DemoCopy()
        defer { demo.remove() }
        // The demo's own lab/show_eu_consent reads key("context/region").
        let output = try demo.run(["set", "context/region", "EU"])
        #expect(output.status == 0, "\(output.stderr)")
        let consent = try parseJSONObject(
            try demo.run(["get", "--json", "lab/show_eu_consent"]).stdout)
        #expect(consent["source"] as? String == "computed")
    }

    @Test("BUG QA can record any context/* key with set (docs/blueprints.md#features): set context/region EU")
    func anyContextKeyReadByAComputedFlag() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let get = try demo.run(["get", "context/region"])
        #expect(get.status == 0, "get context/region: \(get.stderr)")
        let set = try demo.run(["set", "context/region", "EU"])
        #expect(set.status == 0, "set context/region EU: \(set.stderr)")
        let json = try ConfiguredDemoCopy.object(try demo.run(["get", "lab/show_eu_consent", "--json"]).stdout)
        #expect(json["reason"] as? String == "computed")
        #expect(json["value"] as? Bool == false)
    }

    @Test("A computed value wins over the writable provider; set warns that it still wins")
    func setUnderComputed() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let output = try demo.run(["set", "lab/remember_login", "false"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect((output.stdout + output.stderr).contains("computed"), "\(output.stdout)\(output.stderr)")
        let json = try ConfiguredDemoCopy.object(try demo.run(["get", "lab/remember_login", "--json"]).stdout)
        #expect(json["value"] as? Bool == true)
        #expect(json["reason"] as? String == "computed")
    }
}

/// A `context/*` key that nothing reads is most often a typo: said wherever it is written.
@Suite("set command: context keys nothing reads")
struct SetCommandUnreadContextTests {
    @Test("set of a context key nothing reads writes it, says so with did-you-mean, and validate then points at it")
    func mistypedContextKey() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let set = try demo.run(["set", "context/contry", "it"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(
            set.stdout == """
                set context/contry = "it" in Local (.flagscope/local.json)
                warning: nothing reads context/contry; did you mean 'country'? (no rule, feature, computed flag, blueprint or device profile does: it changes nothing); written all the same, as the app may read it

                """, "\(set.stdout)")
        let local = try demo.folder.read("demo/.flagscope/local.json")
        #expect(local.contains("\"context/contry\": \"it\""))
        let validate = try demo.run(["validate"])
        #expect(validate.status == 0)
        #expect(
            validate.stdout.contains(
                ".flagscope/local.json:2:3: warning: nothing reads context/contry; did you mean 'country'?"),
            "\(validate.stdout)")
        let json = try demo.run(["set", "context/contry", "de", "--json"])
        #expect(
            json.stdout.contains("\"warning\": \"nothing reads context/contry; did you mean 'country'?"),
            "\(json.stdout)")
    }

    @Test("A context key that a rule reads, or that a device profile gives, is written without a warning")
    func readKeysAreQuiet() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        for key in ["context/country", "context/userId", "context/app_version"] {
            let set = try demo.run(["set", key, "x"])
            #expect(set.status == 0)
            #expect(!set.stdout.contains("warning"), "\(key): \(set.stdout)")
        }
    }

    @Test("The browser's status line warns when an edit writes a context key nothing reads")
    func browserStatusLine() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        try demo.folder.write("demo/.flagscope/local.json", "{\"context/contry\": \"it\"}\n")
        let browser = try demo.run(["snapshot", "--size", "200x30", "--write", "--keys", "/contry<Enter>ede<Enter>"])
        let status = browser.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.hasPrefix("⚠ nothing reads context/contry; did you mean 'country'?"), "\(browser.stdout)")
        #expect(try demo.folder.read("demo/.flagscope/local.json").contains("\"context/contry\": \"itde\""))
    }
}
