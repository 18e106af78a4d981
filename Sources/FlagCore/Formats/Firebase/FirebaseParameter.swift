/// A Remote Config parameter with conditional values: evaluated per device as Firebase does
/// (docs/rules.md), the template's conditions in the template's order, the first true one that has a
/// value for this parameter deciding.
package struct FirebaseParameter: Sendable, Hashable {
    /// A value a parameter can give.
    package enum Value: Sendable, Hashable {
        /// The text, parsed by the flag's type.
        case text(String)
        /// `useInAppDefault`: no value, the app's own default (the next layer) decides.
        case inAppDefault
    }

    /// A condition's value for this parameter.
    package struct ConditionalValue: Sendable, Hashable {
        /// The condition's position in the template's `conditions`.
        package var conditionIndex: Int
        /// What the parameter gives when that condition is the first true one.
        package var value: Value
    }

    /// Every condition of the template, in its order: the one array all of its parameters share.
    package var conditions: [FirebaseCondition]
    /// The values this parameter has for conditions, in the template's condition order.
    package var conditionalValues: [ConditionalValue]
    /// The value when no condition decides; `nil` when the template gives none (the app's own default).
    package var defaultValue: Value?

    /// Creates a parameter.
    package init(conditions: [FirebaseCondition], conditionalValues: [ConditionalValue], defaultValue: Value?) {
        self.conditions = conditions
        self.conditionalValues = conditionalValues.sorted { $0.conditionIndex < $1.conditionIndex }
        self.defaultValue = defaultValue
    }

    /// The conditions this parameter has values for, in the order they are evaluated.
    var evaluatedConditions: [FirebaseCondition] { conditionalValues.map { conditions[$0.conditionIndex] } }

    /// What the parameter gives for `context`, with the trace: every condition evaluated in order
    /// with what it read, and the one that decided (`variant` is its name, or `default`).
    package func evaluate(in context: EvaluationContext, tracing: Bool = true) -> RuleOutcome {
        var reads = ReadLog()
        reads.isRecording = tracing
        var steps: [RuleStep] = []
        for conditional in conditionalValues {
            let condition = conditions[conditional.conditionIndex]
            if let problem = condition.problem {
                let message = "condition '\(condition.name)' cannot be evaluated: \(problem.message)"
                if tracing {
                    steps.append(RuleStep(rule: condition.wording, location: condition.location, result: nil))
                }
                return RuleOutcome(
                    result: .error(message),
                    trace: RuleTrace(reason: .error, errorCode: "PARSE_ERROR", errorMessage: message, steps: steps))
            }
            let start = reads.count
            let result = condition.evaluate(in: context, reads: &reads)
            if tracing {
                var step = RuleStep(
                    rule: condition.wording, location: condition.location, reads: reads.reads(from: start),
                    result: .bool(result.matched), split: result.split)
                step.note = result.note
                steps.append(step)
            }
            if result.matched {
                return outcome(conditional.value, variant: condition.name, reason: .targetingMatch, steps: steps)
            }
        }
        return outcome(defaultValue, variant: "default", reason: .defaultValue, steps: steps)
    }

    private func outcome(_ value: Value?, variant: String, reason: RuleReason, steps: [RuleStep]) -> RuleOutcome {
        switch value {
        case .text(let text):
            return RuleOutcome(
                result: .value(.text(text)), trace: RuleTrace(variant: variant, reason: reason, steps: steps))
        case .inAppDefault, nil:
            // The condition (or `default`) that chose the in-app default still decided it; the
            // layer has no value, so the next layer decides.
            return RuleOutcome(result: .unset, trace: RuleTrace(variant: variant, reason: reason, steps: steps))
        }
    }
}
