import Foundation
import TestSupport
import Testing

/// Remote providers when things go wrong, against a real server (or a closed port): every
/// failure stays in its own layer, costs at most the timeout, and falls back to the offline
/// cache when that is honest to do.
@Suite("Remote providers: failures and the cache")
struct RemoteFailureTests {
    /// A url whose port refuses connections: a server that was started and stopped.
    static func downURL(_ mode: String = "ofrep") throws -> String {
        let server = try FlagServer()
        let url = server.url(mode)
        server.stop()
        return url
    }

    @Test(
        "Server down and nothing cached: the layer is error, the other layers work, get exits 0, validate points at url:"
    )
    func downWithoutCache() throws {
        let workspace = try RemoteWorkspace(ofrep: try Self.downURL())
        defer { workspace.remove() }

        let sson = try workspace.get("lab/sson")
        let layer = try RemoteWorkspace.layer(sson)
        #expect(layer["state"] as? String == "error")
        #expect((layer["error"] as? String)?.hasPrefix("cannot connect to 127.0.0.1:") == true, "\(layer)")
        #expect((layer["error"] as? String)?.contains("connection refused") == true, "\(layer)")
        #expect(layer["cached"] == nil)
        #expect(sson["value"] as? Bool == false && sson["source"] as? String == "default")
        #expect(try workspace.get("lab/local_only")["value"] as? String == "from local", "other layers are unaffected")

        for command in [["list"], ["explain", "lab/smart_playlists"], ["get", "lab/theme"]] {
            let output = try workspace.run(command)
            #expect(output.status == 0, "\(command): \(CLIFixture.describe(output))")
        }
        let snapshot = try workspace.run(["snapshot", "--size", "120x30", "--keys", "j"])
        #expect(snapshot.status == 0)
        #expect(
            snapshot.stdout.contains("\nFlags: cannot connect to 127.0.0.1:"),
            "an outage, not a workspace error:\n\(snapshot.stdout)")
        #expect(snapshot.stdout.contains("(connection refused)"), "\(snapshot.stdout)")
        let validate = try workspace.run(["validate"])
        #expect(
            validate.status == 1, "like an unreadable provider file, a layer without values is an error for validate")
        #expect(
            validate.stdout.contains("flagscope.yml:5:10: error: remote provider 'Flags' (http://127.0.0.1:"),
            "\(validate.stdout)")
        #expect(validate.stdout.contains("no cached answer to fall back on"), "\(validate.stdout)")
        #expect(
            validate.stdout.contains("    url: http://127.0.0.1:"), "the source line is quoted:\n\(validate.stdout)")
    }

    @Test("Server down after a good answer: the cached values are served, with \"cached\": true and the error")
    func downWithCache() throws {
        let server = try FlagServer()
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }
        #expect(try workspace.get("lab/sson")["value"] as? Bool == true)
        #expect(workspace.cacheFiles.count == 1)
        server.stop()

        let sson = try workspace.get("lab/sson")
        #expect(sson["value"] as? Bool == true)
        #expect(sson["source"] as? String == "Flags")
        let layer = try RemoteWorkspace.layer(sson)
        #expect(layer["state"] as? String == "set")
        #expect(layer["cached"] as? Bool == true)
        #expect((layer["error"] as? String)?.contains("connection refused") == true, "\(layer)")
        #expect(layer["fetchedAt"] is String)
        #expect(
            try RemoteWorkspace.layer(try workspace.get("lab/broken"))["state"] as? String == "error",
            "per-flag errors survive in the cache too")

        let text = try workspace.run(["get", "lab/sson"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Flags  set    true   ← wins   (cached)"), "\(text.stdout)")
        #expect(text.stdout.contains("Flags: cannot connect to 127.0.0.1:"), "\(text.stdout)")
        #expect(text.stdout.contains("showing the cached answer of 20"), "\(text.stdout)")
        let validate = try workspace.run(["validate"])
        #expect(validate.status == 0, "served from the cache: a warning, not an error\n\(validate.stdout)")
        #expect(validate.stdout.contains("warning: remote provider 'Flags'"), "\(validate.stdout)")
        #expect(validate.stdout.contains("using the cached answer of"), "\(validate.stdout)")
    }

    @Test("HTTP 500 and malformed JSON after a good answer fall back to the cache and say why")
    func serverErrorsUseCache() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }
        #expect(try workspace.get("lab/theme")["value"] as? String == "dark")

        try server.override("500")
        let failing = try RemoteWorkspace.layer(try workspace.get("lab/theme"))
        #expect(failing["value"] as? String == "dark")
        #expect(failing["cached"] as? Bool == true)
        #expect(
            failing["error"] as? String == "the server answered HTTP 500 Internal Server Error: GENERAL (database down)"
        )

        try server.override("malformed")
        let malformed = try RemoteWorkspace.layer(try workspace.get("lab/theme"))
        #expect(malformed["value"] as? String == "dark")
        #expect(malformed["cached"] as? Bool == true)
        #expect(
            (malformed["error"] as? String)?.hasPrefix("the server's answer is not a valid ofrep answer: ") == true,
            "\(malformed)")

        try server.override(nil)
        let recovered = try RemoteWorkspace.layer(try workspace.get("lab/theme"))
        #expect(recovered["cached"] == nil && recovered["error"] == nil, "\(recovered)")
    }

    @Test("A slow server costs at most the timeout; the command still answers from the other layers")
    func timeoutIsBounded() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("slow-6"), ["timeout: 1"])
        defer { workspace.remove() }

        let started = Date()
        let output = try workspace.run(["get", "lab/sson", "--json"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(elapsed < 2.5, "get took \(elapsed) s with timeout: 1")
        let layer = try RemoteWorkspace.layer(try CLIFixture.object(output.stdout))
        #expect(layer["state"] as? String == "error")
        #expect(layer["error"] as? String == "no answer within 1 s (timeout)")

        let list = try workspace.run(["list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("from local"), "\(list.stdout)")
    }

    @Test("An address that never completes a connection fails after connectTimeout, not timeout")
    func connectTimeout() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let url = try server.blackholeURL()
        let workspace = try RemoteWorkspace(ofrep: url, ["timeout: 8", "connectTimeout: 0.5"])
        defer { workspace.remove() }

        let started = Date()
        let output = try workspace.run(["get", "lab/sson", "--json"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(elapsed < 2.5, "took \(elapsed) s with connectTimeout: 0.5 and timeout: 8")
        let layer = try RemoteWorkspace.layer(try CLIFixture.object(output.stdout))
        let port = url.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }
        #expect(
            layer["error"] as? String == "no connection to 127.0.0.1:\(port) within 0.5 s (connectTimeout)", "\(layer)")
    }

    @Test("The default timeout is short: a server that never answers costs about 3 s")
    func defaultTimeout() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("slow-30"))
        defer { workspace.remove() }
        let started = Date()
        let output = try workspace.run(["get", "lab/sson"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(output.status == 0)
        #expect(elapsed >= 2.9 && elapsed < 5, "took \(elapsed) s")
        #expect(output.stdout.contains("no answer within 3 s (timeout)"), "\(output.stdout)")
    }

    @Test("ETag: the next fetch sends If-None-Match, and a 304 reuses the cached answer without an error")
    func etag() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }

        let first = try RemoteWorkspace.layer(try workspace.get("lab/results"))
        #expect(first["value"] as? Int == 42)
        let second = try RemoteWorkspace.layer(try workspace.get("lab/results"))
        #expect(second["value"] as? Int == 42)
        #expect(second["state"] as? String == "set")
        #expect(second["notModified"] as? Bool == true)
        #expect(
            second["error"] == nil && second["cached"] == nil,
            "a 304 is a fresh confirmation, not a fallback: \(second)")

        let requests = server.requests()
        #expect(requests.count == 2)
        #expect(requests[0]["ifNoneMatch"] is NSNull)
        let etag = try #require(requests[1]["ifNoneMatch"] as? String)
        #expect(etag.hasPrefix("\"") && etag.count > 2)
        let text = try workspace.run(["get", "lab/results"])
        #expect(text.stdout.contains("(HTTP 304 Not Modified)"), "\(text.stdout)")
    }

    @Test("A changed OFREP context is asked afresh: no If-None-Match with an ETag that answered another context")
    func etagOnlyForSameContext() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }
        #expect(try workspace.get("lab/greeting")["value"] as? String == "hello")
        #expect(try workspace.run(["set", "context/locale", "it"]).status == 0)
        #expect(try workspace.get("lab/greeting")["value"] as? String == "ciao")
        let last = try #require(server.requests().last)
        #expect(last["ifNoneMatch"] is NSNull, "\(last)")
    }

    @Test("Malformed answers never crash: truncated JSON, wrong shape, HTML, 100000 nested arrays, escape sequences")
    func malformedAnswers() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let expectations = [
            "malformed": "the server's answer is not a valid ofrep answer: ",
            "wrongshape": "an OFREP answer is a JSON object with a \"flags\" list",
            "html": "the server's answer is not a valid ofrep answer: ",
            "deep": "the server's answer is not a valid ofrep answer: ",
            "nowhere": "the server answered HTTP 404 Not Found to POST http://127.0.0.1:",
        ]
        for (mode, message) in expectations {
            let workspace = try RemoteWorkspace(ofrep: server.url(mode))
            defer { workspace.remove() }
            let output = try workspace.run(["get", "lab/sson", "--json"])
            #expect(output.status == 0, "\(mode): \(CLIFixture.describe(output))")
            let layer = try RemoteWorkspace.layer(try CLIFixture.object(output.stdout))
            #expect(layer["state"] as? String == "error", "\(mode)")
            #expect((layer["error"] as? String)?.contains(message) == true, "\(mode): \(layer)")
            let validate = try workspace.run(["validate"])
            #expect(validate.status == 1, "\(mode): \(CLIFixture.describe(validate))")
            #expect(workspace.cacheFiles.isEmpty, "\(mode): a bad answer is never cached")
        }

        let workspace = try RemoteWorkspace(ofrep: server.url("ansi"))
        defer { workspace.remove() }
        for command in [["get", "lab/theme"], ["validate"], ["list"], ["snapshot", "--keys", "/theme<Enter>"]] {
            let output = try workspace.run(command)
            #expect(output.status == 0 || command == ["validate"], "\(command): \(CLIFixture.describe(output))")
            #expect(
                !output.stdout.contains("\u{1B}") && !output.stderr.contains("\u{1B}"),
                "\(command) printed a raw escape:\n\(output.stdout)")
        }
        let text = try workspace.run(["get", "lab/theme"]).stdout
        #expect(text.contains("reason STATIC\\e]0;pwned\\a"), "\(text)")
    }

    @Test(
        "Authentication: the tokenEnv variable's value is sent as Authorization; 401 and 403 say which variable to check"
    )
    func authentication() throws {
        let token = "s3cret-token-\(UUID().uuidString)"
        let server = try FlagServer(token: token)
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("auth"), ["tokenEnv: FLAGS_TOKEN"])
        defer { workspace.remove() }

        let good = try workspace.get("lab/sson", environment: ["FLAGS_TOKEN": token])
        #expect(good["value"] as? Bool == true)
        #expect(server.requests().last?["auth"] as? String == "ok")

        let wrong = try workspace.run(["get", "lab/sson", "--json"], environment: ["FLAGS_TOKEN": "wrong-\(token)"])
        #expect(wrong.status == 0)
        let layer = try RemoteWorkspace.layer(try CLIFixture.object(wrong.stdout))
        #expect(layer["state"] as? String == "error", "an auth failure is not hidden behind the cache: \(layer)")
        #expect(layer["error"] as? String == "authentication failed (HTTP 401); check $FLAGS_TOKEN")
        #expect(!wrong.stdout.contains(token) && !wrong.stderr.contains(token))

        let unset = try RemoteWorkspace.layer(try workspace.get("lab/sson", environment: ["FLAGS_TOKEN": ""]))
        #expect(unset["error"] as? String == "authentication failed (HTTP 401); $FLAGS_TOKEN is not set")
        #expect(server.requests().last?["auth"] as? String == "missing", "an empty variable sends no header")

        let forbidden = try RemoteWorkspace(provider: ["format: unleash", "url: \(server.url("forbidden"))"])
        defer { forbidden.remove() }
        let refused = try RemoteWorkspace.layer(try forbidden.get("lab/sson"))
        #expect(
            refused["error"] as? String
                == "authentication failed (HTTP 403); the server wants a token: put it in an environment variable and name that with 'tokenEnv'"
        )
    }

    @Test(
        "Cache files: $XDG_CACHE_HOME/flagscope, else ~/.cache/flagscope; owner-only; named by a hash of url and format"
    )
    func cacheLocation() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(ofrep: server.url("ofrep"))
        defer { workspace.remove() }
        _ = try workspace.get("lab/sson")
        let file = try #require(workspace.cacheFiles.first)
        #expect(workspace.cacheFiles.count == 1)
        #expect(file.lastPathComponent.hasPrefix("remote-") && file.lastPathComponent.hasSuffix(".json"))
        #expect(!file.lastPathComponent.contains(String(server.port)), "the name says nothing about the server")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let cached = try CLIFixture.object(String(decoding: try Data(contentsOf: file), as: UTF8.self))
        #expect(cached["url"] as? String == server.url("ofrep"))
        #expect(cached["format"] as? String == "ofrep")
        #expect((cached["answer"] as? String)?.contains("lab/sson") == true)
        #expect(Set(cached.keys) == ["answer", "etag", "fetchedAt", "format", "request", "url"])

        let home = try TemporaryFolder()
        defer { home.remove() }
        _ = try workspace.run(["get", "lab/sson"], environment: ["XDG_CACHE_HOME": "", "HOME": home.url.path])
        let fallback = home.url.appendingPathComponent(".cache/flagscope")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: fallback.path))?.count == 1, "without XDG_CACHE_HOME")
    }
}
