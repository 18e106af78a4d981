import Foundation

/// The one thing loading needs from the network: send a request, get the answer or why not.
///
/// A seam so that loading can be exercised without sockets; the shipped client is
/// ``HTTPRemoteFetcher``. An implementation must return within `request.timeout` seconds.
package protocol RemoteFetcher: Sendable {
    /// Sends `request` and waits for the whole answer, at most `request.timeout` seconds.
    func fetch(_ request: RemoteRequest) -> Result<RemoteResponse, RemoteFetchError>
}

/// An HTTP request to a flag server.
///
/// `headers` may hold the `Authorization` token, so the description leaves headers out: a
/// request can be logged or put in a message without leaking it.
package struct RemoteRequest: Sendable, CustomStringConvertible {
    /// The full address (base url plus the API path).
    package var url: URL
    /// `GET` or `POST`.
    package var method: String
    /// Header fields to send (the token among them; never print these).
    package var headers: [String: String]
    /// The body, for `POST`.
    package var body: [UInt8]?
    /// The longest the whole exchange may take, in seconds.
    package var timeout: Double
    /// The longest connecting may take, in seconds.
    package var connectTimeout: Double
    /// The largest answer body accepted, in bytes: a larger one is refused as soon as its
    /// `Content-Length` says so, or as soon as that many bytes have come.
    package var sizeLimit: Int64

    /// Creates a request.
    package init(
        url: URL, method: String, headers: [String: String] = [:], body: [UInt8]? = nil,
        timeout: Double, connectTimeout: Double, sizeLimit: Int64 = FileSizeLimit.defaultBytes
    ) {
        self.sizeLimit = sizeLimit
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
    }

    /// `POST http://host/path`: method and address only.
    package var description: String { "\(method) \(url.absoluteString)" }
}

/// What a server answered: any status, including errors (callers decide what they mean).
package struct RemoteResponse: Sendable, Equatable {
    /// The HTTP status code.
    package var status: Int
    /// Header fields by lower-cased name.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]

    /// Creates a response; header names are lower-cased.
    package init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A header's value, by case-insensitive name.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why no answer came back at all.
package enum RemoteFetchError: Error, Sendable, Equatable {
    /// Nothing answered within the total timeout (seconds).
    case timedOut(Double)
    /// No connection could be made (refused, unreachable, unknown host, connect timeout).
    case cannotConnect(String)
    /// Anything else the network layer reported (TLS, lost connection…).
    case other(String)

    /// One line for people.
    package var message: String {
        switch self {
        case .timedOut(let seconds): return "no answer within \(RemoteText.seconds(seconds)) (timeout)"
        case .cannotConnect(let reason): return reason
        case .other(let reason): return reason
        }
    }
}

/// Wording shared by remote messages.
enum RemoteText {
    /// `3 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        "\(number(value)) s"
    }

    /// `3`, `0.5`: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A status code with its usual reason phrase: `503 Service Unavailable`.
    static func status(_ code: Int) -> String {
        let phrases = [
            304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 408: "Request Timeout", 429: "Too Many Requests", 500: "Internal Server Error",
            501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ]
        return phrases[code].map { "\(code) \($0)" } ?? "\(code)"
    }
}
