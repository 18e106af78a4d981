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
    package func fetch(_ request: RemoteRequest) -> Result<RemoteResponse, RemoteFetchError> {
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
        let mailbox = ResponseMailbox()
        let collector = AnswerCollector(limit: request.sizeLimit, timeout: request.timeout, mailbox: mailbox)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)

        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }

        let task = session.dataTask(with: urlRequest)
        task.resume()
        guard let result = mailbox.wait(until: deadline) else {
            task.cancel()
            session.invalidateAndCancel()
            return .failure(.timedOut(request.timeout))
        }
        // A refused answer's task was cancelled once, by the collector: cancelling it again
        // here raced that cancellation inside FoundationNetworking, which then crashed the
        // process looking for a task it had already let go (intermittently, at exit).
        session.finishTasksAndInvalidate()
        return result
    }

    /// Turns URLSession's completion into a result with short, stable messages.
    fileprivate static func result(
        data: Data?, response: URLResponse?, error: Error?,
        timeout: Double
    ) -> Result<RemoteResponse, RemoteFetchError> {
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
    private static func failure(for error: Error, timeout: Double) -> RemoteFetchError {
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

/// Gathers the answer's bytes as they come, so one past the size limit is refused as soon as
/// its `Content-Length` says so, or once that many bytes have come: never read whole.
private final class AnswerCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let limit: Int64
    private let timeout: Double
    private let mailbox: ResponseMailbox
    private let lock = NSLock()
    private var body = Data()
    private var _refused = false

    init(limit: Int64, timeout: Double, mailbox: ResponseMailbox) {
        self.limit = limit
        self.timeout = timeout
        self.mailbox = mailbox
    }

    private func refuse(_ message: String) {
        lock.withLock {
            _refused = true
            body = Data()
        }
        mailbox.deliver(.failure(.other(message)))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let length = response.expectedContentLength
        if length > limit {
            // Cancelled before the waiting thread is told, so the URL session is let go only after.
            completionHandler(.cancel)
            refuse(
                "the server's answer is \(FileSizeLimit.text(length)), larger than the \(FileSizeLimit.text(limit)) limit; \(FileSizeLimit.hint(toRead: length, over: limit))"
            )
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock { () -> Bool in
            guard !_refused else { return false }
            body.append(data)
            return Int64(body.count) > limit
        }
        guard tooLarge else { return }
        // Cancelled (once, here) before the waiting thread is told, as above.
        dataTask.cancel()
        refuse(
            "the server's answer is larger than the \(FileSizeLimit.text(limit)) limit (reading stopped there); \(FileSizeLimit.hint(toRead: limit + 1, over: limit))"
        )
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (refused, body) = lock.withLock { (_refused, self.body) }
        guard !refused else { return }
        mailbox.deliver(
            HTTPRemoteFetcher.result(data: body, response: task.response, error: error, timeout: timeout))
    }
}

/// Hands URLSession's completion to the thread that waits for it.
private final class ResponseMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var result: Result<RemoteResponse, RemoteFetchError>?

    /// Keeps the first result only: a refused answer's cancellation completes the task again.
    func deliver(_ result: Result<RemoteResponse, RemoteFetchError>) {
        let first = lock.withLock { () -> Bool in
            guard self.result == nil else { return false }
            self.result = result
            return true
        }
        if first { arrived.signal() }
    }

    /// The result, or `nil` when the deadline passed first.
    func wait(until deadline: DispatchTime) -> Result<RemoteResponse, RemoteFetchError>? {
        guard arrived.wait(timeout: deadline) == .success else { return nil }
        return lock.withLock { result }
    }
}
