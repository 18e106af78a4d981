/// What an Unleash provider entry evaluates: one toggle of a file, with the file's other
/// toggles and segments (shared, for dependencies), and which answer the flag reads.
package struct UnleashRules: Sendable, Hashable {
    /// Which SDK call the flag stands for.
    package enum Answer: Sendable, Hashable {
        /// `isEnabled`: a bool flag (or a key no blueprint declares): on is `true`, off `false`.
        case isEnabled
        /// `getVariant`: the chosen variant's payload; a disabled variant is no value.
        case payload
    }

    /// The toggle's name in its file.
    package var toggleName: String
    /// Every toggle and segment of the file.
    package var features: UnleashFeatures
    /// What the flag reads.
    package var answer: Answer

    /// Creates the rules of one toggle.
    package init(toggleName: String, features: UnleashFeatures, answer: Answer) {
        self.toggleName = toggleName
        self.features = features
        self.answer = answer
    }

    /// The toggle.
    var toggle: UnleashToggle? { features.toggles[toggleName] }

    /// What the toggle gives for `context`, with the trace: `isEnabled` as `set` true/false,
    /// or the chosen variant's payload (`unset` when the variant is disabled or carries none).
    ///
    /// Reasons: DISABLED when the toggle is switched off at the source; DEFAULT when it is on
    /// but no strategy (or dependency) let it through, or no variant was chosen; SPLIT when a
    /// percentage (a rollout within 0–100 %, a weighted choice among variants) decided;
    /// TARGETING_MATCH when strategies, constraints or an override decided otherwise; STATIC
    /// when it is on with nothing to evaluate.
    func evaluate(in context: EvaluationContext, tracing: Bool) -> RuleOutcome {
        guard let toggle else {
            return RuleOutcome(
                result: answer == .isEnabled ? .value(.native(.bool(false))) : .unset,
                trace: RuleTrace(reason: .defaultValue))
        }
        var evaluation = UnleashEvaluation(features: features, context: context, tracing: tracing)
        let enabled: Bool
        var variant: UnleashVariantResult?
        switch answer {
        case .isEnabled:
            enabled = evaluation.isEnabled(toggle).enabled
            // The variant is named in the trace too, when the toggle has some to choose from:
            // with or without steps, so `list` and `get` name the same variant and reason.
            if enabled, toggle.hasVariants {
                var naming = UnleashEvaluation(features: features, context: context, tracing: tracing)
                variant = naming.variant(of: toggle).variant
                evaluation.steps = naming.steps
                evaluation.splitDecided = naming.splitDecided
            }
        case .payload:
            let decided = evaluation.variant(of: toggle)
            enabled = decided.enabled
            variant = decided.variant
        }
        let reason: RuleReason
        if !toggle.enabled {
            reason = .disabled
        } else if !enabled || (answer == .payload && variant?.enabled != true) {
            reason = .defaultValue
        } else if evaluation.splitDecided {
            reason = .split
        } else if toggle.strategies.isEmpty && toggle.dependencies.isEmpty && (variant?.enabled != true) {
            reason = .staticValue
        } else {
            reason = .targetingMatch
        }
        let trace = RuleTrace(
            variant: variant.flatMap { $0.enabled ? $0.name : nil }, reason: reason, steps: evaluation.steps)
        switch answer {
        case .isEnabled:
            return RuleOutcome(result: .value(.native(.bool(enabled))), trace: trace)
        case .payload:
            guard let variant, variant.enabled, let payload = variant.payload else {
                return RuleOutcome(result: .unset, trace: trace)
            }
            return RuleOutcome(result: .value(Self.value(of: payload)), trace: trace)
        }
    }

    /// A payload as the app reads it: the SDKs hand over its value as text whatever its
    /// `type` (`string`, `csv`, `number`, `json`), so the flag's type parses it (a string flag
    /// takes the text, an int or double flag the number, a json flag the JSON).
    static func value(of payload: UnleashVariant.Payload) -> RawValue {
        .text(payload.value)
    }

    // Rules are the same when they evaluate the same toggle of files that say the same: one
    // file's entries share their toggles, so the check is usually one identity comparison; a
    // file read again (a fresh load beside an updated one) compares what it says.
    package static func == (a: UnleashRules, b: UnleashRules) -> Bool {
        guard a.toggleName == b.toggleName, a.answer == b.answer else { return false }
        return a.features === b.features
            || (a.features.toggles == b.features.toggles && a.features.segments == b.features.segments)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(toggleName)
        hasher.combine(answer)
    }
}

extension UnleashRules {
    /// Every payload the toggle can give, by variant name (the toggle's variants, then its
    /// strategies'), for `validate` to check against the flag's type.
    package var payloads: [(variant: String, value: RawValue)] {
        guard let toggle else { return [] }
        let variants = toggle.variants + toggle.strategies.flatMap(\.variants)
        return variants.compactMap { variant in variant.payload.map { (variant.name, Self.value(of: $0)) } }
    }
}

extension UnleashToggle {
    /// Whether some variant could be chosen (the toggle's own, or a strategy's).
    var hasVariants: Bool {
        !variants.isEmpty || strategies.contains { !$0.variants.isEmpty }
    }
}

extension UnleashFeatures {
    /// `isEnabled` and `getVariant` for the toggle `name` (a toggle the file does not have is
    /// off, with the disabled variant), as the Unleash SDKs answer them.
    package func evaluate(_ name: String, in context: EvaluationContext) -> (
        enabled: Bool, variant: UnleashVariantResult
    ) {
        guard let toggle = toggles[name] else { return (false, .disabled(featureEnabled: false)) }
        var evaluation = UnleashEvaluation(features: self, context: context, tracing: false)
        return evaluation.variant(of: toggle)
    }
}
