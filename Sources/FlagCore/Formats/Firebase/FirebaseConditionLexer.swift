/// One token of a condition expression, with where it starts (in Unicode scalars, as columns count).
struct FirebaseToken: Sendable, Hashable {
    /// What the token is.
    enum Kind: Sendable, Hashable {
        /// A name: `device`, `contains`, `in`, `between`.
        case name(String)
        /// A quoted text, unescaped.
        case text(String)
        /// A number as written.
        case number(String)
        /// Punctuation or an operator: `.`, `[`, `]`, `(`, `)`, `,`, `==`, `<=`, `&&`, `||`, `!`.
        case symbol(String)
        /// The end of the expression.
        case end
    }

    /// What the token is.
    var kind: Kind
    /// The scalar offset of its first character.
    var offset: Int
    /// Its length in scalars.
    var length: Int

    /// The token as a problem message names it.
    var described: String {
        switch kind {
        case .name(let name): return "'\(name)'"
        case .text(let text): return "'\(TerminalText.capped(text, limit: 40))'"
        case .number(let number): return number
        case .symbol(let symbol): return "'\(symbol)'"
        case .end: return "the end of the condition"
        }
    }
}

/// A condition that cannot be read: what is wrong and where in the expression.
struct FirebaseConditionError: Error, Sendable, Hashable {
    /// What is wrong.
    var message: String
    /// The scalar offset in the expression.
    var offset: Int
}

/// Splits a condition expression into tokens.
enum FirebaseConditionLexer {
    /// The two-scalar operators.
    static let pairs: Set<String> = ["==", "!=", "<=", ">=", "&&", "||"]

    /// The tokens of `scalars`, ending with `.end`.
    static func tokens(_ scalars: [Unicode.Scalar]) throws(FirebaseConditionError) -> [FirebaseToken] {
        var scanner = ScalarScanner(scalars)
        var tokens: [FirebaseToken] = []
        func token(_ kind: FirebaseToken.Kind, from start: Int) {
            tokens.append(FirebaseToken(kind: kind, offset: start, length: scanner.index - start))
        }
        while true {
            scanner.skipSpaces()
            let start = scanner.index
            guard let scalar = scanner.current else { break }
            if ScalarScanner.isNameStart(scalar) {
                let name = scanner.take { ScalarScanner.isNameStart($0) || ScalarScanner.isDigit($0) }
                token(.name(name), from: start)
                continue
            }
            let startsNumber =
                ScalarScanner.isDigit(scalar)
                || ((scalar == "-" || scalar == "+") && scanner.peek(1).map(ScalarScanner.isDigit) == true)
            if startsNumber {
                scanner.index += 1
                scanner.take { ScalarScanner.isDigit($0) || $0 == "." }
                token(.number(scanner.text(from: start)), from: start)
                continue
            }
            if scalar == "'" || scalar == "\"" {
                guard let value = scanner.quoted() else {
                    throw FirebaseConditionError(message: "this text has no closing \(scalar)", offset: start)
                }
                token(.text(value), from: start)
                continue
            }
            if let pair = scanner.take(oneOf: pairs) {
                token(.symbol(pair), from: start)
                continue
            }
            if ".[](),<>!&|=".unicodeScalars.contains(scalar) {
                scanner.index += 1
                token(.symbol(String(scalar)), from: start)
                continue
            }
            throw FirebaseConditionError(
                message: "'\(TerminalText.escaped(String(scalar)))' has no meaning in a condition", offset: start)
        }
        tokens.append(FirebaseToken(kind: .end, offset: scalars.count, length: 0))
        return tokens
    }
}
