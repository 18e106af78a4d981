import FlagCore
import Foundation

/// How and when the remote providers are asked: the mode, the fetch under way in background mode,
/// and when and with what each provider was last asked, which decide when one is due again.
struct RemoteSchedule: Sendable {
    /// Inline or on a thread.
    let mode: BrowserSession.RemoteMode
    /// The fetch under way in background mode.
    private let background = BackgroundFetch()
    /// When each remote provider was last asked (background mode: for `refresh`).
    private var lastAsked: [RemoteIdentity: Date] = [:]
    /// What each remote provider was last asked with (an OFREP context), to notice a change.
    private var askedWith: [RemoteIdentity: [UInt8]] = [:]

    /// What a fetch gave at once.
    enum Start {
        /// The servers' answers (synchronous mode).
        case answered([RemoteIdentity: RemoteAnswer])
        /// The names of the providers now fetched on a thread (background mode).
        case started([String])
    }

    /// A schedule in `mode`, nothing asked yet.
    init(mode: BrowserSession.RemoteMode) {
        self.mode = mode
    }

    /// Whether remote providers are fetched on a thread, the run loop collecting their answers.
    var isBackground: Bool {
        if case .background = mode { return true }
        return false
    }

    /// Where the first load takes remote values from: the servers at once in synchronous mode;
    /// none yet in background mode (the cache, or "fetching…"), so the first frame never waits.
    var firstSource: RemoteSource {
        switch mode {
        case .synchronous(let fetcher): .fetch(fetcher)
        case .background: .known([:])
        }
    }

    /// Notes what `plans` were asked with by a load that fetched them itself.
    mutating func noteAsked(_ plans: [RemotePlan]) {
        for plan in plans { askedWith[plan.identity] = plan.requestBody ?? [] }
    }

    /// The answers of a background fetch that finished since the last call, once.
    func collect() -> (answers: [RemoteIdentity: RemoteAnswer], reason: FetchReason)? {
        background.collect()
    }

    /// The remote providers of `workspace` due at `now` — never asked yet, their `refresh`
    /// interval passed, or their OFREP context changed — and why; none while a fetch is under way.
    func due(in workspace: Workspace, now: Date) -> (plans: [RemotePlan], reason: FetchReason) {
        guard !background.isRunning else { return ([], .refresh) }
        var due: [RemotePlan] = []
        var reason = FetchReason.refresh
        for plan in RemotePlan.plans(for: workspace) {
            let identity = plan.identity
            guard let asked = lastAsked[identity] else {
                due.append(plan)
                reason = .startup
                continue
            }
            if let previous = askedWith[identity], previous != (plan.requestBody ?? []) {
                due.append(plan)
                if reason != .startup { reason = .context }
                continue
            }
            let refresh = plan.provider.remote?.refresh ?? 0
            if refresh > 0, now.timeIntervalSince(asked) >= refresh { due.append(plan) }
        }
        return (due, reason)
    }

    /// Fetches `plans`: at once in synchronous mode, else on a thread (`nil` when a fetch is
    /// already under way: its answers will do).
    mutating func fetch(_ plans: [RemotePlan], reason: FetchReason, now: Date, environment: [String: String])
        -> Start?
    {
        let cache = RemoteCache(environment: environment)
        switch mode {
        case .synchronous(let fetcher):
            noteAsked(plans)
            let answering = RemoteAnswering(fetcher: fetcher, cache: cache, environment: environment)
            return .answered(answering.answers(plans))
        case .background(let fetcher):
            let answering = RemoteAnswering(fetcher: fetcher, cache: cache, environment: environment)
            guard background.start(plans, answering: answering, reason: reason) else { return nil }
            for plan in plans {
                lastAsked[plan.identity] = now
                askedWith[plan.identity] = plan.requestBody ?? []
            }
            return .started(plans.map(\.provider.name))
        }
    }
}
