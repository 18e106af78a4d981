/// Parses `computed:` expressions by recursive descent (docs/computed.md): no general-purpose interpreter.
package enum ExpressionParser {
    /// Expressions nested deeper than this are refused.
    static let maximumDepth = 64

    /// Parses a whole expression.
    package static func parse(_ text: String) throws(ExpressionError) -> Expression {
        var parser = Parser(tokens: try Lexer.tokens(of: text))
        let expression = try parser.or(depth: 0)
        guard parser.current.kind == .end else {
            throw ExpressionError(
                message: "unexpected \(parser.current.describe) after the expression", offset: parser.current.offset)
        }
        return expression
    }

    struct Token {
        enum Kind: Equatable {
            case identifier(String)
            case string(String)
            case number(String)
            case symbol(String)
            case end
        }
        var kind: Kind
        var offset: Int

        var describe: String {
            switch kind {
            case .identifier(let name): return "'\(TerminalText.escaped(name))'"
            case .string(let text): return "string '\(TerminalText.escaped(text))'"
            case .number(let text): return "number \(text)"
            case .symbol(let symbol): return "'\(symbol)'"
            case .end: return "end of expression"
            }
        }
    }

    enum Lexer {
        /// The two-scalar operators.
        static let pairs: Set<String> = ["==", "!=", "<=", ">=", "&&", "||"]

        static func tokens(of text: String) throws(ExpressionError) -> [Token] {
            var scanner = ScalarScanner(text)
            var tokens: [Token] = []
            // A key is a name that may also hold digits and `/` after its first letter.
            func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
                ScalarScanner.isNameStart(scalar) || ScalarScanner.isDigit(scalar) || scalar == "/"
            }
            // A minus starts a number only where an operand may stand: first, or after a symbol.
            var operandMayFollow: Bool {
                tokens.last.map { if case .symbol = $0.kind { return true } else { return false } } ?? true
            }
            while true {
                scanner.skipSpaces()
                let start = scanner.index
                guard let scalar = scanner.current else { break }
                if ScalarScanner.isNameStart(scalar) {
                    tokens.append(Token(kind: .identifier(scanner.take(while: isKeyCharacter)), offset: start))
                    continue
                }
                let startsNumber =
                    ScalarScanner.isDigit(scalar)
                    || (scalar == "-" && scanner.peek(1).map(ScalarScanner.isDigit) == true && operandMayFollow)
                if startsNumber {
                    scanner.index += 1
                    scanner.take { ScalarScanner.isDigit($0) || $0 == "." }
                    tokens.append(Token(kind: .number(scanner.text(from: start)), offset: start))
                    continue
                }
                if scalar == "'" || scalar == "\"" {
                    guard let content = scanner.quoted() else {
                        throw ExpressionError(message: "unterminated string", offset: start)
                    }
                    tokens.append(Token(kind: .string(content), offset: start))
                    continue
                }
                if let pair = scanner.take(oneOf: pairs) {
                    tokens.append(Token(kind: .symbol(pair), offset: start))
                    continue
                }
                if "!<>()".unicodeScalars.contains(scalar) {
                    tokens.append(Token(kind: .symbol(String(scalar)), offset: start))
                    scanner.index += 1
                    continue
                }
                let hint: String
                switch scalar {
                case "=": hint = "; compare with =="
                case "&": hint = "; use && for and"
                case "|": hint = "; use || for or"
                case "-": hint = "; bare keys cannot contain '-': write key(\"a/b-c\")"
                default: hint = ""
                }
                throw ExpressionError(
                    message: "unexpected character '\(TerminalText.escaped(String(scalar)))'\(hint)", offset: start)
            }
            tokens.append(Token(kind: .end, offset: scanner.scalars.count))
            return tokens
        }
    }

    struct Parser {
        let tokens: [Token]
        var position = 0

        var current: Token { tokens[position] }

        mutating func advance() -> Token {
            let token = tokens[position]
            if position < tokens.count - 1 { position += 1 }
            return token
        }

        func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

        mutating func or(depth: Int) throws(ExpressionError) -> Expression {
            guard depth < ExpressionParser.maximumDepth else {
                throw ExpressionError(message: "expression nested too deeply", offset: current.offset)
            }
            var left = try and(depth: depth)
            while isSymbol("||") {
                let token = advance()
                let right = try and(depth: depth)
                left = .binary(.or, left, right, offset: token.offset)
            }
            return left
        }

        mutating func and(depth: Int) throws(ExpressionError) -> Expression {
            var left = try comparison(depth: depth)
            while isSymbol("&&") {
                let token = advance()
                let right = try comparison(depth: depth)
                left = .binary(.and, left, right, offset: token.offset)
            }
            return left
        }

        mutating func comparison(depth: Int) throws(ExpressionError) -> Expression {
            let left = try unary(depth: depth)
            guard case .symbol(let symbol) = current.kind, let op = BinaryOperator(rawValue: symbol), op.isComparison
            else {
                return left
            }
            let token = advance()
            let right = try unary(depth: depth)
            if case .symbol(let next) = current.kind, let chained = BinaryOperator(rawValue: next), chained.isComparison
            {
                throw ExpressionError(
                    message: "comparisons cannot be chained; use && between them", offset: current.offset)
            }
            return .binary(op, left, right, offset: token.offset)
        }

        mutating func unary(depth: Int) throws(ExpressionError) -> Expression {
            if isSymbol("!") {
                let token = advance()
                guard depth < ExpressionParser.maximumDepth else {
                    throw ExpressionError(message: "expression nested too deeply", offset: token.offset)
                }
                return .not(try unary(depth: depth + 1), offset: token.offset)
            }
            return try primary(depth: depth)
        }

        mutating func primary(depth: Int) throws(ExpressionError) -> Expression {
            let token = advance()
            switch token.kind {
            case .symbol("("):
                let inner = try or(depth: depth + 1)
                guard isSymbol(")") else {
                    throw ExpressionError(
                        message:
                            "expected ')' to close the '(' at column \(token.offset + 1), found \(current.describe)",
                        offset: current.offset)
                }
                _ = advance()
                return inner
            case .identifier("true"): return .literal(.bool(true), offset: token.offset)
            case .identifier("false"): return .literal(.bool(false), offset: token.offset)
            case .identifier("key") where isSymbol("("):
                _ = advance()
                let argument = advance()
                guard case .string(let key) = argument.kind else {
                    throw ExpressionError(
                        message: "key(...) takes a quoted key, such as key(\"a/b-c\")", offset: argument.offset)
                }
                guard isSymbol(")") else {
                    throw ExpressionError(message: "expected ')' after the key", offset: current.offset)
                }
                _ = advance()
                return .key(key, offset: token.offset)
            case .identifier(let name):
                if name.hasSuffix("/") || name.contains("//") {
                    throw ExpressionError(
                        message: "'\(name)' is not a key: segments are joined by single '/'", offset: token.offset)
                }
                return .key(name, offset: token.offset)
            case .string(let text): return .literal(.string(text), offset: token.offset)
            case .number(let text):
                if let int = Int(text) { return .literal(.int(int), offset: token.offset) }
                if let double = PlainScalar.double(text) { return .literal(.double(double), offset: token.offset) }
                throw ExpressionError(message: "'\(text)' is not a number", offset: token.offset)
            case .end:
                throw ExpressionError(
                    message: "expected a value, key or '(' but the expression ends", offset: token.offset)
            default:
                throw ExpressionError(
                    message: "expected a value, key or '(', found \(token.describe)", offset: token.offset)
            }
        }
    }
}
