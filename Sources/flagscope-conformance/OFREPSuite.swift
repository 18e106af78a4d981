import DemoWorkspace
import FlagCore
import FlagServer
import Foundation

/// OFREP's OpenAPI file (`ofrep/openapi.yaml`) against `flagscope serve`, asked with curl: every
/// response the file names that the server gives (200, 304, 400, 401, 404, and 413 for a body
/// over 1 MB), its status, and its body against the file's schema for that response.
struct OFREPSuite {
    let directory: URL
    var report: ConformanceReport
    static let path = "ofrep/openapi.yaml"

    /// A body that names a device, as the file's own example does.
    static let context = #"{"context": {"targetingKey": "user-123", "email": "user@example.com", "country": "IT"}}"#

    mutating func run() {
        let file = directory.appendingPathComponent("ofrep/openapi.yaml")
        let schema: OpenAPISchema
        do {
            schema = try OpenAPISchema(yaml: Array(try Data(contentsOf: file)))
        } catch {
            report.fail(Self.path, "cannot read the OpenAPI file: \(error)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flagscope-conformance-demo-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try DemoWorkspace.podcast.write(to: folder)
        } catch {
            report.fail(Self.path, "cannot write the demo workspace: \(error)")
            return
        }
        let demo = folder.appendingPathComponent("flagscope.yml")
        let workspace = Workspace.load(from: demo, environment: [:])
        guard let open = Self.start(demo, token: nil), let guarded = Self.start(demo, token: "conformance-token")
        else {
            report.fail(Self.path, "the server did not start")
            return
        }
        let base = "http://127.0.0.1:\(open)/ofrep/v1/evaluate/flags"

        // 200 for every declared flag, one at a time.
        for key in workspace.flags.keys where !key.hasPrefix(ContextKeys.prefix) {
            let escaped = key.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? key
            check(
                "one flag, \(key)", curl(base + "/" + escaped, body: Self.context), status: 200,
                schema: "serverEvaluationSuccess", in: schema)
        }
        // 200 for all of them, with an ETag; 304 for that ETag.
        let bulk = curl(base, body: Self.context)
        check("bulk", bulk, status: 200, schema: "bulkEvaluationSuccess", in: schema)
        if let etag = bulk.headers["etag"] {
            report.pass(Self.path, kind: "OFREP header")
            let again = curl(base, body: Self.context, headers: ["If-None-Match: \(etag)"])
            check("bulk with its ETag", again, status: 304, schema: nil, in: schema)
            if again.body.isEmpty {
                report.pass(Self.path, kind: "OFREP body")
            } else {
                report.fail(Self.path, "304 came with a body: \(again.body.prefix(80))", kind: "OFREP body")
            }
        } else {
            report.fail(Self.path, "the bulk answer has no ETag", kind: "OFREP header")
        }
        // 400: not JSON, and a context that is not an object; for one flag and for the bulk.
        for (what, body, code) in [
            ("a body that is not JSON", "{not json", "PARSE_ERROR"),
            ("a context that is not an object", #"{"context": [1, 2]}"#, "INVALID_CONTEXT"),
        ] {
            let one = curl(base + "/lab/sson", body: body)
            check("one flag, \(what)", one, status: 400, schema: "evaluationFailure", in: schema, errorCode: code)
            let all = curl(base, body: body)
            check("bulk, \(what)", all, status: 400, schema: "bulkEvaluationFailure", in: schema, errorCode: code)
        }
        // 404 for a key nothing declares.
        check(
            "an unknown key", curl(base + "/no/such/flag", body: Self.context), status: 404, schema: "flagNotFound",
            in: schema, errorCode: "FLAG_NOT_FOUND")
        // 413 for a body over 1 MB (the file names no such response; the server's limit does).
        let huge = #"{"context": {"note": ""# + String(repeating: "x", count: OFREPServer.bodyLimit) + #""}}"#
        check("a body over 1 MB", curl(base, body: huge), status: 413, schema: nil, in: schema)
        // 401 without the token, and 200 with it.
        let guardedBase = "http://127.0.0.1:\(guarded)/ofrep/v1/evaluate/flags"
        check("no token", curl(guardedBase, body: Self.context), status: 401, schema: nil, in: schema)
        check(
            "another token", curl(guardedBase, body: Self.context, headers: ["Authorization: Bearer wrong"]),
            status: 401, schema: nil, in: schema)
        check(
            "the token", curl(guardedBase, body: Self.context, headers: ["Authorization: Bearer conformance-token"]),
            status: 200, schema: "bulkEvaluationSuccess", in: schema)
    }

    /// The status, and the body against `schemaName` when given (with its `errorCode`); every
    /// `value` of a success has one of the flag schemas' types.
    private mutating func check(
        _ what: String, _ answer: CurlAnswer, status: Int, schema schemaName: String?, in schema: OpenAPISchema,
        errorCode: String? = nil
    ) {
        guard answer.status == status else {
            report.fail(
                Self.path, "\(what): status \(answer.status) where \(status) was expected; \(answer.body.prefix(200))",
                kind: "OFREP status")
            return
        }
        report.pass(Self.path, kind: "OFREP status")
        guard let schemaName else { return }
        guard let root = try? JSONReader.parse(Array(answer.body.utf8)) else {
            report.fail(Self.path, "\(what): the body is not JSON: \(answer.body.prefix(200))", kind: "OFREP schema")
            return
        }
        let json = JSONValue(root)
        var problems = schema.problems(of: json, against: schemaName)
        if let errorCode, json.object?["errorCode"] != .string(errorCode) {
            problems.append("errorCode is not \(errorCode)")
        }
        let answers: [JSONValue] =
            if case .array(let flags)? = json.object?["flags"] { flags } else { [json] }
        for flag in answers {
            guard let value = flag.object?["value"] else { continue }
            if !["boolean", "string", "integer", "number", "object"].contains(where: {
                OpenAPISchema.fits(value, type: $0)
            }) {
                problems.append(
                    "\(flag.object?["key"].map { "\($0)" } ?? "a flag"): the value is \(OpenAPISchema.describe(value)), no flag schema's type"
                )
            }
        }
        if problems.isEmpty {
            report.pass(Self.path, kind: "OFREP schema")
        } else {
            report.fail(Self.path, "\(what): " + problems.joined(separator: "; "), kind: "OFREP schema")
        }
    }

    struct CurlAnswer {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// POSTs `body` to `url` with curl; the status (0 when curl failed), headers and body.
    private func curl(_ url: String, body: String, headers: [String] = []) -> CurlAnswer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ofrep-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = folder.appendingPathComponent("request")
        let response = folder.appendingPathComponent("response")
        let head = folder.appendingPathComponent("headers")
        try? Data(body.utf8).write(to: request)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "curl", "-s", "-o", response.path, "-D", head.path, "-w", "%{http_code}", "-X", "POST",
                "-H", "Content-Type: application/json", "--data-binary", "@" + request.path, "--max-time", "30",
            ] + headers.flatMap { ["-H", $0] } + [url]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return CurlAnswer(status: 0, headers: [:], body: "curl did not run: \(error)")
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var fields: [String: String] = [:]
        let headerText = (try? String(contentsOf: head, encoding: .utf8)) ?? ""
        for line in headerText.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let text = (try? String(contentsOf: response, encoding: .utf8)) ?? ""
        return CurlAnswer(status: Int(printed) ?? 0, headers: fields, body: text)
    }

    /// Starts a server over `demo` on a free loopback port; the port.
    private static func start(_ demo: URL, token: String?) -> Int? {
        let live = LiveWorkspace { Workspace.load(from: demo, environment: [:]) }
        let server = OFREPServer(source: live, settings: OFREPServer.Settings(host: "127.0.0.1", port: 0, token: token))
        return try? BackgroundServer(server).waitUntilListening().get()
    }
}
