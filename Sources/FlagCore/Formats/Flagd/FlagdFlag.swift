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

    /// The targeting, compiled, when it can decide: the flag is enabled and has some.
    package var rules: CompiledRules? {
        targeting != nil && state == .enabled ? CompiledRules(FlagdRules(self)) : nil
    }

    /// What the flag gives for `context`, with the trace: flagd's evaluation (its reasons,
    /// its error codes), as a pure function of the definition and the context. Without
    /// `tracing` the trace keeps its variant, reason and error but no steps.
    package func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        if let error { return Self.unusable(error) }
        if state == .disabled { return Self.switchedOff }
        return FlagdRules(self).evaluate(in: context, tracing: tracing)
    }
}
