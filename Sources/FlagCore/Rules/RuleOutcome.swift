/// What a layer's rules decide for one context.
package enum RuleResult: Sendable, Hashable {
    /// This value (not yet checked against the flag's type).
    case value(RawValue)
    /// No value: the next layer decides (no default variant, a disabled flag).
    case unset
    /// The rules could not be evaluated: the layer is an error with this reason.
    case error(String)
}

/// A rule set's decision with the trace of how it was made.
package struct RuleOutcome: Sendable, Hashable {
    /// The decision.
    package var result: RuleResult
    /// How it was made.
    package var trace: RuleTrace
}

/// Why a rule could not be evaluated (the evaluation gives an error result, never a crash).
package struct RuleEvaluationError: Error, Sendable, Hashable {
    /// What went wrong.
    package var message: String
    /// Where, when known.
    package var location: TextLocation?
    /// OpenFeature's error code for it: `PARSE_ERROR` for a rule flagd cannot run, `GENERAL`
    /// for one that runs out of its budget.
    package var code: String

    /// Creates an error.
    package init(_ message: String, at location: TextLocation? = nil, code: String = "PARSE_ERROR") {
        self.message = message
        self.location = location
        self.code = code
    }
}
