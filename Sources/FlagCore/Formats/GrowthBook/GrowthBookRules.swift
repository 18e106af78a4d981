import OrderedCollections

/// What a GrowthBook provider entry evaluates: one feature of a payload, with the payload's other
/// features and saved groups (shared, for prerequisites and `$inGroup`) and, when sticky
/// bucketing is on, the device's sticky-bucket documents.
///
/// Outcomes: the feature's value; `unset` for a null value or a feature the payload lacks (the
/// app's own fallback decides, as with the SDK); `error` for a prerequisite cycle or a rule past
/// its budget. Reasons: `STATIC` for an unconditional `force`, `TARGETING_MATCH` for a `force`
/// after a condition or prerequisite, `SPLIT` for a `force` with a range, coverage or filters and
/// for an experiment, `DEFAULT` for `defaultValue`, `DISABLED` for a failed prerequisite gate,
/// `ERROR` for a cycle. GrowthBook's own `source` is the trace's ``SourceReason``.
package struct GrowthBookRules: Sendable, Hashable {
    /// The feature's key.
    package var featureKey: String
    /// Every feature and saved group of the payload.
    package var definitions: GrowthBookDefinitions
    /// The device's sticky-bucket documents; `nil`: sticky bucketing is off.
    package var stickyBuckets: GrowthBookStickyBuckets?

    /// Creates the rules of one feature.
    package init(featureKey: String, definitions: GrowthBookDefinitions, stickyBuckets: GrowthBookStickyBuckets? = nil)
    {
        self.featureKey = featureKey
        self.definitions = definitions
        self.stickyBuckets = stickyBuckets
    }

    /// The feature.
    package var feature: GrowthBookFeature? { definitions.features[featureKey] }

    /// The SDK's result for `context`, with the trace's steps when `tracing`, or why the rules
    /// could not be evaluated (a budget ran out).
    package func result(in context: EvaluationContext, tracing: Bool) -> (
        result: Result<GrowthBookResult, GrowthBookEvaluationError>, steps: [RuleStep]
    ) {
        var evaluation = GrowthBookEvaluation(
            definitions: definitions, context: context, stickyBuckets: stickyBuckets, tracing: tracing)
        do {
            let result = try evaluation.feature(featureKey)
            return (.success(result), evaluation.steps)
        } catch {
            return (.failure(error), evaluation.steps)
        }
    }

    /// The feature's value for `context`, with the trace of how it was decided.
    package func evaluate(in context: EvaluationContext, tracing: Bool) -> RuleOutcome {
        let (decided, steps) = result(in: context, tracing: tracing)
        switch decided {
        case .failure(let error):
            let trace = RuleTrace(reason: .error, errorCode: "GENERAL", errorMessage: error.message, steps: steps)
            return RuleOutcome(result: .error(error.message), trace: trace)
        case .success(let result):
            return outcome(of: result, steps: steps)
        }
    }

    /// The outcome a result is.
    func outcome(of result: GrowthBookResult, steps: [RuleStep]) -> RuleOutcome {
        var trace = RuleTrace(
            reason: Self.reason(of: result), steps: steps, sourceReason: Self.sourceReason(of: result))
        switch result.source {
        case .cyclicPrerequisite:
            let message =
                "prerequisites of '\(TerminalText.capped(featureKey, limit: 80))' depend on each other in a cycle"
            trace.errorCode = "GENERAL"
            trace.errorMessage = message
            return RuleOutcome(result: .error(message), trace: trace)
        case .experiment:
            if let experiment = result.experiment, let rule = result.rule, case .experiment(let definition) = rule.kind
            {
                trace.variant = GrowthBookWording.variationName(experiment.variationId, of: definition)
            }
        case .force:
            trace.variant = result.rule.flatMap { $0.id.isEmpty ? nil : $0.id }
        case .defaultValue, .prerequisite, .unknownFeature:
            break
        }
        guard let value = result.value else { return RuleOutcome(result: .unset, trace: trace) }
        return RuleOutcome(result: .value(.native(value)), trace: trace)
    }

    /// OpenFeature's word for how the result was decided.
    static func reason(of result: GrowthBookResult) -> RuleReason {
        switch result.source {
        case .defaultValue, .unknownFeature: return .defaultValue
        case .prerequisite: return .disabled
        case .cyclicPrerequisite: return .error
        case .experiment: return .split
        case .force:
            guard let rule = result.rule else { return .staticValue }
            if rule.range != nil || rule.coverage != nil || rule.filters != nil { return .split }
            if rule.condition != nil || !rule.parentConditions.isEmpty { return .targetingMatch }
            return .staticValue
        }
    }

    /// GrowthBook's own words for the result: its `source`, the rule's id, and for an experiment
    /// the fields of its result.
    static func sourceReason(of result: GrowthBookResult) -> SourceReason {
        var fields: OrderedDictionary<String, JSONValue> = [:]
        if !result.ruleId.isEmpty { fields["ruleId"] = .string(result.ruleId) }
        if let experiment = result.experiment {
            fields["experimentKey"] = .string(experiment.experimentKey)
            fields["variationId"] = .int(experiment.variationId)
            fields["key"] = .string(experiment.key)
            if let name = experiment.name { fields["name"] = .string(name) }
            fields["inExperiment"] = .bool(experiment.inExperiment)
            fields["hashUsed"] = .bool(experiment.hashUsed)
            fields["hashAttribute"] = .string(experiment.hashAttribute)
            fields["hashValue"] = experiment.hashValue ?? .null
            if let bucket = experiment.bucket { fields["bucket"] = .double(bucket) }
            fields["stickyBucketUsed"] = .bool(experiment.stickyBucketUsed)
        }
        return SourceReason(result.source.rawValue, fields: fields)
    }

    // Rules are the same when they evaluate the same feature of definitions that say the same:
    // one payload's entries share their definitions, so the check is usually an identity.
    package static func == (a: GrowthBookRules, b: GrowthBookRules) -> Bool {
        a.featureKey == b.featureKey && a.definitions == b.definitions && a.stickyBuckets == b.stickyBuckets
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(featureKey)
    }
}
