extension ProviderEntry {
    /// What flagd decides for every context when this entry of a flagd provider has no rules:
    /// what ``FlagdFlag/evaluate(in:tracing:)`` gives its flag, read back from the entry.
    package var staticFlagdOutcome: RuleOutcome {
        if let error { return FlagdFlag.unusable(error) }
        guard let value else {
            return notes.first == FlagdFlag.disabledNote
                ? FlagdFlag.switchedOff : RuleOutcome(result: .unset, trace: RuleTrace(reason: .defaultValue))
        }
        let variant = notes.first.flatMap(FlagdFlag.defaultVariant(named:))
        return RuleOutcome(result: .value(value), trace: RuleTrace(variant: variant, reason: .staticValue))
    }
}
