import Foundation
import TestSupport
import Testing

/// A small workspace for the get/set/reset commands: one flag of each type, a locked flag,
/// a Remote layer above the writable Local one, and a QA profile below it.
struct EditWorkspace {
    let folder: TemporaryFolder
    var url: URL { folder.url }

    /// One flag of every type, plus a locked flag (`apiEnvironment`).
    static let blueprint = EveryTypeBlueprint.yaml(
        extraFlags: """
              apiEnvironment:
                type: enum
                values: [production, staging]
                default: production
                locked: true
                description: Backend (locked)

            """)

    static let workspace = """
        blueprints:
          - blueprints/*.yml
        providers:
          - name: Remote
            format: firebase
            path: remote/template.json
          - name: Local
            format: json
            path: .flagscope/local.json
            writable: true
          - name: QA profile
            format: json
            path: profiles/qa.json

        """

    static let remote = """
        {
          "parameters": {
            "retries": { "defaultValue": { "value": "5" } }
          }
        }

        """

    /// Creates the workspace; `local` is the writable file's text (absent when `nil`).
    init(local: String? = nil, qa: String = "{\"ratio\": 0.9, \"theme\": \"maybe\"}\n") throws {
        folder = try TemporaryFolder()
        try folder.write("flagscope.yml", Self.workspace)
        try folder.write("blueprints/app.yml", Self.blueprint)
        try folder.write("remote/template.json", Self.remote)
        try folder.write("profiles/qa.json", qa)
        if let local { try folder.write(".flagscope/local.json", local) }
    }

    /// Runs `flagscope` in the workspace folder.
    func run(_ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(arguments, in: url)
    }

    /// The writable file's bytes (nil when absent).
    var localBytes: Data? { try? Data(contentsOf: url.appendingPathComponent(".flagscope/local.json")) }

    /// The writable file as a JSON object.
    func localObject() throws -> [String: Any] {
        let data = try #require(localBytes)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func remove() { folder.remove() }
}

@Suite("get, set and reset on the command line")
struct CLIGetSetResetTests {
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
            """
            blueprints:
              - blueprints/*.yml
            providers:
              - name: Remote
                format: firebase
                path: remote/template.json
              - name: QA profile
                format: json
                path: profiles/qa.json

            """)
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

    @Test("get --json shows value, default, source, reason and every layer with its state")
    func getJSONShape() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\", \"retries\": 7}\n")
        defer { workspace.remove() }
        let theme = try parseJSONObject(try workspace.run(["get", "--json", "theme"]).stdout)
        #expect(theme["key"] as? String == "theme")
        #expect(theme["type"] as? String == "enum")
        #expect(theme["value"] as? String == "dark")
        #expect(theme["default"] as? String == "system")
        #expect(theme["source"] as? String == "Local")
        #expect(theme["reason"] as? String == "provider")
        #expect(theme["locked"] as? Bool == false)
        #expect(theme["stale"] as? Bool == false)
        let layers = try #require(theme["layers"] as? [[String: Any]])
        #expect(layers.map { $0["provider"] as? String } == ["Remote", "Local", "QA profile"])
        #expect(layers.map { $0["state"] as? String } == ["unset", "set", "typeMismatch"])
        #expect(layers[1]["value"] as? String == "dark")
        #expect(layers[1]["winner"] as? Bool == true)
        #expect(layers[2]["raw"] as? String == "maybe")
        #expect(layers[2]["winner"] == nil)
        #expect(layers[0]["value"] == nil, "an unset layer shows no value, not the default")

        let retries = try parseJSONObject(try workspace.run(["get", "--json", "retries"]).stdout)
        #expect(retries["value"] as? Int == 5)
        #expect(retries["source"] as? String == "Remote")
        let retryLayers = try #require(retries["layers"] as? [[String: Any]])
        #expect(retryLayers[1]["state"] as? String == "set")
        #expect(retryLayers[1]["value"] as? Int == 7)
        #expect(retryLayers[1]["winner"] == nil, "shadowed by Remote")

        let ratio = try parseJSONObject(try workspace.run(["get", "--json", "ratio"]).stdout)
        #expect(ratio["source"] as? String == "QA profile")
        let fallback = try parseJSONObject(try workspace.run(["get", "--json", "greeting"]).stdout)
        #expect(fallback["source"] as? String == "default")
        #expect(fallback["reason"] as? String == "default")
        #expect(fallback["value"] as? String == "hello")
    }

    @Test("get shows a set false as false from its provider, and unknown keys get did you mean")
    func getFalseAndUnknown() throws {
        let workspace = try EditWorkspace(local: "{\"checkout/new_flow\": false}\n")
        defer { workspace.remove() }
        let flow = try parseJSONObject(try workspace.run(["get", "--json", "checkout/new_flow"]).stdout)
        #expect(flow["value"] as? Bool == false)
        #expect(flow["source"] as? String == "Local")
        #expect((flow["layers"] as? [[String: Any]])?[1]["state"] as? String == "set")
        let unknown = try workspace.run(["get", "checkout/new_flwo"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("did you mean 'checkout/new_flow'?"), "\(unknown.stderr)")
    }

    @Test("reset KEY… removes only those keys and says what now applies")
    func resetRemovesOnlyNamedKeys() throws {
        let workspace = try EditWorkspace(
            local: "{\"theme\": \"dark\", \"retries\": 7, \"greeting\": \"hey\", \"old_key\": 1}\n")
        defer { workspace.remove() }
        let output = try workspace.run(["reset", "theme", "retries"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("removed theme from Local (.flagscope/local.json); now system from default"))
        #expect(output.stdout.contains("removed retries from Local (.flagscope/local.json); now 5 from Remote"))
        let object = try workspace.localObject()
        #expect(Set(object.keys) == ["greeting", "old_key"])
    }

    @Test("reset --json lists removed keys and keys that were not there")
    func resetJSONShape() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n")
        defer { workspace.remove() }
        let report = try parseJSONObject(try workspace.run(["reset", "--json", "theme", "ratio"]).stdout)
        #expect(report["provider"] as? String == "Local")
        #expect(report["file"] as? String == ".flagscope/local.json")
        let changes = try #require(report["changes"] as? [[String: Any]])
        #expect(changes.map { $0["key"] as? String } == ["theme", "ratio"])
        #expect(changes.map { $0["action"] as? String } == ["removed", "notPresent"])
        #expect(changes[0]["value"] as? String == "system")
        #expect(changes[0]["source"] as? String == "default")
        #expect(changes[1]["source"] as? String == "QA profile")
    }

    @Test("reset of an unknown key refuses with did you mean and removes nothing")
    func resetUnknownKey() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n")
        defer { workspace.remove() }
        let before = workspace.localBytes
        let output = try workspace.run(["reset", "theme", "them3"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("unknown key 'them3'"), "\(output.stderr)")
        #expect(output.stderr.contains("did you mean 'theme'?"))
        #expect(workspace.localBytes == before)
    }

    @Test("reset --all removes every key, declared or not, and lists them")
    func resetAll() throws {
        let workspace = try EditWorkspace(
            local: "{\"theme\": \"dark\", \"retries\": 7, \"retired_flag\": true, \"context/locale\": \"it\"}\n")
        defer { workspace.remove() }
        let output = try workspace.run(["reset", "--all"])
        #expect(output.status == 0, "\(output.stderr)")
        for key in ["theme", "retries", "retired_flag", "context/locale"] {
            #expect(output.stdout.contains("removed \(key) from Local"), "\(output.stdout)")
        }
        #expect(output.stdout.contains("retired_flag from Local (.flagscope/local.json) (a key no blueprint declares)"))
        #expect(String(decoding: try #require(workspace.localBytes), as: UTF8.self) == "{}\n")
        let again = try workspace.run(["reset", "--all", "--json"])
        #expect(again.status == 0)
        #expect((try parseJSONObject(again.stdout)["changes"] as? [Any])?.isEmpty == true)
    }

    @Test(
        "reset without keys or with keys and --all is bad usage: exit 64",
        arguments: [["reset"], ["reset", "--all", "theme"]])
    func resetUsage(arguments: [String]) throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n")
        defer { workspace.remove() }
        let before = workspace.localBytes
        let output = try workspace.run(arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("--all"))
        #expect(workspace.localBytes == before)
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

    @Test("validate: a missing read-only file is a warning, an unparseable one an error")
    func validateProviderFiles() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("profiles/qa.json"))
        let missing = try workspace.run(["validate", "--json"])
        #expect(missing.status == 0, "\(missing.stdout)")
        let diagnostics = try #require(try parseJSONObject(missing.stdout)["diagnostics"] as? [[String: Any]])
        let warnings = diagnostics.filter { $0["severity"] as? String != "note" }
        #expect(warnings.count == 1, "the missing writable file is no warning (only a note): \(diagnostics)")
        #expect(warnings.first?["severity"] as? String == "warning")
        #expect((warnings.first?["message"] as? String)?.contains("profiles/qa.json") == true)

        try workspace.folder.write("profiles/qa.json", "{\"theme\": \"dark\"\n")
        let broken = try workspace.run(["validate", "--json"])
        #expect(broken.status == 1)
        let errors = try #require(try parseJSONObject(broken.stdout)["diagnostics"] as? [[String: Any]])
        #expect(
            errors.contains { $0["severity"] as? String == "error" && $0["file"] as? String == "profiles/qa.json" },
            "\(errors)")
    }
}

/// What `set` says when it will not write, and how it counts the workspace's errors.
@Suite("set refusing: the same words in the CLI and the browser")
struct SetRefusalWordingTests {
    @Test("An invalid writable file is named as the workspace names it, by set and by the browser alike")
    func refusalNamesTheFileAlike() throws {
        let demo = try ExplainDemoWorkspace()
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
        let demo = try ExplainDemoWorkspace()
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
}
