import Foundation

/// A strategy constraint: a context field, an operator and the values it is compared with;
/// what the operator needs (numbers, versions, dates, addresses, a pattern) is parsed once.
package struct UnleashConstraint: Sendable, Hashable {
    /// The operators the SDKs know; any other name is false.
    package enum Operator: String, Sendable, Hashable, CaseIterable {
        case `in` = "IN"
        case notIn = "NOT_IN"
        case stringContains = "STR_CONTAINS"
        case stringStartsWith = "STR_STARTS_WITH"
        case stringEndsWith = "STR_ENDS_WITH"
        case numberEqual = "NUM_EQ"
        case numberGreater = "NUM_GT"
        case numberGreaterOrEqual = "NUM_GTE"
        case numberLess = "NUM_LT"
        case numberLessOrEqual = "NUM_LTE"
        case dateAfter = "DATE_AFTER"
        case dateBefore = "DATE_BEFORE"
        case semverEqual = "SEMVER_EQ"
        case semverGreater = "SEMVER_GT"
        case semverGreaterOrEqual = "SEMVER_GTE"
        case semverLess = "SEMVER_LT"
        case semverLessOrEqual = "SEMVER_LTE"
        case regex = "REGEX"
        case inCIDR = "IN_CIDR"
    }

    /// The context field read (`userId`, or a property name).
    package var contextName: String
    /// The operator as written.
    package var operatorName: String
    /// The values (`IN`, `STR_*`, `IN_CIDR`).
    package var values: [String]
    /// The single value (`NUM_*`, `DATE_*`, `SEMVER_*`, `REGEX`).
    package var value: String?
    /// Whether the result is negated.
    package var inverted: Bool
    /// Whether text comparisons ignore case.
    package var caseInsensitive: Bool
    /// Where the constraint is written.
    package var location: TextLocation?
    /// The operator, parsed once; `nil` for a name the SDKs do not know.
    let knownOperator: Operator?
    /// What the operator compares with, parsed once.
    let operand: UnleashOperand

    /// Creates a constraint, parsing what its operator compares with.
    package init(
        contextName: String, operatorName: String, values: [String] = [], value: String? = nil,
        inverted: Bool = false, caseInsensitive: Bool = false, location: TextLocation? = nil
    ) {
        self.contextName = contextName
        self.operatorName = operatorName
        self.values = values
        self.value = value
        self.inverted = inverted
        self.caseInsensitive = caseInsensitive
        self.location = location
        let known = Operator(rawValue: operatorName)
        knownOperator = known
        operand = UnleashOperand(known, values: values, value: value, caseInsensitive: caseInsensitive)
    }

    /// Why the SDKs cannot use this constraint as written (it then counts as false), for
    /// `validate`; `nil` when it is fine.
    package var problem: String? {
        guard let knownOperator else {
            return "unknown constraint operator '\(TerminalText.capped(operatorName, limit: 60))' (it is always false)"
        }
        switch (knownOperator, operand) {
        case (.numberEqual, .none), (.numberGreater, .none), (.numberGreaterOrEqual, .none), (.numberLess, .none),
            (.numberLessOrEqual, .none):
            return "\(operatorName) needs a number \"value\", found \(shownValue)"
        case (.dateAfter, .none), (.dateBefore, .none):
            return "\(operatorName) needs an ISO 8601 date-time \"value\", found \(shownValue)"
        case (.semverEqual, .none), (.semverGreater, .none), (.semverGreaterOrEqual, .none), (.semverLess, .none),
            (.semverLessOrEqual, .none):
            return "\(operatorName) needs a semantic version \"value\" (1.2.3), found \(shownValue)"
        case (.regex, .none):
            return "REGEX needs a regular expression \"value\" the SDKs accept, found \(shownValue)"
        case (.regex, .refusedPattern(let error)):
            return
                "REGEX needs a regular expression \"value\" the SDKs accept, found \(shownValue): \(error.description)"
        default:
            return nil
        }
    }

    private var shownValue: String {
        value.map { "\"\(TerminalText.capped($0, limit: 60))\"" } ?? "none"
    }

    // Equal constraints are written the same (the operand is made from the words).
    package static func == (a: UnleashConstraint, b: UnleashConstraint) -> Bool {
        a.contextName == b.contextName && a.operatorName == b.operatorName && a.values == b.values
            && a.value == b.value && a.inverted == b.inverted && a.caseInsensitive == b.caseInsensitive
            && a.location == b.location
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(contextName)
        hasher.combine(operatorName)
        hasher.combine(values)
        hasher.combine(value)
        hasher.combine(inverted)
        hasher.combine(caseInsensitive)
    }
}

/// What a constraint's operator compares the context with, parsed from its value(s).
enum UnleashOperand: Sendable {
    /// Nothing usable (the operator then gives false).
    case none
    /// Text values, already lower-cased when the comparison ignores case.
    case texts([String])
    /// A number.
    case number(Double)
    /// An instant.
    case date(Date)
    /// A semantic version.
    case version(SemanticVersion)
    /// A compiled pattern.
    case pattern(UnleashPattern)
    /// A pattern the engine refuses, with why.
    case refusedPattern(LinearPatternError)
    /// Addresses and networks (entries that are neither are left out, as the SDKs skip them).
    case networks([IPNetwork])

    init(_ known: UnleashConstraint.Operator?, values: [String], value: String?, caseInsensitive: Bool) {
        guard let known else {
            self = .none
            return
        }
        switch known {
        case .in, .notIn:
            self = .texts(values)
        case .stringContains, .stringStartsWith, .stringEndsWith:
            self = .texts(caseInsensitive ? values.map { $0.lowercased() } : values)
        case .numberEqual, .numberGreater, .numberGreaterOrEqual, .numberLess, .numberLessOrEqual:
            self = value.flatMap(UnleashText.number).map(UnleashOperand.number) ?? .none
        case .dateAfter, .dateBefore:
            self = value.flatMap(EvaluationContext.instant).map(UnleashOperand.date) ?? .none
        case .semverEqual, .semverGreater, .semverGreaterOrEqual, .semverLess, .semverLessOrEqual:
            self = value.flatMap(UnleashText.version).map(UnleashOperand.version) ?? .none
        case .regex:
            guard let value else {
                self = .none
                return
            }
            do {
                self = .pattern(try UnleashPattern(value, caseInsensitive: caseInsensitive))
            } catch {
                self = .refusedPattern(error)
            }
        case .inCIDR:
            self = .networks(values.compactMap(IPNetwork.init))
        }
    }
}

/// Text as the SDKs read numbers and versions.
enum UnleashText {
    /// A decimal number (`12`, `12.0`, `-3.5e2`), trimmed; `nil` when it is not one.
    static func number(_ text: String) -> Double? {
        PlainScalar.double(text.trimmingCharacters(in: .whitespaces))
    }

    /// A semantic version written in full (`1.2.3`, `2.0.0-beta.1`; no `v`).
    static func version(_ text: String) -> SemanticVersion? {
        guard SemanticVersion.isStrictlyWritten(text) else { return nil }
        return SemanticVersion(afterV: text[...])
    }
}
