import Foundation

/// Why a fetch gave no fresh answer.
package struct RemoteProblem: Sendable, Hashable {
    /// What went wrong, for people (never holds the token).
    package var message: String
    /// Whether the cached answer may stand in: yes when the server is down, slow, failing (5xx) or
    /// answering nonsense; no when the request itself is wrong (bad token, wrong address), which a
    /// cache would only hide.
    package var fallsBackToCache: Bool
}

/// What the layer of one remote provider shows: an answer to read values from, and how it was got.
package struct RemoteAnswer: Sendable, Equatable {
    /// The body to read values from: fresh, or the cached one; `nil` when there is none.
    package var body: [UInt8]?
    /// When `body` was fetched from the server.
    package var fetchedAt: Date?
    /// The `ETag` of `body`.
    package var etag: String?
    /// The request `body` answers (the OFREP context it was evaluated for).
    package var request: [UInt8]?
    /// Whether `body` comes from the offline cache instead of this fetch.
    package var isCached: Bool
    /// Whether the server said 304: the cached answer is still current.
    package var notModified: Bool
    /// Why this fetch failed, if it did.
    package var problem: RemoteProblem?
    /// Whether nothing has been fetched yet (the browser's first frame): `body` is the cache's, if any.
    package var isPending: Bool

    /// Creates an answer.
    package init(
        body: [UInt8]?, fetchedAt: Date? = nil, etag: String? = nil, request: [UInt8]? = nil, isCached: Bool = false,
        notModified: Bool = false, problem: RemoteProblem? = nil, isPending: Bool = false
    ) {
        self.body = body
        self.fetchedAt = fetchedAt
        self.etag = etag
        self.request = request
        self.isCached = isCached
        self.notModified = notModified
        self.problem = problem
        self.isPending = isPending
    }
}

/// Fetching with the offline cache: a good answer is stored, a transient failure falls back to
/// the stored one, a 304 reuses it.
package struct RemoteAnswering: Sendable {
    /// The network client.
    package var fetcher: any RemoteFetcher
    /// The offline cache, if there is a place for it.
    package var cache: RemoteCache?
    /// The environment the token is read from.
    package var environment: [String: String]

    /// Creates the fetching step.
    package init(fetcher: any RemoteFetcher, cache: RemoteCache?, environment: [String: String]) {
        self.fetcher = fetcher
        self.cache = cache
        self.environment = environment
    }

    /// Fetches every plan at once (each bounded by its own timeout), so several slow servers cost
    /// the longest timeout, not their sum.
    package func answers(_ plans: [RemotePlan]) -> [RemoteIdentity: RemoteAnswer] {
        guard plans.count > 1 else {
            return Dictionary(plans.map { ($0.identity, answer($0)) }, uniquingKeysWith: { first, _ in first })
        }
        let collected = AnswerCollection()
        let group = DispatchGroup()
        for plan in plans {
            group.enter()
            let thread = Thread {
                collected.add(plan.identity, self.answer(plan))
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return collected.all
    }

    /// What the cache alone can show before any fetch (the browser's first frame).
    package func pending(_ plan: RemotePlan) -> RemoteAnswer {
        guard let cached = cache?.read(plan.identity) else { return RemoteAnswer(body: nil, isPending: true) }
        return RemoteAnswer(
            body: cached.body, fetchedAt: cached.fetchedAt, etag: cached.etag, request: cached.request,
            isCached: true, isPending: true)
    }

    /// Fetches one provider's answer, falling back to the cache when the server cannot give one.
    package func answer(_ plan: RemotePlan) -> RemoteAnswer {
        let cached = cache?.read(plan.identity)
        let body = plan.requestBody
        // An ETag names an answer to one question: send it only when asking the same thing again.
        let etag = cached.flatMap { $0.request == body ? $0.etag : nil }
        guard let request = plan.request(etag: etag, environment: environment) else {
            return fallback(RemoteProblem(message: plan.missingEndpoint, fallsBackToCache: false), cached)
        }
        switch fetcher.fetch(request) {
        case .failure(let failure):
            return fallback(RemoteProblem(message: failure.message, fallsBackToCache: true), cached)
        case .success(let response):
            return answer(response, plan: plan, request: request, cached: cached, etag: etag)
        }
    }

    private func answer(
        _ response: RemoteResponse, plan: RemotePlan, request: RemoteRequest, cached: CachedAnswer?,
        etag: String?
    ) -> RemoteAnswer {
        switch response.status {
        case 200..<300:
            let options = FormatOptions(plan.provider.options, environment: environment)
            if let problem = RemoteAnswerReader.problem(
                in: response.body, format: plan.provider.format, options: options)
            {
                return fallback(
                    RemoteProblem(
                        message:
                            "the server's answer is not a valid \(plan.provider.format.name) answer: \(problem)",
                        fallsBackToCache: true), cached)
            }
            let fresh = CachedAnswer(
                body: response.body, etag: response.header("ETag"), fetchedAt: Date(), request: plan.requestBody)
            // A cache that cannot be written costs the offline fallback, not this answer.
            try? cache?.write(fresh, for: plan.identity)
            return RemoteAnswer(body: fresh.body, fetchedAt: fresh.fetchedAt, etag: fresh.etag, request: fresh.request)
        case 304:
            guard let cached, etag != nil else {
                return fallback(
                    RemoteProblem(
                        message: "the server answered 304 Not Modified to a request without an ETag",
                        fallsBackToCache: true), cached)
            }
            return RemoteAnswer(
                body: cached.body, fetchedAt: cached.fetchedAt, etag: cached.etag, request: cached.request,
                notModified: true)
        case 401, 403:
            return fallback(
                RemoteProblem(
                    message: "authentication failed (HTTP \(response.status)); \(tokenAdvice(plan))",
                    fallsBackToCache: false), cached)
        case 408, 429, 500...:
            return fallback(
                RemoteProblem(
                    message: "the server answered HTTP \(RemoteText.status(response.status))\(Self.detail(response))",
                    fallsBackToCache: true), cached)
        default:
            return fallback(
                RemoteProblem(
                    message:
                        "the server answered HTTP \(RemoteText.status(response.status))\(Self.detail(response)) to \(request); check 'url'",
                    fallsBackToCache: false), cached)
        }
    }

    /// What to check after a 401 or 403, naming the variable and never its value.
    private func tokenAdvice(_ plan: RemotePlan) -> String {
        guard let name = plan.tokenVariable else {
            let option = plan.provider.format.remote?.secretOption ?? "tokenEnv"
            return "the server wants a token: put it in an environment variable and name that with '\(option)'"
        }
        return plan.token(in: environment) == nil ? "$\(name) is not set" : "check $\(name)"
    }

    /// The cached answer when the problem allows it, else no body at all.
    private func fallback(_ problem: RemoteProblem, _ cached: CachedAnswer?) -> RemoteAnswer {
        guard problem.fallsBackToCache, let cached else { return RemoteAnswer(body: nil, problem: problem) }
        return RemoteAnswer(
            body: cached.body, fetchedAt: cached.fetchedAt, etag: cached.etag, request: cached.request,
            isCached: true, problem: problem)
    }

    /// An OFREP error body's code and details (`: INVALID_CONTEXT: …`), else nothing.
    private static func detail(_ response: RemoteResponse) -> String {
        guard let root = try? JSONReader.parse(response.body), let code = root["errorCode"]?.scalarText else {
            return ""
        }
        let details = root["errorDetails"]?.scalarText.map { " (\(TerminalText.capped($0, limit: 200)))" } ?? ""
        return ": \(TerminalText.capped(code, limit: 60))\(details)"
    }
}

/// Answers gathered from several threads.
private final class AnswerCollection: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [RemoteIdentity: RemoteAnswer] = [:]

    func add(_ identity: RemoteIdentity, _ answer: RemoteAnswer) {
        lock.withLock { answers[identity] = answer }
    }

    var all: [RemoteIdentity: RemoteAnswer] { lock.withLock { answers } }
}
