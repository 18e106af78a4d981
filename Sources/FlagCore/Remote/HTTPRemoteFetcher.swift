import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The shipped ``RemoteFetcher``: the toolchain's URLSession (FoundationNetworking on Linux,
/// libcurl underneath), an ephemeral session per fetch, and a hard deadline of its own.
///
/// The deadline is enforced here rather than left to URLSession: on Linux its request timeout
/// counts whole seconds of silence, not the whole exchange, so a server trickling bytes could
/// otherwise keep a command waiting.
package struct HTTPRemoteFetcher: RemoteFetcher {
    /// The environment libcurl reads its proxy settings from (the process's own).
    let environment: [String: String]

    /// Creates the fetcher.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Connects (bounded by `connectTimeout`), sends, and waits for the answer until `timeout`.
    package func fetch(_ request: RemoteRequest) -> Result<RemoteResponse, RemoteFetchFailure> {
        let deadline = DispatchTime.now() + request.timeout
        if let host = request.url.host, !ProxyRoute.usesProxy(request.url, environment: environment) {
            let port = request.url.port ?? (request.url.scheme?.lowercased() == "https" ? 443 : 80)
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            if let failure = ConnectionProbe.check(
                host: bare, port: port, within: min(request.connectTimeout, request.timeout))
            {
                return .failure(failure)
            }
        }
        let now = DispatchTime.now()
        guard deadline > now else { return .failure(.timedOut(request.timeout)) }
        let left = Double(deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9

        let configuration = URLSessionConfiguration.ephemeral
        // Linux counts this in whole seconds (rounded down); the deadline below is the real bound.
        configuration.timeoutIntervalForRequest = max(1, left.rounded(.up))
        configuration.timeoutIntervalForResource = left
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)

        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }

        let mailbox = ResponseMailbox()
        let task = session.dataTask(with: urlRequest) { data, response, error in
            mailbox.deliver(Self.result(data: data, response: response, error: error, timeout: request.timeout))
        }
        task.resume()
        guard let result = mailbox.wait(until: deadline) else {
            task.cancel()
            session.invalidateAndCancel()
            return .failure(.timedOut(request.timeout))
        }
        session.finishTasksAndInvalidate()
        return result
    }

    /// Turns URLSession's completion into a result with short, stable messages.
    private static func result(
        data: Data?, response: URLResponse?, error: Error?,
        timeout: Double
    ) -> Result<RemoteResponse, RemoteFetchFailure> {
        if let error {
            return .failure(failure(for: error, timeout: timeout))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.other("the server's answer is not HTTP"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(RemoteResponse(status: http.statusCode, headers: headers, body: Array(data ?? Data())))
    }

    /// Foundation's own descriptions vary by platform and read like error dumps on Linux.
    private static func failure(for error: Error, timeout: Double) -> RemoteFetchFailure {
        let code = (error as NSError).domain == NSURLErrorDomain ? (error as NSError).code : 0
        switch code {
        case NSURLErrorTimedOut: return .timedOut(timeout)
        case NSURLErrorCannotConnectToHost: return .cannotConnect("cannot connect to the server")
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .cannotConnect("cannot find the server's host")
        case NSURLErrorNotConnectedToInternet: return .cannotConnect("no network connection")
        case NSURLErrorNetworkConnectionLost: return .other("the connection was lost before the answer was complete")
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted,
            NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid:
            return .other("the TLS connection failed (certificate or protocol)")
        case NSURLErrorBadServerResponse: return .other("the server's answer is not valid HTTP")
        case NSURLErrorHTTPTooManyRedirects: return .other("too many redirects")
        case NSURLErrorCancelled: return .timedOut(timeout)  // only the deadline above cancels a task
        case 0: return .other("network error: \((error as NSError).domain) \((error as NSError).code)")
        default: return .other("network error (URL error \(code))")
        }
    }
}

/// Hands URLSession's completion to the thread that waits for it.
private final class ResponseMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var result: Result<RemoteResponse, RemoteFetchFailure>?

    func deliver(_ result: Result<RemoteResponse, RemoteFetchFailure>) {
        lock.withLock { self.result = result }
        arrived.signal()
    }

    /// The result, or `nil` when the deadline passed first.
    func wait(until deadline: DispatchTime) -> Result<RemoteResponse, RemoteFetchFailure>? {
        guard arrived.wait(timeout: deadline) == .success else { return nil }
        return lock.withLock { result }
    }
}
