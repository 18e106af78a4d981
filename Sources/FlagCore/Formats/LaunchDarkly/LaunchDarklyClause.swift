/// One clause of a flag rule or segment rule: an attribute of one context kind, an operator, the
/// values compared with, and `negate`. Its values are made ready for the operator when the file
/// is read (``LaunchDarklyOperand``).
package struct LaunchDarklyClause: Sendable, Hashable {
    /// The context kind whose attribute is read (`user` when the clause names none).
    package var contextKind: String
    /// The attribute read (ignored by `segmentMatch`).
    package var attribute: LaunchDarklyAttributeReference
    /// The operator, when the SDKs know it.
    package var knownOperator: LaunchDarklyOperator?
    /// The operator as written.
    package var operatorName: String
    /// The values as written.
    package var values: [JSONValue]
    /// Whether the result is negated (a context without the attribute never matches, negated or not).
    package var negate: Bool
    /// Where the clause is written.
    package var location: TextLocation?
    /// The values ready for the operator.
    let operand: LaunchDarklyOperand

    /// Creates a clause and prepares its values for its operator.
    package init(
        contextKind: String = "user", attribute: LaunchDarklyAttributeReference, operatorName: String,
        values: [JSONValue], negate: Bool = false, location: TextLocation? = nil
    ) {
        self.contextKind = contextKind
        self.attribute = attribute
        self.operatorName = operatorName
        self.values = values
        self.negate = negate
        self.location = location
        let known = LaunchDarklyOperator(rawValue: operatorName)
        knownOperator = known
        operand = known.map { Self.operand(of: values, for: $0) } ?? .nothing
    }

    /// The values ready for `known`.
    static func operand(of values: [JSONValue], for known: LaunchDarklyOperator) -> LaunchDarklyOperand {
        switch known {
        case .in:
            var texts: [String] = []
            var numbers: Set<Double> = []
            var bools: Set<Bool> = []
            var others: [JSONValue] = []
            for value in values {
                switch value {
                case .string(let text): texts.append(text)
                case .int(let number): numbers.insert(Double(number))
                case .double(let number): numbers.insert(number)
                case .bool(let flag): bools.insert(flag)
                default: others.append(value)
                }
            }
            return .members(texts: LaunchDarklyKeySet(texts), numbers: numbers, bools: bools, others: others)
        case .endsWith, .startsWith, .contains:
            return .texts(values.map(\.launchDarklyText))
        case .matches:
            return .patterns(values.map { value in value.launchDarklyText.flatMap(LaunchDarklyClause.pattern) })
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            return .numbers(values.map(\.launchDarklyNumber))
        case .before, .after:
            return .instants(values.map(LaunchDarklyDate.milliseconds))
        case .semVerEqual, .semVerLessThan, .semVerGreaterThan:
            return .versions(values.map { $0.launchDarklyText.flatMap(LaunchDarklyVersion.parse) })
        case .segmentMatch:
            return .segments(values.compactMap(\.launchDarklyText))
        }
    }

    /// `source` compiled as the SDKs' regular expressions are (RE2's syntax, Go's SDK), or `nil`
    /// when refused.
    static func pattern(_ source: String) -> LinearPattern? {
        try? LinearPattern(source, dialect: .re2)
    }

    /// Whether the clause's operator holds between one attribute value (not a list: the items of
    /// a list are asked one at a time) and any of the clause's values, before `negate`.
    func matches(_ value: JSONValue) -> Bool {
        switch operand {
        case .members(let texts, let numbers, let bools, let others):
            switch value {
            case .string(let text): return texts.contains(text)
            case .int(let number): return numbers.contains(Double(number))
            case .double(let number): return numbers.contains(number)
            case .bool(let flag): return bools.contains(flag)
            default: return others.contains { $0.isLaunchDarklyEqual(to: value) }
            }
        case .texts(let texts):
            guard case .string(let text) = value else { return false }
            switch knownOperator {
            case .startsWith: return texts.contains { $0.map { UTF8Bytes.hasPrefix(text, $0) } ?? false }
            case .endsWith: return texts.contains { $0.map { UTF8Bytes.hasSuffix(text, $0) } ?? false }
            default: return texts.contains { $0.map { UTF8Bytes.contains(text, $0) } ?? false }
            }
        case .patterns(let patterns):
            guard case .string(let text) = value else { return false }
            return patterns.contains { $0?.matches(in: text) ?? false }
        case .numbers(let numbers):
            guard let number = value.launchDarklyNumber else { return false }
            return numbers.contains { $0.map { compare(number, $0) } ?? false }
        case .instants(let instants):
            guard let instant = LaunchDarklyDate.milliseconds(of: value) else { return false }
            return instants.contains { $0.map { knownOperator == .before ? instant < $0 : instant > $0 } ?? false }
        case .versions(let versions):
            guard let version = value.launchDarklyText.flatMap(LaunchDarklyVersion.parse) else { return false }
            return versions.contains { other in
                guard let other else { return false }
                let order = version.compare(to: other)
                switch knownOperator {
                case .semVerEqual: return order == 0
                case .semVerLessThan: return order < 0
                default: return order > 0
                }
            }
        case .segments, .nothing:
            return false
        }
    }

    /// The numeric comparison of the clause's operator.
    private func compare(_ number: Double, _ other: Double) -> Bool {
        switch knownOperator {
        case .lessThan: return number < other
        case .lessThanOrEqual: return number <= other
        case .greaterThan: return number > other
        default: return number >= other
        }
    }
}

extension JSONValue {
    /// The text when this is a string.
    package var launchDarklyText: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number when this is one (booleans are not numbers).
    package var launchDarklyNumber: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    /// Whether two JSON values are equal as LaunchDarkly compares them: of the same JSON type,
    /// numbers by value (`1` is `1.0`), texts byte for byte, lists item by item, objects member
    /// by member in any order.
    package func isLaunchDarklyEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return UTF8Bytes.equal(a, b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isLaunchDarklyEqual(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { name, value in b[name].map { value.isLaunchDarklyEqual(to: $0) } ?? false }
        default:
            guard let a = launchDarklyNumber, let b = other.launchDarklyNumber else { return false }
            return a == b
        }
    }
}
