import FlagCore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Where a server's answers come from (``LiveWorkspace`` for `flagscope serve`, ``BrowserFeed``
/// when the browser shares the process).
package protocol OFREPSource: Sendable {
    /// The stack as it is now, with the server's simulated device and `--context` in it.
    func workspace() -> Workspace
    /// A device asked (one call per request, from any thread).
    func asked(by device: LiveDevice)
}

/// `flagscope serve`: the workspace over OFREP (docs/serve.md). FlagCore answers
/// (``OFREPEvaluation``); this only speaks HTTP.
package struct OFREPServer: Sendable {
    /// How the server listens and whom it answers.
    package struct Settings: Sendable {
        /// The address to bind (`127.0.0.1`, `0.0.0.0`, …) and the port (0: any free one).
        package var host: String
        package var port: Int
        /// The bearer token requests must carry, when one is set.
        package var token: String?
        /// Connections open at once; more wait to be accepted.
        package var maximumConnections = 256
        /// A connection quiet for this long is closed.
        package var idleTimeout: TimeInterval = 10
        /// A request's headers, and then its body, must each arrive within this, or the
        /// connection is closed (``RequestDeadline``).
        package var partDeadline: TimeInterval = 10

        /// Settings for `host:port`.
        package init(host: String, port: Int, token: String?) {
            self.host = host
            self.port = port
            self.token = token
        }
    }

    /// Bodies larger than this are refused with 413.
    package static let bodyLimit = 1 << 20

    /// Where the answers come from, and who hears that a device asked.
    let source: any OFREPSource
    package let settings: Settings

    /// A server answering from `source`: each request's context on top of its stack.
    package init(source: any OFREPSource, settings: Settings) {
        self.source = source
        self.settings = settings
    }

    /// Serves until the process is interrupted (SIGINT, SIGTERM); `running` is told the port.
    package func run(running: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let router = Router()
        let server = self
        router.post("/ofrep/v1/evaluate/flags") { request, _ in
            try await server.respond(to: request, key: nil)
        }
        // Flag keys have slashes (`lab/search/ranking`): the rest of the path is the key, as
        // clients send it, with or without its slashes escaped.
        router.post("/ofrep/v1/evaluate/flags/**") { request, context in
            let key = context.parameters.getCatchAll().joined(separator: "/")
            return try await server.respond(to: request, key: key.removingPercentEncoding ?? key)
        }
        // The protocol's evaluations are POSTs; any other method on them is told so, not a 404.
        for path in ["/ofrep/v1/evaluate/flags", "/ofrep/v1/evaluate/flags/**"] {
            for method in [HTTPRequest.Method.get, .put, .delete, .patch, .head] {
                router.on(RouterPath(path), method: method) { request, _ in Self.onlyPost(request.method) }
            }
        }
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        RequestDeadline(limit: .nanoseconds(Int64(settings.partDeadline * 1_000_000_000)))
                    ],
                    idleTimeout: .nanoseconds(Int64(settings.idleTimeout * 1_000_000_000)))),
            configuration: .init(
                address: .hostname(settings.host, port: settings.port), serverName: "flagscope",
                availableConnectionsDelegate: MaximumAvailableConnections(settings.maximumConnections)),
            onServerRunning: { channel in running(channel.localAddress?.port ?? 0) },
            logger: Self.quietLogger)
        try await app.runService()
    }

    /// Errors only: requests are not logged (a token or a device's context must not end up in a log).
    static var quietLogger: Logger {
        var logger = Logger(label: "flagscope.serve")
        logger.logLevel = .error
        return logger
    }

    /// One request: authorised, its body read (at most ``bodyLimit``), answered.
    func respond(to request: Request, key: String?) async throws -> Response {
        if let token = settings.token, !Self.authorises(request.headers[.authorization], token: token) {
            return Self.response(
                status: .unauthorized,
                json: .object(["errorDetails": .string("send Authorization: Bearer <the token>")]))
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.bodyLimit)
        } catch is NIOTooManyBytesError {
            return Self.response(
                status: .contentTooLarge,
                json: .object(["errorDetails": .string("the body is over \(Self.bodyLimit) bytes")]))
        }
        let device: LiveDevice
        switch OFREPEvaluation.context(fromBody: Array(buffer: body)) {
        case .failure(let problem):
            return Self.response(status: .badRequest, json: problem.json(key: key))
        case .success(let found):
            device = LiveDevice(context: found)
        }
        source.asked(by: device)
        let workspace = OFREPEvaluation.workspace(source.workspace(), answering: device)
        guard let key else {
            let (_, text, etag) = OFREPEvaluation.bulk(workspace)
            var headers = HTTPFields()
            headers[.eTag] = etag
            if let asked = request.headers[.ifNoneMatch], Self.matches(asked, etag) {
                return Response(status: .notModified, headers: headers)
            }
            return Self.response(status: .ok, text: text, headers: headers)
        }
        let answer = OFREPEvaluation.answer(key, in: workspace)
        return Self.response(status: HTTPResponse.Status(code: answer.status), json: answer.json)
    }

    /// `405` with `Allow: POST` and the protocol's general error body saying what to send.
    static func onlyPost(_ method: HTTPRequest.Method) -> Response {
        var headers = HTTPFields()
        headers[.allow] = "POST"
        return response(
            status: .methodNotAllowed,
            json: .object([
                "errorDetails": .string(
                    "OFREP evaluates with POST, not \(method.rawValue): send POST with a body such as {\"context\": {\"targetingKey\": \"user-1\"}}"
                )
            ]), headers: headers)
    }

    /// Whether an `If-None-Match` value names `etag` (a list, or `*`).
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { part in
            let tag = part.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    /// Whether `header` is `Bearer <token>`, compared in time that does not depend on where they differ.
    static func authorises(_ header: String?, token: String) -> Bool {
        let given = Array((header ?? "").utf8)
        let expected = Array(("Bearer " + token).utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    /// A JSON response.
    static func response(status: HTTPResponse.Status, json: JSONValue, headers: HTTPFields = [:]) -> Response {
        response(status: status, text: json.serialized(pretty: false, sortedKeys: false), headers: headers)
    }

    /// A response of JSON already written.
    static func response(status: HTTPResponse.Status, text: String, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
