/// Type-checks an expression against the declared keys at load time (docs/computed.md).
package struct ExpressionChecker {
    /// The rules of a key, or `nil` when no blueprint declares it.
    package var rules: (String) -> ValueRules?
    /// Declared keys, for "did you mean".
    package var knownKeys: () -> [String]

    /// Creates a checker over a key lookup.
    package init(rules: @escaping (String) -> ValueRules?, knownKeys: @escaping () -> [String]) {
        self.rules = rules
        self.knownKeys = knownKeys
    }

    /// The kinds of values expressions compute with.
    enum Kind: Equatable {
        case bool, number, text, date, json

        init(_ type: FlagType) {
            switch type {
            case .bool: self = .bool
            case .int, .double: self = .number
            case .string, .enum, .url: self = .text
            case .date: self = .date
            case .json: self = .json
            }
        }

        var name: String {
            switch self {
            case .bool: return "a bool"
            case .number: return "a number"
            case .text: return "text"
            case .date: return "a date"
            case .json: return "JSON"
            }
        }
    }

    /// Checks that `expression` is well typed and yields a value fitting `result`.
    package func check(_ expression: Expression, yielding result: ValueRules) throws(ExpressionError) {
        let kind = try kindOf(expression)
        let expected = Kind(result.type)
        let fits = kind == expected || (result.type == .date && kind == .text && isDateLiteral(expression))
        guard fits else {
            throw ExpressionError(
                message: "the expression gives \(kind.name), but the flag is \(result.type.rawValue)",
                offset: expression.offset)
        }
        if result.type == .int, case .literal(.double, _) = expression {
            throw ExpressionError(
                message: "the expression gives a fraction, but the flag is int", offset: expression.offset)
        }
        if case .literal(let value, let offset) = expression, let problem = result.problem(with: value) {
            throw ExpressionError(message: problem.message, offset: offset)
        }
    }

    private func isDateLiteral(_ expression: Expression) -> Bool {
        if case .literal(.string(let text), _) = expression { return FlagDate.parse(text) != nil }
        return false
    }

    func kindOf(_ expression: Expression) throws(ExpressionError) -> Kind {
        switch expression {
        case .literal(let value, _):
            switch value {
            case .bool: return .bool
            case .int, .double: return .number
            case .date: return .date
            case .json: return .json
            case .string, .url: return .text
            }
        case .key(let key, let offset):
            guard let rules = rules(key) else {
                throw ExpressionError(
                    message: "unknown key '\(TerminalText.escaped(key))'\(Suggestion.hint(for: key, in: knownKeys()))",
                    offset: offset)
            }
            return Kind(rules.type)
        case .not(let operand, _):
            let kind = try kindOf(operand)
            guard kind == .bool else {
                throw ExpressionError(message: "'!' needs a bool, found \(kind.name)", offset: operand.offset)
            }
            return .bool
        case .binary(let op, let left, let right, let offset):
            let leftKind = try kindOf(left)
            let rightKind = try kindOf(right)
            if op == .and || op == .or {
                for (kind, side) in [(leftKind, left), (rightKind, right)] where kind != .bool {
                    throw ExpressionError(
                        message: "'\(op.rawValue)' needs bools on both sides, found \(kind.name)", offset: side.offset)
                }
                return .bool
            }
            let comparable =
                leftKind == rightKind
                || (leftKind == .date && rightKind == .text && isDateLiteral(right))
                || (rightKind == .date && leftKind == .text && isDateLiteral(left))
            guard comparable else {
                throw ExpressionError(message: "cannot compare \(leftKind.name) with \(rightKind.name)", offset: offset)
            }
            if op.isOrdering, leftKind != .number, leftKind != .date, rightKind != .date {
                throw ExpressionError(
                    message: "'\(op.rawValue)' compares numbers or dates, not \(leftKind.name)", offset: offset)
            }
            try checkEnumLiteral(left, against: right)
            try checkEnumLiteral(right, against: left)
            return .bool
        }
    }

    /// `context/platform == 'iOs'` is caught at load time: the literal must be one of the values.
    private func checkEnumLiteral(_ literal: Expression, against other: Expression) throws(ExpressionError) {
        guard case .literal(.string(let text), let offset) = literal, case .key(let key, _) = other,
            let rules = rules(key), rules.type == .enum, !rules.values.contains(text)
        else { return }
        throw ExpressionError(
            message:
                "'\(TerminalText.escaped(text))' is not a value of \(key) (\(rules.values.joined(separator: ", ")))\(Suggestion.hint(for: text, in: rules.values))",
            offset: offset)
    }
}
