import FlagCore

/// What must hold for every input, beyond not crashing: a broken promise stops the run like a
/// crash, so the fuzzer keeps the input that shows it.
enum FuzzCheck {
    /// Resolving without rule steps (`list`, the browser's rows) decides exactly as resolving
    /// with them (`get`, the detail pane): the same value from the same layer and variant.
    static func sameDecisions(_ untraced: [Resolution], _ traced: [Resolution]) {
        precondition(untraced.count == traced.count, "untraced and traced resolutions differ in number")
        for (quick, full) in zip(untraced, traced) {
            let same =
                quick.flag.key == full.flag.key && quick.value == full.value && quick.source == full.source
                && quick.variant == full.variant
            precondition(
                same,
                "\(full.flag.key): without steps \(describe(quick)), with steps \(describe(full))")
        }
    }

    /// A rule outcome with and without steps decides the same (value, variant, reason, error).
    static func sameOutcome(_ untraced: RuleOutcome, _ traced: RuleOutcome, of name: String) {
        let same =
            untraced.result == traced.result && untraced.trace.variant == traced.trace.variant
            && untraced.trace.reason == traced.trace.reason && untraced.trace.errorCode == traced.trace.errorCode
        precondition(
            same,
            "\(name): without steps \(untraced.result) \(untraced.trace.reason), with steps \(traced.result) \(traced.trace.reason)"
        )
    }

    private static func describe(_ resolution: Resolution) -> String {
        "\(resolution.value.map { "\($0)" } ?? "no value") from \(resolution.source), variant \(resolution.variant ?? "none")"
    }
}
