import FlagCore
import Foundation

/// Why the remote providers are being fetched: it decides what the status line says afterwards.
enum FetchReason: Sendable, Equatable {
    /// The browser just opened.
    case startup
    /// The user pressed `r`.
    case user
    /// A provider's `refresh` interval passed.
    case refresh
    /// The context an OFREP server is asked with changed (an edit of a `context/*` key).
    case context
}

/// Fetches remote providers on a thread of its own and keeps the answers until the run loop
/// collects them, so the browser keeps drawing and taking keys while a server is slow.
final class BackgroundFetch: @unchecked Sendable {
    private let lock = NSLock()
    private var running: FetchReason?
    private var finished: (answers: [RemoteIdentity: RemoteAnswer], reason: FetchReason)?

    /// Whether a fetch is under way.
    var isRunning: Bool { lock.withLock { running != nil } }

    /// Starts fetching `plans`; `false` when a fetch is already under way (its answers will do).
    func start(_ plans: [RemotePlan], answering: RemoteAnswering, reason: FetchReason) -> Bool {
        let started = lock.withLock { () -> Bool in
            guard running == nil else { return false }
            running = reason
            return true
        }
        guard started else { return false }
        let thread = Thread { [self] in
            let answers = answering.answers(plans)
            lock.withLock {
                finished = (answers, reason)
                running = nil
            }
        }
        thread.start()
        return true
    }

    /// The answers of a finished fetch, once; `nil` while none has finished since the last call.
    func collect() -> (answers: [RemoteIdentity: RemoteAnswer], reason: FetchReason)? {
        lock.withLock {
            defer { finished = nil }
            return finished
        }
    }
}
