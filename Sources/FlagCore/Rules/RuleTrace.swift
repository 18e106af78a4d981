/// How a layer with rules decided (docs/rules.md): one shape for flagd targeting, Unleash
/// strategies and Firebase conditions.
package struct RuleTrace: Sendable, Hashable {
    /// The variant (or branch, strategy, condition) that gave the value.
    package var variant: String?
    /// Why.
    package var reason: RuleReason
    /// OpenFeature's error code when the reason is `ERROR` (`PARSE_ERROR`, `GENERAL`, …).
    package var errorCode: String?
    /// What went wrong, when something did.
    package var errorMessage: String?
    /// The rules evaluated, in order.
    package var steps: [RuleStep]
    /// The format's own reason, where it has one beside OpenFeature's.
    package var sourceReason: SourceReason?
    /// The reason the rules gave for a value that turned out not to fit the flag's type (the
    /// trace then says `ERROR`); `nil` when the value fits or there is none.
    package var mismatchedReason: RuleReason?

    /// Creates a trace.
    package init(
        variant: String? = nil, reason: RuleReason, errorCode: String? = nil, errorMessage: String? = nil,
        steps: [RuleStep] = [], sourceReason: SourceReason? = nil
    ) {
        self.variant = variant
        self.reason = reason
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.steps = steps
        self.sourceReason = sourceReason
    }

    /// The trace told as a value that does not fit the flag's type, as OpenFeature's SDKs tell
    /// it: `ERROR` with `TYPE_MISMATCH` and `problem`, the format's own reason for it where it
    /// has one, and the steps that chose the value kept, so a reader sees which rule gave it.
    package func mismatched(problem: String, formatReason: SourceReason?) -> RuleTrace {
        var trace = self
        trace.mismatchedReason = reason
        trace.reason = .error
        trace.errorCode = "TYPE_MISMATCH"
        trace.errorMessage = problem
        if let formatReason { trace.sourceReason = formatReason }
        return trace
    }

    /// Every context key the steps read, first read first, each once.
    package var reads: [ContextRead] {
        var seen: Set<String> = []
        return steps.flatMap(\.reads).filter { seen.insert($0.key).inserted }
    }
}
