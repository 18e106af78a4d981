import OrderedCollections

/// Why LaunchDarkly's SDKs served what they served, in their own words (`evaluationReason`).
package enum LaunchDarklyReason: Sendable, Hashable {
    /// The flag is off: its off variation, or none.
    case off
    /// No target or rule matched; `inExperiment` when an experiment put the context in it.
    case `fallthrough`(inExperiment: Bool)
    /// An individual target.
    case targetMatch
    /// A rule matched: its index and id, and whether an experiment put the context in it.
    case ruleMatch(ruleIndex: Int, ruleId: String?, inExperiment: Bool)
    /// A prerequisite did not serve the variation asked for: the off variation, or none.
    case prerequisiteFailed(prerequisiteKey: String)
    /// The flag could not be evaluated; the app gets its own default.
    case error(LaunchDarklyErrorKind)

    /// The reason's `kind`, as the SDKs write it.
    package var kind: String {
        switch self {
        case .off: return "OFF"
        case .fallthrough: return "FALLTHROUGH"
        case .targetMatch: return "TARGET_MATCH"
        case .ruleMatch: return "RULE_MATCH"
        case .prerequisiteFailed: return "PREREQUISITE_FAILED"
        case .error: return "ERROR"
        }
    }

    /// The reason as the SDKs write it (`{"kind": "RULE_MATCH", "ruleIndex": 0, …}`), with the
    /// big segments' status when a big segment was asked about.
    package func sourceReason(bigSegmentsStatus: String? = nil) -> SourceReason {
        var fields: OrderedDictionary<String, JSONValue> = [:]
        switch self {
        case .off, .targetMatch: break
        case .fallthrough(let inExperiment):
            if inExperiment { fields["inExperiment"] = .bool(true) }
        case .ruleMatch(let index, let id, let inExperiment):
            fields["ruleIndex"] = .int(index)
            if let id { fields["ruleId"] = .string(id) }
            if inExperiment { fields["inExperiment"] = .bool(true) }
        case .prerequisiteFailed(let key):
            fields["prerequisiteKey"] = .string(key)
        case .error(let errorKind):
            fields["errorKind"] = .string(errorKind.rawValue)
        }
        if let bigSegmentsStatus { fields["bigSegmentsStatus"] = .string(bigSegmentsStatus) }
        return SourceReason(kind, fields: fields)
    }
}

/// The `errorKind` of an `ERROR` reason.
package enum LaunchDarklyErrorKind: String, Sendable, Hashable, CaseIterable {
    /// The flag's data cannot be evaluated (a variation that does not exist, a rule that serves
    /// nothing, a cycle of prerequisites or segments, an attribute reference the SDKs refuse).
    case malformedFlag = "MALFORMED_FLAG"
    /// No flag of that key.
    case flagNotFound = "FLAG_NOT_FOUND"
    /// The context is no context: no key for any kind.
    case userNotSpecified = "USER_NOT_SPECIFIED"
    /// The value served is not of the type the app asked for.
    case wrongType = "WRONG_TYPE"
    /// The evaluation went past Flagscope's bounds (prerequisites and segments nested too
    /// deep, too much to evaluate).
    case exception = "EXCEPTION"

    /// OpenFeature's error code for it, as LaunchDarkly's OpenFeature providers map it.
    package var openFeatureCode: String {
        switch self {
        case .malformedFlag: return "PARSE_ERROR"
        case .flagNotFound: return "FLAG_NOT_FOUND"
        case .userNotSpecified: return "TARGETING_KEY_MISSING"
        case .wrongType: return "TYPE_MISMATCH"
        case .exception: return "GENERAL"
        }
    }
}

/// What a LaunchDarkly evaluation gives: the value and variation served (none: the app's
/// default), the reason, and how it was decided.
package struct LaunchDarklyDetail: Sendable, Hashable {
    /// The value served; `nil` when no variation is (the app gets its default).
    package var value: JSONValue?
    /// The index of the variation served.
    package var variationIndex: Int?
    /// Why.
    package var reason: LaunchDarklyReason
    /// `NOT_CONFIGURED` when a big segment was asked about (Flagscope has no big-segment store).
    package var bigSegmentsStatus: String?
    /// What went wrong, when the reason is an error.
    package var errorMessage: String?
    /// The steps taken, when traced.
    package var steps: [RuleStep] = []

    /// The reason as the SDKs write it.
    package var sourceReason: SourceReason { reason.sourceReason(bigSegmentsStatus: bigSegmentsStatus) }

    /// An error with its message.
    static func failure(_ kind: LaunchDarklyErrorKind, _ message: String) -> LaunchDarklyDetail {
        LaunchDarklyDetail(value: nil, variationIndex: nil, reason: .error(kind), errorMessage: message)
    }
}
