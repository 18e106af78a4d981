/// Why an evaluation stops as a whole (the SDKs' `ERROR` reason): a cycle, an attribute
/// reference the SDKs refuse, a part that cannot be read, or Flagscope's bounds.
struct LaunchDarklyFailure: Error {
    /// The reason's `errorKind`.
    var kind: LaunchDarklyErrorKind
    /// What went wrong, for the trace.
    var message: String
}

/// One evaluation of a flag for a device, as LaunchDarkly's server-side SDKs decide: off,
/// prerequisites, individual targets, rules, fallthrough; with the steps of the trace when asked.
///
/// Prerequisites and segment references share one recursion guard (``chain``): a flag or segment
/// met again inside itself is a cycle (`MALFORMED_FLAG`), and a chain deeper than
/// ``depthLimit`` or an evaluation past ``workLimit`` clauses, flags and segments stops with
/// `EXCEPTION` — the SDKs have no such bound, but no real flag comes near it, and a file may be
/// hostile.
struct LaunchDarklyEvaluation {
    /// The deepest chain of prerequisites and segments followed.
    static let depthLimit = 50
    /// The most clauses, flags and segments one evaluation visits.
    static let workLimit = 200_000

    /// The flags and segments of the file.
    let store: LaunchDarklyStore
    /// The device as a context.
    let context: LaunchDarklyContext
    /// Whether steps are recorded.
    let tracing: Bool
    /// Every context key read.
    var reads = ReadLog()
    /// The steps so far.
    var steps: [RuleStep] = []
    /// The flags and segments being evaluated, outermost first.
    var chain: [(isSegment: Bool, key: String)] = []
    /// Clauses, flags and segments visited so far.
    var work = 0
    /// `NOT_CONFIGURED` once a big segment was asked about.
    var bigSegmentsStatus: String?

    /// An evaluation of `store`'s flags for `device`; reads and steps are kept only when `tracing`.
    init(store: LaunchDarklyStore, device: EvaluationContext, tracing: Bool) {
        self.store = store
        context = LaunchDarklyContext(device: device)
        self.tracing = tracing
        reads.isRecording = tracing
    }

    /// Adds a step with the reads made since `start`; words and notes are made only when traced.
    mutating func record(
        _ rule: @autoclosure () -> String, since start: Int, result: JSONValue?, location: TextLocation? = nil,
        split: @autoclosure () -> PercentageSplit? = nil, note: @autoclosure () -> String? = nil
    ) {
        guard tracing else { return }
        var step = RuleStep(
            rule: rule(), location: location, reads: reads.reads(from: start), result: result, split: split())
        step.note = note()
        steps.append(step)
    }

    /// What the SDKs give for `flag`: an error when the device is no context (no key of any kind)
    /// or the evaluation fails as a whole; the big segments' status when one was asked about.
    mutating func detail(of flag: LaunchDarklyFlag) -> LaunchDarklyDetail {
        let start = reads.count
        guard context.key(of: "user", reads: &reads) != nil || !context.kinds(reads: &reads).isEmpty else {
            record(
                "the context has a key", since: start, result: .bool(false),
                note: RuleStep.unsetNote(ContextKeys.prefix + "key"))
            var detail = LaunchDarklyDetail.failure(
                .userNotSpecified, "the context has no key: set context/key (or a kind's, context/KIND/key)")
            detail.steps = steps
            return detail
        }
        var detail: LaunchDarklyDetail
        do {
            detail = try evaluate(flag)
            if case .error = detail.reason {} else { detail.bigSegmentsStatus = bigSegmentsStatus }
        } catch {
            detail = .failure(error.kind, error.message)
        }
        detail.steps = steps
        return detail
    }

    /// Counts one more flag, segment or clause against ``workLimit``.
    mutating func spend() throws(LaunchDarklyFailure) {
        work += 1
        guard work <= Self.workLimit else {
            throw LaunchDarklyFailure(
                kind: .exception,
                message: "more than \(Self.workLimit) clauses, flags and segments to evaluate: Flagscope stops there")
        }
    }

    /// Enters a flag or segment: a cycle when it is already being evaluated, an error past the
    /// depth limit. Only one that `recurses` (a flag with prerequisites, a segment with rules)
    /// joins the chain — no other can lead back to itself — and the answer says whether it did.
    mutating func enter(segment: Bool, key: String, recurses: Bool) throws(LaunchDarklyFailure) -> Bool {
        try spend()
        if chain.contains(where: { $0.isSegment == segment && $0.key == key }) {
            let path = (chain.filter { $0.isSegment == segment }.map(\.key) + [key]).map {
                TerminalText.capped($0, limit: 60)
            }
            throw LaunchDarklyFailure(
                kind: .malformedFlag,
                message: (segment ? "segments refer to each other in a cycle: " : "prerequisites form a cycle: ")
                    + path.joined(separator: " → "))
        }
        guard recurses else { return false }
        guard chain.count < Self.depthLimit else {
            throw LaunchDarklyFailure(
                kind: .exception,
                message: "prerequisites and segments nest deeper than \(Self.depthLimit): Flagscope stops there")
        }
        chain.append((segment, key))
        return true
    }

    /// The evaluation of `flag` itself (a prerequisite's too).
    mutating func evaluate(_ flag: LaunchDarklyFlag) throws(LaunchDarklyFailure) -> LaunchDarklyDetail {
        let entered = try enter(segment: false, key: flag.key, recurses: !flag.prerequisites.isEmpty)
        defer { if entered { chain.removeLast() } }
        if let malformation = flag.malformation {
            throw LaunchDarklyFailure(kind: .malformedFlag, message: malformation)
        }
        guard flag.on else { return offValue(of: flag, reason: .off) }
        if let failed = try failedPrerequisite(of: flag) {
            return offValue(of: flag, reason: .prerequisiteFailed(prerequisiteKey: failed))
        }
        if let index = targetVariation(of: flag) {
            return variation(index, of: flag, reason: .targetMatch)
        }
        for (index, rule) in flag.rules.enumerated() {
            guard try matches(rule) else { continue }
            return try serve(
                rule.serve, of: flag, reason: .ruleMatch(ruleIndex: index, ruleId: rule.id, inExperiment: false),
                rule: index + 1)
        }
        return try serve(flag.fallthrough, of: flag, reason: .fallthrough(inExperiment: false), rule: nil)
    }

    /// The off variation with `reason`, or no variation when the flag has none.
    func offValue(of flag: LaunchDarklyFlag, reason: LaunchDarklyReason) -> LaunchDarklyDetail {
        guard let index = flag.offVariation else {
            return LaunchDarklyDetail(value: nil, variationIndex: nil, reason: reason)
        }
        return variation(index, of: flag, reason: reason)
    }

    /// Variation `index` with `reason`; `MALFORMED_FLAG` when the flag has no such variation.
    func variation(_ index: Int, of flag: LaunchDarklyFlag, reason: LaunchDarklyReason) -> LaunchDarklyDetail {
        guard flag.variations.indices.contains(index) else {
            return .failure(
                .malformedFlag,
                "\(TerminalText.capped(flag.key, limit: 80)) has no variation \(index) (it has \(flag.variations.count))"
            )
        }
        return LaunchDarklyDetail(value: flag.variations[index], variationIndex: index, reason: reason)
    }

    /// Whether every clause of `rule` matches, each a step.
    private mutating func matches(_ rule: LaunchDarklyFlagRule) throws(LaunchDarklyFailure) -> Bool {
        for clause in rule.clauses {
            guard try matches(clause) else { return false }
        }
        return true
    }
}
