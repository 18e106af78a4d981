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
            guard var field = UnleashContextFields.text(contextName, in: context, reads: &reads),
                case .texts(let texts) = operand
            else {
                result = false
                break
            }
            if caseInsensitive { field = field.lowercased() }
            switch knownOperator {
            case .stringStartsWith: result = texts.contains { UTF8Bytes.hasPrefix(field, $0) }
            case .stringEndsWith: result = texts.contains { UTF8Bytes.hasSuffix(field, $0) }
            default: result = texts.contains { UTF8Bytes.contains(field, $0) }
            }
        case .numberEqual, .numberGreater, .numberGreaterOrEqual, .numberLess, .numberLessOrEqual:
            guard let field = UnleashContextFields.text(contextName, in: context, reads: &reads),
                let number = UnleashText.number(field), case .number(let target) = operand
            else {
                result = false
                break
            }
            switch knownOperator {
            case .numberEqual: result = number == target
            case .numberGreater: result = number > target
            case .numberGreaterOrEqual: result = number >= target
            case .numberLess: result = number < target
            default: result = number <= target
            }
        case .dateAfter, .dateBefore:
            let instant: Date?
            if contextName == "currentTime" {
                instant = UnleashContextFields.currentTime(in: context, reads: &reads)
            } else {
                instant = UnleashContextFields.text(contextName, in: context, reads: &reads).flatMap(
                    EvaluationContext.instant)
            }
            guard let instant, case .date(let target) = operand else {
                result = false
                break
            }
            result = knownOperator == .dateAfter ? instant > target : instant < target
        case .semverEqual, .semverGreater, .semverGreaterOrEqual, .semverLess, .semverLessOrEqual:
            guard let field = UnleashContextFields.text(contextName, in: context, reads: &reads),
                let version = UnleashText.version(field), case .version(let target) = operand
            else {
                result = false
                break
            }
            let order = version.compare(to: target)
            switch knownOperator {
            case .semverEqual: result = order == 0
            case .semverGreater: result = order > 0
            case .semverGreaterOrEqual: result = order >= 0
            case .semverLess: result = order < 0
            default: result = order <= 0
            }
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
