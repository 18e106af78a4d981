import Foundation
import Testing

/// Remote providers against a real flag server (Python's http.server on 127.0.0.1) through the
/// real client: what an OFREP or Unleash server says becomes a layer like any file's.
@Suite("Remote providers: values")
struct RemoteProviderTests {
    @Test("OFREP values become the layer's values, typed by each flag: bool, int, double, enum, json, string")
    func ofrepValues() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }

        let expected: [(String, Any)] = [
            ("lab/sson", true), ("lab/results", 42), ("lab/rate", 2.5), ("lab/theme", "dark"),
            ("lab/greeting", "hello"),
        ]
        for (key, value) in expected {
            let object = try workspace.get(key)
            #expect(object["source"] as? String == "Flags", "\(key): \(object)")
            #expect(object["reason"] as? String == "provider")
            let layer = try RemoteWorkspace.layer(object)
            #expect(layer["state"] as? String == "set")
            #expect(layer["winner"] as? Bool == true)
            #expect((layer["value"] as? NSObject)?.isEqual(value) == true, "\(key): \(layer)")
            #expect(layer["cached"] == nil && layer["error"] == nil)
        }
        let payload = try RemoteWorkspace.layer(try workspace.get("lab/payload"))
        #expect((payload["value"] as? [String: Any])?["items"] as? [Int] == [1, 2])
        let sson = try RemoteWorkspace.layer(try workspace.get("lab/sson"))
        #expect(sson["notes"] as? [String] == ["reason STATIC", "variant on", "metadata {\"team\":\"identity\"}"])

        // Lower layers still answer for what the server does not set.
        let local = try workspace.get("lab/local_only")
        #expect(local["value"] as? String == "from local")
        #expect(try RemoteWorkspace.layer(local)["state"] as? String == "unset")

        let list = try CLIFixture.object(try workspace.run(["list", "--json"]).stdout)
        let rows = try #require(list["flags"] as? [[String: Any]])
        #expect(rows.first { $0["key"] as? String == "lab/theme" }?["source"] as? String == "Flags")
    }

    @Test(
        "A value that does not fit is typeMismatch, a per-flag error makes that key's layer error, FLAG_NOT_FOUND is unset"
    )
    func ofrepPerFlagProblems() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }

        let mismatch = try workspace.get("lab/mismatch")
        #expect(mismatch["source"] as? String == "default")
        let mismatchLayer = try RemoteWorkspace.layer(mismatch)
        #expect(mismatchLayer["state"] as? String == "typeMismatch")
        #expect(mismatchLayer["raw"] as? String == "certainly")

        let broken = try workspace.get("lab/broken")
        let brokenLayer = try RemoteWorkspace.layer(broken)
        #expect(brokenLayer["state"] as? String == "error")
        #expect(
            brokenLayer["error"] as? String == "the server could not evaluate it: PARSE_ERROR: rule 3 does not parse")
        #expect(broken["source"] as? String == "default", "an error layer never wins")

        let absentLayer = try RemoteWorkspace.layer(try workspace.get("lab/absent"))
        #expect(absentLayer["state"] as? String == "unset")
        #expect(absentLayer["notes"] as? [String] == ["the server has no such flag (FLAG_NOT_FOUND)"])

        // The rest of the answer is not affected, and the human output says the same.
        let text = try workspace.run(["get", "lab/broken"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Flags  error  the server could not evaluate it: PARSE_ERROR"), "\(text.stdout)")
        let validate = try workspace.run(["validate"])
        #expect(
            validate.stdout.contains("'server/only_here' in provider 'Flags' is declared by no blueprint"),
            "\(validate.stdout)")
        #expect(validate.status == 0, "unknown keys and misfits are warnings:\n\(validate.stdout)")
    }

    @Test(
        "The OFREP request is a POST of {\"context\": …} built from the other layers' context/* keys; targeting_key becomes targetingKey"
    )
    func ofrepContext() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let local = """
            {"context/locale": "it", "context/targeting_key": "user-7", "context/platform": "iOS", "context/permissions/camera": "denied"}

            """
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"), local: local)
        defer { workspace.remove() }

        let greeting = try workspace.get("lab/greeting")
        #expect(greeting["value"] as? String == "ciao", "the server evaluated the context it was sent")
        #expect(
            try RemoteWorkspace.layer(greeting)["notes"] as? [String] == ["reason TARGETING_MATCH", "variant italian"])
        let request = try #require(server.requests().last)
        #expect(request["method"] as? String == "POST")
        #expect(request["path"] as? String == "/ofrep/v1/evaluate/flags")
        #expect(request["contentType"] as? String == "application/json")
        let context = try #require((request["body"] as? [String: Any])?["context"] as? [String: Any])
        #expect(context["locale"] as? String == "it")
        #expect(context["targetingKey"] as? String == "user-7")
        #expect(context["platform"] as? String == "iOS")
        // A key below another is a field of its object, as rules read `permissions.camera`.
        #expect(context["permissions"] as? [String: String] == ["camera": "denied"])
        #expect(context["os_version"] == nil, "keys nobody sets are left out, not sent as defaults")
        #expect(context.count == 4, "\(context)")
    }

    @Test(
        "Unleash: GET {url}/client/features, read like an Unleash file (bools take enabled, others the variant payload)"
    )
    func unleash() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(provider: ["format: unleash", "url: \(server.url("unleash"))/"])
        defer { workspace.remove() }

        #expect(try workspace.get("lab/sson")["value"] as? Bool == true)
        let theme = try workspace.get("lab/theme")
        #expect(theme["value"] as? String == "dark")
        #expect(theme["source"] as? String == "Flags")
        #expect(try workspace.get("lab/results")["value"] as? Int == 42)
        let greeting = try RemoteWorkspace.layer(try workspace.get("lab/greeting"))
        #expect(greeting["state"] as? String == "unset", "a disabled toggle leaves a string flag unset")
        let request = try #require(server.requests().last)
        #expect(request["method"] as? String == "GET")
        #expect(request["path"] as? String == "/client/features", "a trailing / in url is not doubled")
    }

    @Test("explain, list and set read the remote layer; a write reuses the answer instead of asking again")
    func otherCommands() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }

        let explain = try CLIFixture.object(try workspace.run(["explain", "lab/smart_playlists", "--json"]).stdout)
        #expect(explain["availability"] as? String == "available", "runtimeEnabled reads lab/sson, true on the server")

        let before = server.requests().count
        let set = try workspace.run(["set", "lab/sson", "false"])
        #expect(set.status == 0, "\(CLIFixture.describe(set))")
        #expect(set.stdout.contains("warning: Flags still wins with true"), "\(set.stdout)")
        #expect(server.requests().count == before + 1, "one fetch for the whole command")
        #expect(try workspace.folder.read(".flagscope/local.json").contains("\"lab/sson\": false"))
    }

    @Test(
        "snapshot fetches before drawing, like the command line: the remote value, reason and variant in the detail pane"
    )
    func snapshot() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"), local: "{\"context/locale\": \"it\"}\n")
        defer { workspace.remove() }

        let output = try workspace.run(["snapshot", "--size", "120x30", "--keys", "/greeting<Enter>"])
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let screen = output.stdout
        #expect(screen.contains("Flags › Local✎ › default"), "\(screen)")
        #expect(screen.contains("ciao Flags"), "the tree row shows the server's value:\n\(screen)")
        #expect(screen.contains("reason TARGETING_MATCH"), "\(screen)")
        #expect(screen.contains("variant italian"), "\(screen)")
        #expect(!screen.contains("fetching"), "a snapshot never shows a fetch in progress:\n\(screen)")
        let opening = try workspace.run(["snapshot", "--size", "120x30"]).stdout
        #expect(opening.hasSuffix("fetched Flags\n"), "the status line says the server answered:\n\(opening)")
    }
}
