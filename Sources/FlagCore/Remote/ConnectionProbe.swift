import Foundation

/// Opens and closes one TCP connection to learn, within `connectTimeout`, whether the server
/// can be reached at all.
///
/// URLSession has an idle timeout and a total one, but no connect timeout (libcurl has one;
/// FoundationNetworking does not expose it). Without this check a server whose address drops
/// packets would cost the whole `timeout`; with it, a refused or silent address fails in
/// `connectTimeout` with a message that says which.
enum ConnectionProbe {
    /// `nil` when a connection to `host:port` opened within `seconds`, else why not.
    static func check(host: String, port: Int, within seconds: Double) -> RemoteFetchError? {
        let outcome = ProbeOutcome()
        let deadline = DispatchTime.now() + seconds
        // Name resolution cannot be interrupted, so the probe runs aside and is waited for with a deadline.
        let thread = Thread { outcome.finish(connect(host: host, port: port, deadline: deadline, seconds: seconds)) }
        thread.start()
        guard let failure = outcome.wait(until: deadline + .milliseconds(50)) else {
            return tooSlow(host, port, seconds)
        }
        return failure
    }

    private static func tooSlow(_ host: String, _ port: Int, _ seconds: Double) -> RemoteFetchError {
        .cannotConnect(
            "no connection to \(endpoint(host, port)) within \(RemoteText.seconds(seconds)) (connectTimeout)")
    }

    /// `host:port`, with brackets around IPv6 addresses.
    static func endpoint(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Tries every address of `host` in turn, as curl does, until one accepts or the deadline passes.
    private static func connect(host: String, port: Int, deadline: DispatchTime, seconds: Double) -> RemoteFetchError? {
        let endpoint = Self.endpoint(host, port)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = HostPlatform.streamSocketType
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            return .cannotConnect(
                "cannot find host '\(host)' (\(String(cString: gai_strerror(resolved)).lowercased()))")
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = ECONNREFUSED
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let socket = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socket >= 0 else {
                lastError = errno
                continue
            }
            defer { close(socket) }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL, 0) | O_NONBLOCK)
            if HostPlatform.connect(socket, to: info.pointee.ai_addr, length: info.pointee.ai_addrlen) == 0 {
                return nil
            }
            guard errno == EINPROGRESS else {
                lastError = errno
                continue
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let left = deadline.uptimeNanoseconds > now ? (deadline.uptimeNanoseconds - now) / 1_000_000 : 0
            var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, UInt64(Int32.max))))
            if ready == 0 { return tooSlow(host, port, seconds) }
            if ready < 0 {
                lastError = errno
                continue
            }
            var problem: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(socket, SOL_SOCKET, SO_ERROR, &problem, &length)
            if problem == 0 { return nil }
            lastError = problem
        }
        return .cannotConnect("cannot connect to \(endpoint) (\(String(cString: strerror(lastError)).lowercased()))")
    }
}

/// The probe's result, handed from its thread to the waiting one.
private final class ProbeOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var failure: RemoteFetchError?

    func finish(_ failure: RemoteFetchError?) {
        lock.withLock { self.failure = failure }
        done.signal()
    }

    /// The probe's failure, `.some(nil)` when it connected, or `nil` when the deadline passed first.
    func wait(until deadline: DispatchTime) -> RemoteFetchError?? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        return .some(lock.withLock { failure })
    }
}

/// Whether libcurl would send a request through a proxy (it reads the usual variables), in which
/// case probing the server directly would say nothing useful.
enum ProxyRoute {
    /// Whether a `*_proxy` variable applies to `url` and `no_proxy` does not exempt it.
    static func usesProxy(_ url: URL, environment: [String: String]) -> Bool {
        let scheme = (url.scheme ?? "http").lowercased()
        // curl reads only the lower-case http_proxy (HTTP_PROXY can be set by CGI requests).
        let names =
            scheme == "http"
            ? ["http_proxy", "all_proxy", "ALL_PROXY"]
            : ["\(scheme)_proxy", "\(scheme.uppercased())_PROXY", "all_proxy", "ALL_PROXY"]
        guard names.contains(where: { !(environment[$0] ?? "").isEmpty }) else { return false }
        let host = (url.host ?? "").lowercased()
        let exemptions = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").split(separator: ",")
        for raw in exemptions {
            let entry = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if entry == "*" { return false }
            let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            if !domain.isEmpty, host == domain || host.hasSuffix("." + domain) { return false }
        }
        return true
    }
}
