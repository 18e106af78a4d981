extension RuleTrace {
    /// The index of the step that decided the value, marked wherever the trace is shown; `nil`
    /// when no step did (no rule matched, a static or disabled flag).
    ///
    /// Evaluation stops once a value is chosen, and every condition of every `if` is a step of
    /// its own, so the step that chose is the last one taken (a matching condition, or the
    /// split inside the branch it led to). A trace that failed was decided by the step that
    /// could not give a result; one whose value did not fit the flag's type, by the step that
    /// chose that value.
    package var decidingStepIndex: Int? {
        switch mismatchedReason ?? reason {
        case .targetingMatch, .split:
            return steps.indices.last
        case .error:
            return steps.lastIndex { $0.result == nil }
        case .staticValue, .defaultValue, .disabled:
            return nil
        }
    }
}
