import FlagCore
import FlagServer
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `flagscope serve` over real HTTP on loopback: every status the protocol's OpenAPI file names,
/// answers equal to what `get` resolves for the same context, and edits reaching the next answer.
@Suite("OFREP over HTTP")
struct OFREPServerTests {
    /// A server on a free port over a copy of the demo, and a way to ask it.
    struct Running {
        let folder: TemporaryFolder
        let workspaceFile: URL
        let task: Task<Void, any Error>
        let port: Int

        /// Starts a server over a copy of the demo, with `token` if given.
        static func start(token: String? = nil, deadline: TimeInterval = 10) async throws -> Running {
            let folder = try TemporaryFolder(prefix: "flagscope-serve")
            let file = try folder.copyDemo(to: "demo")
            let live = LiveWorkspace { Workspace.load(from: file, environment: [:]) }
            let server = OFREPServer(
                source: live,
                settings: {
                    var settings = OFREPServer.Settings(host: "127.0.0.1", port: 0, token: token)
                    settings.partDeadline = deadline
                    return settings
                }())
            let (ports, continuation) = AsyncStream<Int>.makeStream()
            let task = Task { try await server.run { continuation.yield($0) } }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            return Running(folder: folder, workspaceFile: file, task: task, port: port)
        }

        func stop() {
            task.cancel()
            folder.remove()
        }

        /// POSTs `body` to `path`, with `headers`; the status, the headers and the body.
        func post(_ path: String, _ body: String, headers: [String: String] = [:]) async throws -> (
            status: Int, headers: [String: String], body: String
        ) {
            try await post(path, bytes: Data(body.utf8), headers: headers)
        }

        func post(_ path: String, bytes: Data, headers: [String: String] = [:], method: String = "POST") async throws
            -> (status: Int, headers: [String: String], body: String)
        {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.httpBody = bytes
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            var fields: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                fields[String(describing: name).lowercased()] = String(describing: value)
            }
            return (http.statusCode, fields, String(decoding: data, as: UTF8.self))
        }

        /// The value `get` resolves for `key` with `context` on top.
        func resolved(_ key: String, context: [String]) throws -> Resolution {
            var layer = ContextLayer()
            for argument in context { try layer.add(argument: argument) }
            let workspace = Workspace.load(from: workspaceFile, environment: [:], context: layer)
            return try #require(Resolver(workspace: workspace).resolve(key))
        }
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("One flag: the value, variant and reason get resolves for the request's context")
    func single() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        for (targetingKey, expected) in [("listener-1", "popularity"), ("listener-4711", "personalised")] {
            let answer = try await server.post(
                "/ofrep/v1/evaluate/flags/lab/search/ranking", #"{"context": {"targetingKey": "\#(targetingKey)"}}"#)
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "application/json")
            let json = try Self.object(answer.body)
            let resolution = try server.resolved("lab/search/ranking", context: ["targeting_key=\(targetingKey)"])
            #expect(resolution.value == .string(expected))
            #expect(json["key"] as? String == "lab/search/ranking")
            #expect(json["value"] as? String == expected)
            #expect(json["variant"] as? String == resolution.variant)
            #expect(json["reason"] as? String == "TARGETING_MATCH")
        }
        // A key with its slashes escaped is the same key.
        let escaped = try await server.post("/ofrep/v1/evaluate/flags/lab%2Fsearch%2Franking", "{}")
        #expect(try Self.object(escaped.body)["value"] as? String == "personalised", "\(escaped.body)")
    }

    @Test("An unknown key is 404 FLAG_NOT_FOUND, naming it")
    func notFound() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        let answer = try await server.post("/ofrep/v1/evaluate/flags/lab/nothing_here", "{}")
        #expect(answer.status == 404)
        let json = try Self.object(answer.body)
        #expect(json["key"] as? String == "lab/nothing_here")
        #expect(json["errorCode"] as? String == "FLAG_NOT_FOUND")
    }

    @Test("Bulk: every declared flag, an ETag, 304 for it, and a new ETag and answer after an edit")
    func bulkAndETag() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        let body = #"{"context": {"targetingKey": "listener-1", "country": "de"}}"#
        let first = try await server.post("/ofrep/v1/evaluate/flags", body)
        #expect(first.status == 200)
        let etag = try #require(first.headers["etag"])
        let flags = try #require(try Self.object(first.body)["flags"] as? [[String: Any]])
        let workspace = Workspace.load(from: server.workspaceFile, environment: [:])
        let declared = workspace.flags.keys.filter { !$0.hasPrefix("context/") }
        #expect(flags.map { $0["key"] as? String } == declared.map { $0 })
        for flag in flags {
            #expect(flag["reason"] != nil || flag["errorCode"] != nil, "\(flag)")
            if flag["reason"] != nil { #expect(flag["variant"] is String, "variant is always present: \(flag)") }
        }
        let cellular = flags.first { $0["key"] as? String == "storage/download_over_cellular" }
        #expect(cellular?["value"] as? Bool == true, "the country rule, for de")

        let again = try await server.post("/ofrep/v1/evaluate/flags", body, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == etag)
        let otherDevice = try await server.post(
            "/ofrep/v1/evaluate/flags", #"{"context": {"targetingKey": "listener-1"}}"#,
            headers: ["If-None-Match": etag])
        #expect(otherDevice.status == 200, "another context gets other answers, so another ETag")

        // An edit to the writable file: the next answer has it, with a new ETag.
        let local = server.folder.file("demo/.flagscope/local.json")
        var values = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: local)) as? [String: Any])
        values["storage/download_over_cellular"] = false
        try JSONSerialization.data(withJSONObject: values).write(to: local)
        try await Task.sleep(for: .milliseconds(200))
        let edited = try await server.post("/ofrep/v1/evaluate/flags", body, headers: ["If-None-Match": etag])
        #expect(edited.status == 200)
        #expect(edited.headers["etag"] != etag)
        let after = try #require(try Self.object(edited.body)["flags"] as? [[String: Any]])
        #expect(after.first { $0["key"] as? String == "storage/download_over_cellular" }?["value"] as? Bool == false)
    }

    @Test("A body that is not JSON is 400 PARSE_ERROR; a context that is not an object 400 INVALID_CONTEXT")
    func badBodies() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        let notJSON = try await server.post("/ofrep/v1/evaluate/flags/lab/sson", "{context: nope")
        #expect(notJSON.status == 400)
        #expect(try Self.object(notJSON.body)["errorCode"] as? String == "PARSE_ERROR")
        #expect(try Self.object(notJSON.body)["key"] as? String == "lab/sson")
        for body in [#"{"context": "ios"}"#, "[1, 2]"] {
            let answer = try await server.post("/ofrep/v1/evaluate/flags", body)
            #expect(answer.status == 400, "\(body)")
            #expect(try Self.object(answer.body)["errorCode"] as? String == "INVALID_CONTEXT", "\(body)")
        }
        // The server still answers.
        #expect(try await server.post("/ofrep/v1/evaluate/flags/lab/sson", "{}").status == 200)
    }

    @Test(
        "An attribute no context key can hold (an empty name, an unknown permission) is skipped, not the whole request")
    func oddAttributesAreSkipped() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        let body = #"{"context": {"": [true], "country": "de", "permissions": {"teleport": "yes"}, "user": {"": 1}}}"#
        let answer = try await server.post("/ofrep/v1/evaluate/flags/storage/download_over_cellular", body)
        #expect(answer.status == 200, "\(answer.body)")
        let resolution = try server.resolved("storage/download_over_cellular", context: ["country=de"])
        #expect(try Self.object(answer.body)["value"] as? Bool == (resolution.value == .bool(true)))
        let layer = try OFREPEvaluation.context(fromBody: Array(body.utf8)).get()
        #expect(layer.attributes.keys.elements == ["context/country"])
        #expect(layer.skipped.map(\.name) == ["", "permissions.teleport", "user."])
        #expect(layer.skipped.first?.reason.contains("no attribute name") == true)
        #expect(layer.skipped[1].reason.contains("not a permission Flagscope knows"))
    }

    @Test("Another method than POST on an evaluation path is 405 with Allow: POST and a body that says to POST")
    func onlyPost() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        for path in ["/ofrep/v1/evaluate/flags", "/ofrep/v1/evaluate/flags/lab/sson"] {
            for method in ["GET", "PUT", "DELETE"] {
                let answer = try await server.post(path, bytes: Data(), method: method)
                #expect(answer.status == 405, "\(method) \(path)")
                #expect(answer.headers["allow"] == "POST")
                let details = try #require(try Self.object(answer.body)["errorDetails"] as? String)
                #expect(details.hasPrefix("OFREP evaluates with POST, not \(method): send POST with a body such as"))
            }
        }
    }

    @Test("A feature's key is named as a feature; a near miss of a flag's key gets did-you-mean")
    func notFoundWords() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        let feature = try Self.object(
            try await server.post("/ofrep/v1/evaluate/flags/downloads/turbo_downloads", "{}").body)
        #expect(
            feature["errorDetails"] as? String
                == "'downloads/turbo_downloads' is a feature, not a flag: OFREP serves flags")
        let player = try Self.object(try await server.post("/ofrep/v1/evaluate/flags/player/sleep_timer", "{}").body)
        #expect(
            player["errorDetails"] as? String
                == "'player/sleep_timer' is a feature, not a flag: OFREP serves flags; its flags are player/sleep_timer/user_toggled"
        )
        let typo = try Self.object(try await server.post("/ofrep/v1/evaluate/flags/lab/ssno", "{}").body)
        #expect(
            typo["errorDetails"] as? String == "no blueprint declares the flag 'lab/ssno'; did you mean 'lab/sson'?")
    }

    @Test("A body over 1 MB is 413, and the server still answers")
    func tooLarge() async throws {
        let server = try await Running.start()
        defer { server.stop() }
        let padding = String(repeating: "x", count: OFREPServer.bodyLimit + 10)
        let answer = try await server.post("/ofrep/v1/evaluate/flags", #"{"context": {"note": "\#(padding)"}}"#)
        #expect(answer.status == 413)
        #expect(try await server.post("/ofrep/v1/evaluate/flags/lab/sson", "{}").status == 200)
    }

    @Test(
        "A client trickling its headers or its body is cut off at the deadline, not kept by an idle timeout",
        arguments: ["headers", "body"])
    func slowClient(part: String) async throws {
        let server = try await Running.start(deadline: 1)
        defer { server.stop() }
        // A byte every 0.3 s: never idle for long, and 50 s for the whole request.
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        client.arguments = [
            "python3", Repository.root.appendingPathComponent("Tests/Servers/slow_client.py").path, String(server.port),
            part, "0.3",
        ]
        let pipe = Pipe()
        client.standardOutput = pipe
        try client.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        let seconds = try #require(Double(printed.trimmingCharacters(in: .whitespacesAndNewlines)), "\(printed)")
        #expect(seconds >= 0.9 && seconds < 2.5, "closed after \(seconds) s")
        #expect(try await server.post("/ofrep/v1/evaluate/flags/lab/sson", "{}").status == 200)
    }

    @Test("With a token: 401 without it or with another, 200 with it")
    func token() async throws {
        let server = try await Running.start(token: "s3cret-token")
        defer { server.stop() }
        #expect(try await server.post("/ofrep/v1/evaluate/flags", "{}").status == 401)
        #expect(
            try await server.post("/ofrep/v1/evaluate/flags", "{}", headers: ["Authorization": "Bearer s3cret-tokeN"])
                .status == 401)
        let answer = try await server.post(
            "/ofrep/v1/evaluate/flags", "{}", headers: ["Authorization": "Bearer s3cret-token"])
        #expect(answer.status == 200)
        #expect(!answer.body.contains("s3cret"))
    }
}
