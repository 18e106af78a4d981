import Testing

@testable import FlagCore

/// `computed:` expressions (docs/computed.md): parsing with C precedence, errors with offsets, evaluation,
/// and the version comparisons platform constraints rely on.
@Suite("Expressions")
struct ExpressionTests {
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

    // MARK: Evaluation

    static func evaluate(_ text: String, _ values: [String: FlagValue]) throws -> FlagValue? {
        try parse(text).evaluate { values[$0] }
    }

    @Test("Evaluation follows the operators")
    func evaluation() throws {
        let values: [String: FlagValue] = [
            "lab/sson": .bool(true), "context/locale": .string("it"), "count": .int(3), "rate": .double(1.5),
            "launch": .date("2026-12-01"), "off": .bool(false),
        ]
        #expect(try Self.evaluate("lab/sson && context/locale == 'it'", values) == .bool(true))
        #expect(try Self.evaluate("lab/sson && context/locale != 'it'", values) == .bool(false))
        #expect(try Self.evaluate("off || !off", values) == .bool(true))
        #expect(try Self.evaluate("count > 2 && count <= 3", values) == .bool(true))
        #expect(try Self.evaluate("count < rate", values) == .bool(false))
        #expect(try Self.evaluate("rate >= 1.5", values) == .bool(true))
        #expect(try Self.evaluate("count == 3.0", values) == .bool(true))
        #expect(try Self.evaluate("launch < '2027-01-01'", values) == .bool(true))
        #expect(try Self.evaluate("launch >= '2026-12-02'", values) == .bool(false))
        #expect(try Self.evaluate("'b' > 'a'", values) == .bool(true))
        #expect(try Self.evaluate("off == false", values) == .bool(true))
        #expect(try Self.evaluate("42", values) == .int(42))
        #expect(try Self.evaluate("context/locale", values) == .string("it"))
    }

    @Test("Evaluation yields no value when any key it reads has none, even past a deciding operand")
    func missingValues() throws {
        let values: [String: FlagValue] = ["off": .bool(false), "on": .bool(true)]
        #expect(try Self.evaluate("context/locale == 'it'", values) == nil)
        #expect(try Self.evaluate("off && context/locale == 'it'", values) == nil)
        #expect(try Self.evaluate("on || unknown", values) == nil)
        #expect(try Self.evaluate("!unknown", values) == nil)
        #expect(try Self.evaluate("on || off", values) == .bool(true))
    }

    // MARK: Checking

    static func check(_ text: String, yielding type: FlagType, rules: [String: ValueRules] = [:]) -> ExpressionError? {
        let checker = ExpressionChecker(rules: { rules[$0] }, knownKeys: { Array(rules.keys) })
        do {
            try checker.check(try ExpressionParser.parse(text), yielding: ValueRules(type: type))
            return nil
        } catch {
            return error
        }
    }

    @Test("Type checking catches mismatched operands and results, at the offending offset")
    func typeChecking() throws {
        let rules: [String: ValueRules] = [
            "sson": ValueRules(type: .bool), "count": ValueRules(type: .int), "name": ValueRules(type: .string),
            "theme": ValueRules(type: .enum, values: ["light", "dark"]),
        ]
        #expect(Self.check("sson && count > 2", yielding: .bool, rules: rules) == nil)
        #expect(Self.check("theme == 'dark'", yielding: .bool, rules: rules) == nil)
        #expect(Self.check("count", yielding: .int, rules: rules) == nil)
        #expect(Self.check("count", yielding: .double, rules: rules) == nil)

        let andNumber = try #require(Self.check("sson && count", yielding: .bool, rules: rules))
        #expect(andNumber.offset == 8 && andNumber.message.contains("needs bools"))
        let compare = try #require(Self.check("count == 'x'", yielding: .bool, rules: rules))
        #expect(compare.offset == 6 && compare.message.contains("cannot compare a number with text"))
        let ordering = try #require(Self.check("name < 'x'", yielding: .bool, rules: rules))
        #expect(ordering.offset == 5 && ordering.message.contains("compares numbers or dates"))
        let notNumber = try #require(Self.check("!count", yielding: .bool, rules: rules))
        #expect(notNumber.offset == 1 && notNumber.message.contains("'!' needs a bool"))
        let result = try #require(Self.check("count > 1", yielding: .string, rules: rules))
        #expect(result.offset == 6 && result.message.contains("gives a bool, but the flag is string"))
        let unknown = try #require(Self.check("sson && cont > 1", yielding: .bool, rules: rules))
        #expect(
            unknown.offset == 8 && unknown.message.contains("unknown key 'cont'")
                && unknown.message.contains("did you mean 'count'?"))
        let enumValue = try #require(Self.check("theme == 'darkk'", yielding: .bool, rules: rules))
        #expect(enumValue.offset == 9 && enumValue.message.contains("did you mean 'dark'?"))
        let fraction = try #require(Self.check("1.5", yielding: .int, rules: rules))
        #expect(fraction.message.contains("fraction"))
    }

    // MARK: Versions

    @Test(
        "OS versions compare numerically per component",
        arguments: [
            ("10.13.4", "10.13", 1), ("9", "10.0", -1), ("10.13", "10.13.0", 0), ("10.10", "10.9", 1),
            ("17.4.1", "17.4.1", 0), ("1.0.0.1", "1", 1), ("013", "13", 0), ("2", "10", -1),
        ])
    func versionOrder(left: String, right: String, order: Int) throws {
        let l = try #require(OSVersion(left))
        let r = try #require(OSVersion(right))
        #expect((l < r) == (order < 0))
        #expect((l > r) == (order > 0))
        #expect((l == r) == (order == 0))
        if order == 0 { #expect(l.hashValue == r.hashValue) }
    }

    @Test(
        "Only dotted numbers of up to four components are versions",
        arguments: ["", "13.x", "10..1", ".1", "1.", "1.2.3.4.5", "v13", "13 ", "-1", "1e3", "١٣", "1234567890"])
    func badVersions(text: String) {
        #expect(OSVersion(text) == nil)
    }
}
