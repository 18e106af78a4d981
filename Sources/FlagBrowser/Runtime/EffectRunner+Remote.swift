import FlagCore
import Foundation

extension EffectRunner {
    /// Fetches `plans`: at once in synchronous mode (answered with `.fetched`), else on a thread
    /// (answered with `.fetchStarted`, or nothing when a fetch is already under way).
    mutating func fetch(_ plans: [RemotePlan], reason: FetchReason, now: Date, _ model: BrowserModel) -> Action? {
        guard !plans.isEmpty else { return nil }
        switch remote.fetch(plans, reason: reason, now: now, environment: source.environment) {
        case .answered(let answers)?: return fetched(answers, reason: reason, model)
        case .started(let names)?: return .fetchStarted(names)
        case nil: return nil
        }
    }

    /// Background mode: the answers of a fetch that finished since the last call, in the model.
    func collectFetched(_ model: BrowserModel) -> Action? {
        guard let finished = remote.collect() else { return nil }
        return fetched(finished.answers, reason: finished.reason, model)
    }

    /// Background mode: starts a fetch of the providers due at `now`, if any.
    mutating func fetchDue(_ model: BrowserModel, now: Date) -> Action? {
        let due = remote.due(in: model.workspace, now: now)
        guard !due.plans.isEmpty else { return nil }
        return fetch(due.plans, reason: due.reason, now: now, model)
    }

    /// The model rebuilt with fresh answers, and what the status line says about them.
    func fetched(_ answers: [RemoteIdentity: RemoteAnswer], reason: FetchReason, _ model: BrowserModel) -> Action {
        let merged = model.workspace.remoteAnswers.merging(answers) { _, new in new }
        let fresh = loadModel(answers: merged)
        return .fetched(fresh, message: Self.fetchMessage(answers, in: fresh.workspace, reason: reason))
    }

    /// What the status line says when the browser opens: the workspace's own errors, else, in
    /// synchronous mode, what the servers answered. A server that did not answer is not a
    /// problem of the workspace: its layer and the status line say so.
    func openingMessage(_ workspace: Workspace) -> StatusMessage? {
        let problems = workspace.diagnostics.filter { $0.severity == .error && $0.provider == nil }
        if let first = problems.first {
            return StatusMessage(
                "\(problems.count) error\(problems.count == 1 ? "" : "s") in the workspace: \(first.headline) (flagscope validate)",
                .error)
        }
        guard !remote.isBackground else { return nil }
        return Self.fetchMessage(workspace.remoteAnswers, in: workspace, reason: .startup)
    }

    /// What the status line says about answers: every failure (an error), else which providers
    /// were fetched — only when the user is waiting for it (start, `r`); a periodic or
    /// context-driven refetch that went well keeps the status line as it was.
    static func fetchMessage(_ answers: [RemoteIdentity: RemoteAnswer], in workspace: Workspace, reason: FetchReason)
        -> StatusMessage?
    {
        let answered = workspace.config.providers.filter { answers[RemoteIdentity($0)] != nil }
        guard !answered.isEmpty else { return nil }
        let problems = answered.compactMap { config -> String? in
            guard let answer = answers[RemoteIdentity(config)], let problem = answer.problem else { return nil }
            return "\(config.name): \(problem.message)\(answer.isCached ? "; showing cached values" : "")"
        }
        if !problems.isEmpty { return StatusMessage(problems.joined(separator: " · "), .error) }
        switch reason {
        case .startup, .user: return StatusMessage("fetched \(answered.map(\.name).joined(separator: ", "))")
        case .refresh, .context: return nil
        }
    }
}
