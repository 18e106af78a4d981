import OrderedCollections

/// One flagd flag as its file defines it, with its targeting compiled: what the reader turns
/// into a provider entry, and what evaluates for a context exactly as flagd's evaluator does.
package struct FlagdFlag: Sendable, Hashable {
    /// Whether the flag is on at the source.
    package enum State: Sendable, Hashable {
        /// `ENABLED`: evaluated.
        case enabled
        /// `DISABLED`: no value, reason DISABLED.
        case disabled
    }

    /// The flag's key in its file (`$flagd.flagKey`).
    package var key: String
    /// Where the key is written.
    package var location: TextLocation?
    /// `ENABLED` or `DISABLED`.
    package var state: State
    /// The variants by name, in file order.
    package var variants: OrderedDictionary<String, JSONValue>
    /// The variant served when no rule decides; `nil` (written `null` or absent) means the
    /// app's own default.
    package var defaultVariant: String?
    /// The compiled targeting; `nil` when there is none (absent or `{}`).
    package var targeting: JsonLogicRule?
    /// The flag's metadata over its flag set's, in file order.
    package var metadata: OrderedDictionary<String, JSONValue>
    /// Why flagd cannot use this definition at all (no variants, an unknown state, a default
    /// variant that does not exist): the layer is an error, the file's other flags are not.
    package var error: String?

    /// Creates a flag.
    package init(
        key: String, location: TextLocation? = nil, state: State = .enabled,
        variants: OrderedDictionary<String, JSONValue>,
        defaultVariant: String?, targeting: JsonLogicRule? = nil, metadata: OrderedDictionary<String, JSONValue> = [:],
        error: String? = nil
    ) {
        self.key = key
        self.location = location
        self.state = state
        self.variants = variants
        self.defaultVariant = defaultVariant
        self.targeting = targeting
        self.metadata = metadata
        self.error = error
    }

    /// The value when no rule decides: the default variant's, when the flag is enabled.
    package var staticValue: JSONValue? {
        guard state == .enabled, error == nil, let defaultVariant else { return nil }
        return variants[defaultVariant]
    }

    /// What the flag gives for `context`, with the trace: flagd's evaluation (its reasons,
    /// its error codes), as a pure function of the definition and the context. Without
    /// `tracing` the trace keeps its variant, reason and error but no steps.
    package func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        if let error {
            return RuleOutcome(
                result: .error(error), trace: RuleTrace(reason: .error, errorCode: "PARSE_ERROR", errorMessage: error))
        }
        if state == .disabled {
            return RuleOutcome(result: .unset, trace: RuleTrace(reason: .disabled))
        }
        return FlagdRules(self).evaluate(in: context, tracing: tracing)
    }
}

/// What evaluating an enabled flagd flag needs, and no more: its key, variants, default variant
/// and targeting. A provider entry keeps this (in a ``FlagdFlagBox``) for each flag with
/// targeting, so that a large file's rules take less memory than whole definitions would: the
/// variants are one list (a flag has a few, found by comparing names), where an ordered
/// dictionary is two; the place, state, metadata and error are the definition's.
package struct FlagdRules: Sendable, Hashable {
    /// One variant.
    struct Variant: Sendable, Hashable {
        var name: String
        var value: JSONValue
    }

    /// The flag's key (`$flagd.flagKey`).
    let key: String
    /// The variants, in file order.
    let variants: [Variant]
    /// The variant served when no rule decides; `nil` means the app's own default.
    let defaultVariant: String?
    /// The compiled targeting; `nil` when there is none.
    let targeting: JsonLogicRule?

    /// The rules of `flag`, which must be enabled and without an error.
    init(_ flag: FlagdFlag) {
        key = flag.key
        variants = flag.variants.map { Variant(name: $0.key, value: $0.value) }
        defaultVariant = flag.defaultVariant
        targeting = flag.targeting
    }

    /// The value of the variant `name`.
    private func value(of name: String) -> JSONValue? {
        variants.first { $0.name == name }?.value
    }

    /// What the flag gives for `context` (``FlagdFlag/evaluate(in:tracing:)`` of an enabled flag).
    @inline(__always)
    func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        guard let targeting else { return chosen(defaultVariant, reason: .staticValue, steps: []) }
        var evaluation = JsonLogicEvaluation(flagKey: key, context: context, tracing: tracing)
        let result: LogicValue
        do {
            result = try evaluation.run(targeting)
        } catch {
            return failed(
                "its targeting cannot be evaluated: \(error.message)", code: error.code, steps: evaluation.steps)
        }
        if result.isNull { return chosen(defaultVariant, reason: .defaultValue, steps: evaluation.steps) }
        let name: String
        do {
            name = try VariantName.written(result)
        } catch {
            return failed(
                "its targeting cannot be evaluated: \(error.message)", code: error.code, steps: evaluation.steps)
        }
        // Looked up once: every targeted flag of a file comes here.
        guard let value = value(of: name) else {
            return failed(
                "its targeting chose variant '\(TerminalText.capped(name, limit: 100))', which it does not have",
                code: "GENERAL", steps: evaluation.steps)
        }
        return chosen(name, value, reason: .targetingMatch, steps: evaluation.steps)
    }

    /// `variant`'s value, or no value when there is no variant (the default is the app's own).
    private func chosen(_ variant: String?, reason: RuleReason, steps: [RuleStep]) -> RuleOutcome {
        guard let variant, let value = value(of: variant) else {
            return RuleOutcome(
                result: .unset, trace: RuleTrace(reason: reason == .staticValue ? .defaultValue : reason, steps: steps))
        }
        return chosen(variant, value, reason: reason, steps: steps)
    }

    /// The variant `variant`, whose value is `value`.
    private func chosen(_ variant: String, _ value: JSONValue, reason: RuleReason, steps: [RuleStep]) -> RuleOutcome {
        RuleOutcome(result: .value(.native(value)), trace: RuleTrace(variant: variant, reason: reason, steps: steps))
    }

    private func failed(_ message: String, code: String, steps: [RuleStep]) -> RuleOutcome {
        RuleOutcome(
            result: .error(message),
            trace: RuleTrace(reason: .error, errorCode: code, errorMessage: message, steps: steps))
    }
}
