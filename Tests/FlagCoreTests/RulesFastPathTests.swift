import Foundation
import Testing

@testable import FlagCore

/// The shortcuts evaluation takes for speed (plain variant names, lists of literals, versions
/// read byte by byte, step words written when read) give exactly what the general paths give.
@Suite("Rules: fast paths agree with the general ones")
struct RulesFastPathTests {
    @Test(
        "A variant name is the text itself only when nothing is escaped, removed or trimmed",
        arguments: [
            ("on", "on"), ("dark-mode_2", "dark-mode_2"), ("café au lait", "café au lait"), ("a b", "a b"),
            // Trimmed, escaped or with quotes removed: the general path decides.
            (" on ", "on"), ("on\u{A0}", "on"), ("\u{3000}on", "on"), (#"say "hi""#, #"say \hi\"#), (#"a\b"#, #"a\\b"#),
            ("a<b", #"a\u003cb"#), ("a&b", #"a\u0026b"#), ("line\nbreak", #"line\nbreak"#), ("é", "é"),
            ("x\u{2028}y", #"x\u2028y"#),
            ("tab\there", #"tab\there"#), ("del\u{7F}", "del\u{7F}"),
        ])
    func variantName(text: String, name: String) throws {
        #expect(try VariantName.written(.string(text)) == name)
    }

    @Test(
        "sem_ver reads prereleases and build metadata byte by byte as before",
        arguments: [
            (#""1.2.3-rc.1""#, ">", "1.2.3-rc.0", "true"), (#""1.2.3-0""#, "<", "1.2.3-1", "true"),
            (#""1.2.3-a-b""#, "=", "1.2.3-a-b", "true"),
            (#""1.2.3+build.01""#, "=", "1.2.3", "true"), (#""1.2.3-rc.1+exp.sha""#, "=", "1.2.3-rc.1", "true"),
            (#""10.0.0""#, ">", "9.99.99", "true"), (#""1.10.0""#, ">", "1.9.0", "true"),
            // Not versions: null.
            (#""1.2.3-""#, "=", "1.2.3", "null"), (#""1.2.3+""#, "=", "1.2.3", "null"),
            (#""1.2.3-01""#, "=", "1.2.3", "null"),
            (#""1.2.3-a..b""#, "=", "1.2.3", "null"), (#""1.2.3-é""#, "=", "1.2.3", "null"),
            (#""1.2.3+b_c""#, "=", "1.2.3", "null"),
            (#""1..2""#, "=", "1.0.2", "null"), (#""1.2.""#, "=", "1.2.0", "null"), (#""1́.2.3""#, "=", "1.2.3", "null"),
            (#""vv1.2.3""#, "=", "1.2.3", "null"), (#""""#, "=", "1.2.3", "null"), (#""v""#, "=", "1.2.3", "null"),
        ])
    func semVer(version: String, comparison: String, target: String, expected: String) throws {
        let rule = #"{"sem_ver": [\#(version), "\#(comparison)", "\#(target)"]}"#
        #expect(try RuleFixture.result(rule) == RuleFixture.value(expected), "\(rule)")
    }

    @Test(
        "A sem_ver literal is strictly written only as three numbers without a v",
        arguments: [
            ("1.2.3", true), ("1.2.3-rc.1+b", true), ("0.0.0", true), ("1.2", false), ("v1.2.3", false),
            ("1.2.3.4", false),
            ("01.2.3", false), ("1.2.3-", false), ("", false), ("1.2.3-a.b.c", true),
        ])
    func strictlyWritten(text: String, strict: Bool) {
        #expect(SemanticVersion.isStrictlyWritten(text) == strict)
    }

    @Test("A list of literals evaluates to itself, and its items still count against the step budget")
    func literalList() throws {
        #expect(
            try RuleFixture.result(#"{"in": [{"var": "country"}, ["DE", "IT"]]}"#, #"{"country": "IT"}"#) == .bool(true)
        )
        #expect(try RuleFixture.result(#"["DE", 1, true, null]"#) == RuleFixture.value(#"["DE", 1, true, null]"#))
        #expect(try RuleFixture.result("[]") == .array([]))
        let items = Array(repeating: "1", count: JsonLogicEvaluation.stepBudget).joined(separator: ", ")
        #expect(throws: RuleEvaluationError.self) { try RuleFixture.result(#"{"in": [1, [\#(items)]]}"#) }
        // A list of rules is still evaluated item by item, and `map` still walks one written in place.
        #expect(try RuleFixture.result(#"[{"+": [1, 1]}, "x"]"#) == RuleFixture.value(#"[2, "x"]"#))
        #expect(try RuleFixture.result(#"{"map": [[1, 2], {"*": [{"var": ""}, 2]}]}"#) == RuleFixture.value("[2, 4]"))
    }

    @Test("A step's words are written from its rule when read, and equal the same words given")
    func stepWords() throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on", "off"]}"#,
            attributes: #"{"email": "ana@example.com"}"#)
        let step = try #require(outcome.trace.steps.first)
        #expect(step.rule == #"email ends_with "@example.com""#)
        var given = RuleStep(
            rule: step.rule, location: step.location, reads: step.reads, result: step.result, split: step.split)
        given.note = step.note
        #expect(given == step)
        #expect(Set([given, step]).count == 1)
        var renamed = step
        renamed.rule = "something else"
        #expect(renamed != step && renamed.rule == "something else")
    }

    @Test(
        "sem_ver compares numbers kept as values and numbers too long for 64 bits alike, with or without a v",
        arguments: [
            (#""18446744073709551616.0.0""#, ">", "9999999999999999999.0.0", "true"),
            (#""99999999999999999999.0.0""#, ">", "18446744073709551616.0.0", "true"),
            (#""18446744073709551616.0.0""#, "=", "18446744073709551616.0.0", "true"),
            (#""1.18446744073709551616.0""#, "^", "1.0.0", "true"),
            (#""1.18446744073709551616.0""#, "~", "1.18446744073709551617.0", "false"),
            (#""9999999999999999999.1.0""#, "<", "10000000000000000000.0.0", "true"),
            (#""v2.1.0""#, "=", "2.1.0", "true"), (#""V2.1""#, "=", "2.1.0", "true"), (#""2""#, "<", "2.0.1", "true"),
            (#""v1.2.3-rc.10""#, ">", "1.2.3-rc.9", "true"),
            (#""1.2.3-rc.100000000000000000000""#, ">", "1.2.3-rc.99", "true"),
        ])
    func semVerNumbers(version: String, comparison: String, target: String, expected: String) throws {
        let rule = #"{"sem_ver": [\#(version), "\#(comparison)", "\#(target)"]}"#
        #expect(try RuleFixture.result(rule) == RuleFixture.value(expected), "\(rule)")
    }

    @Test("Every comparison sem_ver knows is found by its bytes; anything else is none")
    func semVerComparisons() {
        for comparison in SemVerComparison.allCases {
            #expect(SemVerComparison(symbol: comparison.rawValue) == comparison)
        }
        for other in ["", "==", "=>", "<<", "!", "^^", "~>", " =", "= ", "≥"] {
            #expect(SemVerComparison(symbol: other) == nil, "\(other)")
        }
    }

    @Test("Every operator is found by its name, and names that only look alike are unknown")
    func operatorNames() {
        let table = FlagdOperators.table
        for op in JsonLogicOperator.allCases {
            #expect(table.kind(of: op.rawValue) == .standard(op))
        }
        for (index, op) in table.custom.enumerated() {
            #expect(table.kind(of: op.name) == .custom(UInt8(index)))
        }
        for other in ["", "i", "iff", "If", "var ", "sem-ver", "starts_with_", "é", "<=>", "\u{0}"] {
            #expect(table.kind(of: other) == .unknown, "\(other)")
        }
    }

    @Test(
        "Texts compare byte for byte as Go compares them: a precomposed é is not e and a combining accent",
        arguments: [
            (#"{"==": ["\u00e9", "e\u0301"]}"#, "false"), (#"{"==": ["caf\u00e9", "caf\u00e9"]}"#, "true"),
            (#"{"in": ["e\u0301", ["\u00e9"]]}"#, "false"), (#"{"in": ["\u00e9", ["x", "\u00e9"]]}"#, "true"),
            (#"{"ends_with": ["caf\u00e9", "\u00e9"]}"#, "true"),
            (#"{"ends_with": ["cafe\u0301", "\u00e9"]}"#, "false"),
            (#"{"starts_with": ["\u00e9t\u00e9", "\u00e9"]}"#, "true"),
            (#"{"starts_with": ["e\u0301t\u00e9", "\u00e9"]}"#, "false"),
            (#"{"ends_with": ["a", "ab"]}"#, "false"), (#"{"starts_with": ["", ""]}"#, "true"),
            (#"{"ends_with": ["a long text past fifteen bytes", "bytes"]}"#, "true"),
            (#"{"in": ["\u00e9", "caf\u00e9 noir"]}"#, "true"), (#"{"in": ["\u00e9", "cafe\u0301 noir"]}"#, "false"),
            (#"{"in": ["", "x"]}"#, "true"), (#"{"in": ["noir!", "noir"]}"#, "false"),
        ])
    func bytewiseTexts(rule: String, expected: String) throws {
        #expect(try RuleFixture.result(rule) == RuleFixture.value(expected), "\(rule)")
    }

    @Test("A list of values a file repeats is kept once, and only when written alike: é and e + accent are two lists")
    func sharedValueLists() throws {
        var compiler = JsonLogicCompiler(evaluators: [:], operators: FlagdOperators.table)
        func compiled(_ rule: String) throws -> JsonLogicRule { compiler.compile(try JSONReader.parse(rule)) }
        let decomposed = try compiled(#"{"in": [{"var": "name"}, ["e\u0301", "x"]]}"#)
        let precomposed = try compiled(#"{"in": [{"var": "name"}, ["\u00e9", "x"]]}"#)
        let again = try compiled(#"{"in": [{"var": "name"}, ["\u00e9", "x"]]}"#)
        let context = try RuleFixture.context(#"{"name": "\u00e9"}"#)
        func value(_ rule: JsonLogicRule) throws -> LogicValue {
            var evaluation = JsonLogicEvaluation(flagKey: "flag", context: context, operators: FlagdOperators.table)
            return try evaluation.evaluate(rule, LogicScope(data: .context))
        }
        #expect(try value(decomposed) == .bool(false))
        #expect(try value(precomposed) == .bool(true))
        #expect(try value(again) == .bool(true))
        #expect(RuleText.describe(decomposed) == "name in [\"e\u{301}\", \"x\"]")
        func list(_ rule: JsonLogicRule) -> [LogicValue]? {
            guard case .operation(let operation) = rule, case .values(let values)? = operation.argumentList?.last
            else { return nil }
            return values
        }
        let first = try #require(list(precomposed))
        let second = try #require(list(again))
        let other = try #require(list(decomposed))
        #expect(first.withUnsafeBufferPointer(\.baseAddress) == second.withUnsafeBufferPointer(\.baseAddress))
        #expect(first.withUnsafeBufferPointer(\.baseAddress) != other.withUnsafeBufferPointer(\.baseAddress))
        // Numbers by their bits: -0 equals 0, but Go writes it apart.
        let zero = try compiled(#"{"cat": [0, "x"]}"#)
        let negativeZero = try compiled(#"{"cat": [-0.0, "x"]}"#)
        #expect(try value(zero) == .string("0x"))
        #expect(try value(negativeZero) == .string("-0x"))
    }

    @Test(
        "An operation keeps its arguments in place: the same rule compiled twice is equal, shows as written, keeps an unknown operator's name"
    )
    func operationsStoredInPlace() throws {
        let rules = [
            #"{"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on", "off"]}"#,
            #"{"and": []}"#, #"{"!": {"var": "beta"}}"#, #"{"var": ["plan", "free"]}"#,
            #"{"in": [{"var": "country"}, ["DE", {"var": "home"}]]}"#, #"{"frobnicate": [1, {"var": "x"}]}"#,
        ]
        for text in rules {
            var first = JsonLogicCompiler(evaluators: [:], operators: FlagdOperators.table)
            var second = JsonLogicCompiler(evaluators: [:], operators: FlagdOperators.table)
            let a = first.compile(try JSONReader.parse(text))
            let b = second.compile(try JSONReader.parse(text))
            #expect(a == b, "\(text)")
            #expect(a.hashValue == b.hashValue, "\(text)")
            #expect(a.raw.json == JSONValue(try JSONReader.parse(text)), "\(text)")
        }
        var compiler = JsonLogicCompiler(evaluators: [:], operators: FlagdOperators.table)
        let unknown = compiler.compile(try JSONReader.parse(#"{"frobnicate": [1, {"var": "x"}]}"#))
        guard case .operation(let operation) = unknown else {
            Issue.record("not an operation")
            return
        }
        #expect(operation.name == "frobnicate")
        #expect(operation.argumentList?.count == 2)
        #expect(throws: RuleEvaluationError.self) { try RuleFixture.result(#"{"frobnicate": [1, {"var": "x"}]}"#) }
        let other = compiler.compile(try JSONReader.parse(#"{"if": [true, "on", "off"]}"#))
        #expect(other != unknown)
        #expect(try RuleFixture.result(#"{"and": []}"#) == .null)
        #expect(try RuleFixture.result(#"{"!": {"var": "beta"}}"#, #"{"beta": false}"#) == .bool(true))
    }
}
