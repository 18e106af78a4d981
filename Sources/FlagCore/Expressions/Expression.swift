/// A parsed `computed:` expression (docs/computed.md). Offsets are 0-based scalar offsets in the source text.
package indirect enum Expression: Sendable, Hashable {
    /// A literal value.
    case literal(FlagValue, offset: Int)
    /// A reference to another key's resolved value.
    case key(String, offset: Int)
    /// `!operand`.
    case not(Expression, offset: Int)
    /// A binary operation.
    case binary(BinaryOperator, Expression, Expression, offset: Int)

    /// Where the expression starts in its source text.
    package var offset: Int {
        switch self {
        case .literal(_, let offset), .key(_, let offset), .not(_, let offset), .binary(_, _, _, let offset):
            return offset
        }
    }

    /// Every key the expression reads, in reading order, without repeats.
    package var referencedKeys: [String] {
        var keys: [String] = []
        func visit(_ expression: Expression) {
            switch expression {
            case .literal: break
            case .key(let key, _): if !keys.contains(key) { keys.append(key) }
            case .not(let operand, _): visit(operand)
            case .binary(_, let left, let right, _):
                visit(left)
                visit(right)
            }
        }
        visit(self)
        return keys
    }
}

/// The binary operators, from tightest to loosest binding: comparisons, `&&`, `||`.
package enum BinaryOperator: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"

    /// Whether this is one of the six comparisons.
    package var isComparison: Bool { self != .and && self != .or }
    /// Whether this is an ordering comparison.
    package var isOrdering: Bool {
        self == .less || self == .lessOrEqual || self == .greater || self == .greaterOrEqual
    }
}

/// A problem in an expression, at a 0-based scalar offset of its text.
package struct ExpressionError: Error, Sendable, Equatable {
    /// What is wrong.
    package var message: String
    /// Where, as a 0-based offset in the expression text.
    package var offset: Int
}
