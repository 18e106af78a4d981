import Foundation

extension UnleashConstraint {
    /// Whether the constraint holds for `context`, as the SDKs decide: an unknown operator is
    /// false (inverted or not); a field that is unset is not in any list, starts with nothing,
    /// is no number, date or version; `inverted` negates the rest.
    func holds(in context: EvaluationContext, reads: inout ReadLog) -> Bool {
        guard let knownOperator else { return false }
        let result: Bool
        switch knownOperator {
        case .in, .notIn:
            let field = UnleashContextFields.text(contextName, in: context, reads: &reads)
            // Texts compare byte for byte, as the SDKs compare them (not as equivalent Unicode).
            let isIn = field.map { value in values.contains { UTF8Bytes.equal($0, value) } } ?? false
            result = knownOperator == .in ? isIn : !isIn
        case .stringContains, .stringStartsWith, .stringEndsWith:
            result = textMatches(knownOperator, in: context, reads: &reads)
        case .numberEqual, .numberGreater, .numberGreaterOrEqual, .numberLess, .numberLessOrEqual:
            result = numberMatches(knownOperator, in: context, reads: &reads)
        case .dateAfter, .dateBefore:
            result = dateMatches(knownOperator, in: context, reads: &reads)
        case .semverEqual, .semverGreater, .semverGreaterOrEqual, .semverLess, .semverLessOrEqual:
            result = versionMatches(knownOperator, in: context, reads: &reads)
        case .regex:
            guard let field = UnleashContextFields.text(contextName, in: context, reads: &reads),
                case .pattern(let pattern) = operand
            else {
                result = false
                break
            }
            result = pattern.matches(field)
        case .inCIDR:
            guard let field = UnleashContextFields.text(contextName, in: context, reads: &reads),
                case .networks(let networks) = operand
            else {
                result = false
                break
            }
            result = networks.contains { $0.contains(field) }
        }
        return inverted ? !result : result
    }

    /// `STR_CONTAINS`, `STR_STARTS_WITH`, `STR_ENDS_WITH`: whether the field has one of the
    /// texts in it, at its start or at its end (bytes compared, after lowercasing when the
    /// constraint is case-insensitive).
    private func textMatches(_ op: Operator, in context: EvaluationContext, reads: inout ReadLog) -> Bool {
        guard var field = UnleashContextFields.text(contextName, in: context, reads: &reads),
            case .texts(let texts) = operand
        else { return false }
        if caseInsensitive { field = field.lowercased() }
        switch op {
        case .stringStartsWith: return texts.contains { UTF8Bytes.hasPrefix(field, $0) }
        case .stringEndsWith: return texts.contains { UTF8Bytes.hasSuffix(field, $0) }
        default: return texts.contains { UTF8Bytes.contains(field, $0) }
        }
    }

    /// `NUM_EQ`, `NUM_GT`, `NUM_GTE`, `NUM_LT`, `NUM_LTE`: the field, read as a number, against
    /// the constraint's.
    private func numberMatches(_ op: Operator, in context: EvaluationContext, reads: inout ReadLog) -> Bool {
        guard let field = UnleashContextFields.text(contextName, in: context, reads: &reads),
            let number = UnleashText.number(field), case .number(let target) = operand
        else { return false }
        switch op {
        case .numberEqual: return number == target
        case .numberGreater: return number > target
        case .numberGreaterOrEqual: return number >= target
        case .numberLess: return number < target
        default: return number <= target
        }
    }

    /// `DATE_AFTER`, `DATE_BEFORE`: the field (the clock for `currentTime`), read as an
    /// instant, against the constraint's.
    private func dateMatches(_ op: Operator, in context: EvaluationContext, reads: inout ReadLog) -> Bool {
        let instant: Date?
        if contextName == "currentTime" {
            instant = UnleashContextFields.currentTime(in: context, reads: &reads)
        } else {
            instant = UnleashContextFields.text(contextName, in: context, reads: &reads).flatMap(
                EvaluationContext.instant)
        }
        guard let instant, case .date(let target) = operand else { return false }
        return op == .dateAfter ? instant > target : instant < target
    }

    /// `SEMVER_EQ`, `SEMVER_GT`, `SEMVER_GTE`, `SEMVER_LT`, `SEMVER_LTE`: the field, read as a
    /// semantic version, against the constraint's.
    private func versionMatches(_ op: Operator, in context: EvaluationContext, reads: inout ReadLog) -> Bool {
        guard let field = UnleashContextFields.text(contextName, in: context, reads: &reads),
            let version = UnleashText.version(field), case .version(let target) = operand
        else { return false }
        let order = version.compare(to: target)
        switch op {
        case .semverEqual: return order == 0
        case .semverGreater: return order > 0
        case .semverGreaterOrEqual: return order >= 0
        case .semverLess: return order < 0
        default: return order <= 0
        }
    }

    /// The constraint in Unleash's words: `userId IN ["123", "456"]`, `version not SEMVER_LT 2.0.0`.
    var wording: String {
        var words = TerminalText.capped(contextName, limit: 60) + " " + (inverted ? "not " : "") + operatorName
        if let value, values.isEmpty {
            words += " " + JSONValue.string(TerminalText.capped(value, limit: 80)).compactText
        } else {
            let shown = values.prefix(10).map { JSONValue.string(TerminalText.capped($0, limit: 60)).compactText }
            let more = values.count > 10 ? ", … \(values.count - 10) more" : ""
            words += " [" + shown.joined(separator: ", ") + more + "]"
        }
        if caseInsensitive { words += " (case-insensitive)" }
        return words
    }
}
