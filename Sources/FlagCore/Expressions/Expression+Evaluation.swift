// Evaluation of a checked expression against resolved values (docs/computed.md): what a computed flag yields.

extension Expression {
    /// The value of the expression, or `nil` when a key it reads has no value (docs/computed.md).
    package func evaluate(_ lookup: (String) -> FlagValue?) -> FlagValue? {
        switch self {
        case .literal(let value, _):
            return value
        case .key(let key, _):
            return lookup(key)
        case .not(let operand, _):
            guard case .bool(let value)? = operand.evaluate(lookup) else { return nil }
            return .bool(!value)
        case .binary(let op, let left, let right, _):
            // Every key must have a value, so both sides are evaluated (no short-circuit).
            guard let leftValue = left.evaluate(lookup), let rightValue = right.evaluate(lookup) else { return nil }
            switch op {
            case .and, .or:
                guard case .bool(let l) = leftValue, case .bool(let r) = rightValue else { return nil }
                return .bool(op == .and ? l && r : l || r)
            default:
                guard let order = Self.compare(leftValue, rightValue) else {
                    if op == .equal { return .bool(leftValue == rightValue) }
                    if op == .notEqual { return .bool(leftValue != rightValue) }
                    return nil
                }
                switch op {
                case .equal: return .bool(order == 0)
                case .notEqual: return .bool(order != 0)
                case .less: return .bool(order < 0)
                case .lessOrEqual: return .bool(order <= 0)
                case .greater: return .bool(order > 0)
                case .greaterOrEqual: return .bool(order >= 0)
                case .and, .or: return nil
                }
            }
        }
    }

    /// -1, 0 or 1 for comparable pairs (numbers, texts, dates), `nil` otherwise.
    static func compare(_ left: FlagValue, _ right: FlagValue) -> Int? {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (left, right) {
        case (.int(let a), .int(let b)): return sign(a, b)
        case (.int(let a), .double(let b)): return sign(Double(a), b)
        case (.double(let a), .int(let b)): return sign(a, Double(b))
        case (.double(let a), .double(let b)): return sign(a, b)
        case (.date(let a), .date(let b)), (.date(let a), .string(let b)), (.string(let a), .date(let b)):
            guard let x = FlagDate.parse(a), let y = FlagDate.parse(b) else { return nil }
            return sign(x, y)
        case (.string(let a), .string(let b)), (.url(let a), .url(let b)), (.string(let a), .url(let b)),
            (.url(let a), .string(let b)):
            return sign(a, b)
        case (.bool(let a), .bool(let b)): return a == b ? 0 : nil
        default: return nil
        }
    }
}
