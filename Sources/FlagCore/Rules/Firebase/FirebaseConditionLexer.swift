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
    /// The tokens of `scalars`, ending with `.end`.
    static func tokens(_ scalars: [Unicode.Scalar]) throws(FirebaseConditionError) -> [FirebaseToken] {
        var tokens: [FirebaseToken] = []
        var index = 0
        func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || (scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)))
        }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                index += 1
                continue
            }
            if isNameStart(scalar) {
                while index < scalars.count, isNameStart(scalars[index]) || isDigit(scalars[index]) { index += 1 }
                tokens.append(
                    FirebaseToken(kind: .name(text(scalars[start..<index])), offset: start, length: index - start))
                continue
            }
            let startsNumber =
                isDigit(scalar)
                || ((scalar == "-" || scalar == "+") && index + 1 < scalars.count && isDigit(scalars[index + 1]))
            if startsNumber {
                index += 1
                while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." { index += 1 }
                tokens.append(
                    FirebaseToken(kind: .number(text(scalars[start..<index])), offset: start, length: index - start))
                continue
            }
            if scalar == "'" || scalar == "\"" {
                index += 1
                var value = ""
                while true {
                    guard index < scalars.count else {
                        throw FirebaseConditionError(message: "this text has no closing \(scalar)", offset: start)
                    }
                    let next = scalars[index]
                    if next == scalar { break }
                    if next == "\\", index + 1 < scalars.count {
                        index += 1
                    }
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                tokens.append(FirebaseToken(kind: .text(value), offset: start, length: index - start))
                continue
            }
            let pair = index + 1 < scalars.count ? text(scalars[index...(index + 1)]) : ""
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(pair) {
                index += 2
                tokens.append(FirebaseToken(kind: .symbol(pair), offset: start, length: 2))
                continue
            }
            if ".[](),<>!&|=".unicodeScalars.contains(scalar) {
                index += 1
                tokens.append(FirebaseToken(kind: .symbol(String(scalar)), offset: start, length: 1))
                continue
            }
            throw FirebaseConditionError(
                message: "'\(TerminalText.escaped(String(scalar)))' has no meaning in a condition", offset: start)
        }
        tokens.append(FirebaseToken(kind: .end, offset: scalars.count, length: 0))
        return tokens
    }

    private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
