/// A clause's operator, as LaunchDarkly names it. A name the SDKs do not know is kept as text
/// on the clause (``LaunchDarklyClause/operatorName``) and never matches.
package enum LaunchDarklyOperator: String, Sendable, Hashable, CaseIterable {
    /// The attribute equals one of the values (same JSON type; numbers by value).
    case `in`
    /// Text that ends with one of the values.
    case endsWith
    /// Text that starts with one of the values.
    case startsWith
    /// Text that one of the values, a regular expression, matches somewhere.
    case matches
    /// Text that holds one of the values.
    case contains
    /// A number below one of the values.
    case lessThan
    /// A number at most one of the values.
    case lessThanOrEqual
    /// A number above one of the values.
    case greaterThan
    /// A number at least one of the values.
    case greaterThanOrEqual
    /// A date (epoch milliseconds or RFC 3339 text) before one of the values.
    case before
    /// A date after one of the values.
    case after
    /// A semantic version equal to one of the values (build metadata aside).
    case semVerEqual
    /// A semantic version lower than one of the values.
    case semVerLessThan
    /// A semantic version higher than one of the values.
    case semVerGreaterThan
    /// The context is in one of the segments the values name.
    case segmentMatch

    /// The kind of value the operator compares an attribute with, for the Context branch.
    var typeHint: AttributeTypeHint? {
        switch self {
        case .in, .segmentMatch, .before, .after: return nil
        case .endsWith, .startsWith, .matches, .contains: return .text
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual: return .number
        case .semVerEqual, .semVerLessThan, .semVerGreaterThan: return .version
        }
    }

    /// The operator in LaunchDarkly's words, and in its negated form (`is one of`, `is not one of`).
    var words: (plain: String, negated: String) {
        switch self {
        case .in: return ("is one of", "is not one of")
        case .endsWith: return ("ends with", "does not end with")
        case .startsWith: return ("starts with", "does not start with")
        case .matches: return ("matches", "does not match")
        case .contains: return ("contains", "does not contain")
        case .lessThan: return ("<", "is not <")
        case .lessThanOrEqual: return ("<=", "is not <=")
        case .greaterThan: return (">", "is not >")
        case .greaterThanOrEqual: return (">=", "is not >=")
        case .before: return ("is before", "is not before")
        case .after: return ("is after", "is not after")
        case .semVerEqual: return ("is version", "is not version")
        case .semVerLessThan: return ("is a version below", "is not a version below")
        case .semVerGreaterThan: return ("is a version above", "is not a version above")
        case .segmentMatch: return ("is in segment", "is not in segment")
        }
    }
}

/// A clause's values made ready for its operator once, when the file is read: texts hashed,
/// regular expressions compiled, dates and versions parsed. A value of a type the operator
/// cannot use is `nil` and never matches, as the SDKs decide.
enum LaunchDarklyOperand: Sendable, Hashable {
    /// `in`: the texts and numbers hashed, which booleans, and the other values compared in turn.
    case members(texts: LaunchDarklyKeySet, numbers: Set<Double>, bools: Set<Bool>, others: [JSONValue])
    /// `startsWith`, `endsWith`, `contains`: each value's text.
    case texts([String?])
    /// `matches`: each value compiled.
    case patterns([LinearPattern?])
    /// The numeric comparisons: each value as a number.
    case numbers([Double?])
    /// `before`, `after`: each value as epoch milliseconds.
    case instants([Double?])
    /// The semantic version comparisons: each value as a version.
    case versions([SemanticVersion?])
    /// `segmentMatch`: the segment keys named (values that are not text are left out).
    case segments([String])
    /// An operator the SDKs do not know: nothing matches.
    case nothing
}
