/// What the SDK's `evalFeature` gives for one feature and device: the value, GrowthBook's own
/// `source`, the rule that decided and, for an experiment, its result.
package struct GrowthBookResult: Sendable, Hashable {
    /// GrowthBook's word for where the value came from.
    package enum Source: String, Sendable, Hashable {
        case defaultValue, force, experiment, prerequisite, cyclicPrerequisite, unknownFeature
    }

    /// The value (`nil`: null).
    package var value: JSONValue?
    /// Where it came from.
    package var source: Source
    /// The rule that gave it, or whose prerequisite stopped the feature.
    package var rule: GrowthBookRule?
    /// The experiment's result, when an experiment gave it.
    package var experiment: GrowthBookExperimentResult?

    /// The `id` of the rule that gave the value, as the SDK reports it (empty when none did: a
    /// prerequisite's stop names no rule).
    package var ruleId: String {
        source == .force || source == .experiment ? rule?.id ?? "" : ""
    }
}

/// An experiment's result as the SDKs report it (`experimentResult`).
package struct GrowthBookExperimentResult: Sendable, Hashable {
    /// The experiment's key (the rule's `key`, else the feature's).
    package var experimentKey: String
    /// The variation's index.
    package var variationId: Int
    /// The variation's key (`meta[i].key`, else the index as text).
    package var key: String
    /// The variation's `meta[i].name`.
    package var name: String?
    /// The variation's value.
    package var value: JSONValue
    /// Whether the device is in the experiment.
    package var inExperiment: Bool
    /// Whether the device's hash chose the variation.
    package var hashUsed: Bool
    /// The attribute hashed (the fallback attribute when it was used).
    package var hashAttribute: String
    /// Its value (`nil`: missing).
    package var hashValue: JSONValue?
    /// The device's position, 0–1, when it was hashed.
    package var bucket: Double?
    /// Whether a sticky bucket chose the variation.
    package var stickyBucketUsed: Bool
    /// `meta[i].passthrough`: the device falls through to the next rule.
    package var passthrough: Bool
    /// What sticky bucketing saves for the device, when it is on.
    package var stickyAssignment: GrowthBookStickyAssignment?
}

/// Why an evaluation stopped without an answer: a budget ran out, or a part is unevaluable.
package struct GrowthBookEvaluationError: Error, Sendable, Hashable {
    /// What went wrong.
    package var message: String
    /// Where, when known.
    package var location: TextLocation?
}
