import Testing

@testable import FlagCore

/// Parsing `computed:` expressions (docs/computed.md): C precedence, literals and keys, errors with offsets.
@Suite("Expressions")
struct ExpressionParserTests {
    static func parse(_ text: String) throws -> Expression { try ExpressionParser.parse(text) }

    static func error(_ text: String) -> ExpressionError? {
        do {
            _ = try ExpressionParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// A fully parenthesised rendering that shows how an expression grouped.
    static func shape(_ expression: Expression) -> String {
        switch expression {
        case .literal(let value, _):
            if case .string(let text) = value { return "'\(text)'" }
            return value.displayText
        case .key(let key, _): return key
        case .not(let operand, _): return "!" + shape(operand)
        case .binary(let op, let left, let right, _): return "(\(shape(left)) \(op.rawValue) \(shape(right)))"
        }
    }

    @Test(
        "Precedence is C's: '!' binds tightest, then comparisons, then &&, then ||",
        arguments: [
            ("a || b && c", "(a || (b && c))"),
            ("a && b || c", "((a && b) || c)"),
            ("!a && b", "(!a && b)"),
            ("!a == b", "(!a == b)"),
            ("a == b && c != d", "((a == b) && (c != d))"),
            ("x < 3 || y >= 4 && !z", "((x < 3) || ((y >= 4) && !z))"),
            ("a || b || c", "((a || b) || c)"),
            ("a && b && c", "((a && b) && c)"),
            ("(a || b) && c", "((a || b) && c)"),
            ("!(a || b)", "!(a || b)"),
            ("!!a", "!!a"),
            ("a <= b", "(a <= b)"),
            ("a > -1", "(a > -1)"),
        ])
    func precedence(text: String, expected: String) throws {
        #expect(Self.shape(try Self.parse(text)) == expected)
    }

    @Test("Literals: true, false, integers, negatives, decimals and quoted text")
    func literals() throws {
        #expect(try Self.parse("true") == .literal(.bool(true), offset: 0))
        #expect(try Self.parse("false") == .literal(.bool(false), offset: 0))
        #expect(try Self.parse("42") == .literal(.int(42), offset: 0))
        #expect(try Self.parse("-7") == .literal(.int(-7), offset: 0))
        #expect(try Self.parse("1.5") == .literal(.double(1.5), offset: 0))
        #expect(try Self.parse("'text'") == .literal(.string("text"), offset: 0))
        #expect(try Self.parse("\"text\"") == .literal(.string("text"), offset: 0))
        #expect(try Self.parse("'it\\'s'") == .literal(.string("it's"), offset: 0))
        #expect(try Self.parse("'é 🚀'") == .literal(.string("é 🚀"), offset: 0))
    }

    @Test("Keys: bare a/b_c, and key(\"…\") for keys a bare word cannot spell")
    func keys() throws {
        #expect(try Self.parse("lab/secrets/boom_feature") == .key("lab/secrets/boom_feature", offset: 0))
        #expect(try Self.parse("key(\"a/b-c\")") == .key("a/b-c", offset: 0))
        #expect(try Self.parse("key('x y')") == .key("x y", offset: 0))
        let expression = try Self.parse("  key(\"a/b-c\") && context/locale == 'it'")
        #expect(expression.referencedKeys == ["a/b-c", "context/locale"])
        #expect(
            expression
                == .binary(
                    .and, .key("a/b-c", offset: 2),
                    .binary(
                        .equal, .key("context/locale", offset: 18), .literal(.string("it"), offset: 36), offset: 33),
                    offset: 15))
    }

    @Test("Referenced keys are listed once, in reading order")
    func referencedKeys() throws {
        #expect(try Self.parse("b && a || !b && c == 1").referencedKeys == ["b", "a", "c"])
        #expect(try Self.parse("true").referencedKeys.isEmpty)
    }

    @Test(
        "Errors carry the 0-based offset of the offending token",
        arguments: [
            ("a &&", 4, "ends"),
            ("a && && b", 5, "found '&&'"),
            ("a = b", 2, "compare with =="),
            ("a & b", 2, "use && for and"),
            ("a | b", 2, "use || for or"),
            ("a-b", 1, "key(\"a/b-c\")"),
            ("(a || b", 7, "expected ')'"),
            ("a b", 2, "unexpected 'b' after the expression"),
            ("a == b == c", 7, "cannot be chained"),
            ("'open", 0, "unterminated string"),
            ("x && 'é🚀' ? y", 10, "unexpected character '?'"),
            ("key(abc)", 4, "takes a quoted key"),
            ("key('a' b", 8, "expected ')'"),
            ("a/ && b", 0, "segments are joined by single '/'"),
            ("1.2.3", 0, "not a number"),
            (")", 0, "found ')'"),
            ("", 0, "ends"),
        ])
    func errorOffsets(text: String, offset: Int, fragment: String) throws {
        let error = try #require(Self.error(text), "'\(text)' should not parse")
        #expect(error.offset == offset, "\(error.message)")
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test("Deep nesting is refused, not a stack overflow")
    func deepNesting() throws {
        #expect(
            Self.error(String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)) != nil)
        #expect(Self.error(String(repeating: "!", count: 100_000) + "a") != nil)
    }
}
