import Foundation

/// How a remote provider's layer got its values, for `get`, `get --json` and the detail pane.
package struct RemoteLayerStatus: Sendable, Hashable {
    /// The server's base url.
    package var url: String
    /// Whether the values come from the offline cache because the fetch failed (or has not happened yet).
    package var isCached: Bool
    /// Whether the browser is still waiting for the first answer.
    package var isPending: Bool
    /// Whether the server answered 304 Not Modified (the cached answer is current).
    package var notModified: Bool
    /// When the answer shown was fetched.
    package var fetchedAt: Date?
    /// Why the last fetch failed, if it did.
    package var problem: String?

    /// Creates a status.
    package init(
        url: String, isCached: Bool = false, isPending: Bool = false, notModified: Bool = false,
        fetchedAt: Date? = nil, problem: String? = nil
    ) {
        self.url = url
        self.isCached = isCached
        self.isPending = isPending
        self.notModified = notModified
        self.fetchedAt = fetchedAt
        self.problem = problem
    }

    /// One line on how the values were got, or `nil` for a plain fresh answer.
    package var note: String? {
        let when = fetchedAt.map(Self.time) ?? "an earlier run"
        if isPending { return isCached ? "cached answer of \(when); fetching…" : "fetching…" }
        if let problem {
            return isCached ? "\(problem); showing the cached answer of \(when)" : problem
        }
        if notModified { return "unchanged since \(when) (HTTP 304 Not Modified)" }
        return nil
    }

    /// Local date and time to the second: when an answer is from is read by people at a terminal.
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}
