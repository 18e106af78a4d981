import Foundation
import Testing

@testable import FlagCore

/// JsonLogic alone (``JsonLogicDialect/standard``), as the Go evaluator runs it: every operator,
/// its coercions and truthiness.
@Suite("Rules: JsonLogic operators")
struct JsonLogicEvaluationTests {
    /// (rule, context attributes, expected result).
    static let operators: [(String, String, String)] = [
        // var: dotted paths, defaults, "" for everything, numbers as paths, list indexes
        (#"{"var": "email"}"#, #"{"email": "a@b.c"}"#, #""a@b.c""#),
        (#"{"var": "user.name"}"#, #"{"user": {"name": "ana"}}"#, #""ana""#),
        (#"{"var": "user.name"}"#, #"{"user/name": "flat"}"#, #""flat""#),
        (#"{"var": ["user.plan", "free"]}"#, #"{}"#, #""free""#),
        (#"{"var": ["user.plan", "free"]}"#, #"{"user": {"plan": null}}"#, #""free""#),
        (#"{"var": "tags.1"}"#, #"{"tags": ["a", "b"]}"#, #""b""#),
        (#"{"var": "tags.9"}"#, #"{"tags": ["a", "b"]}"#, "null"),
        (#"{"var": "missing"}"#, #"{}"#, "null"),
        (#"{"var": "targetingKey"}"#, #"{"targeting_key": "u-1"}"#, #""u-1""#),
        // missing, missing_some
        (#"{"missing": ["a", "b.c"]}"#, #"{"a": 1}"#, #"["b.c"]"#),
        (#"{"missing": "a"}"#, #"{}"#, #"["a"]"#),
        // Empty text is present (Go); JavaScript's and Python's json-logic count it missing.
        (#"{"missing": ["a", "b"]}"#, #"{"a": "", "b": null}"#, #"["b"]"#),
        (#"{"missing_some": [1, ["a", "b"]]}"#, #"{"b": 0}"#, "[]"),
        (#"{"missing_some": [2, ["a", "b"]]}"#, #"{"b": 0}"#, #"["a"]"#),
        // if / ?: with many branches, and its defaults
        (#"{"if": [false, "a", false, "b", "c"]}"#, "{}", #""c""#),
        (#"{"if": [false, "a", true, "b", "c"]}"#, "{}", #""b""#),
        (#"{"if": [false, "a"]}"#, "{}", "null"),
        (#"{"if": []}"#, "{}", "null"),
        (#"{"?:": [true, 1, 2]}"#, "{}", "1"),
        // equality and its coercions
        (#"{"==": ["1", 1]}"#, "{}", "true"),
        (#"{"==": [true, 1]}"#, "{}", "true"),
        (#"{"==": [null, 0]}"#, "{}", "false"),
        (#"{"==": [null, null]}"#, "{}", "true"),
        (#"{"==": ["", 0]}"#, "{}", "true"),
        (#"{"==": [[], []]}"#, "{}", "false"),
        (#"{"===": ["1", 1]}"#, "{}", "false"),
        (#"{"===": [1, 1.0]}"#, "{}", "true"),
        (#"{"!=": ["a", "b"]}"#, "{}", "true"),
        (#"{"!==": [1, "1"]}"#, "{}", "true"),
        // truthiness: [] falsy, "0" truthy, {} falsy
        (#"{"!": [[]]}"#, "{}", "true"),
        (#"{"!": ["0"]}"#, "{}", "false"),
        (#"{"!!": ["0"]}"#, "{}", "true"),
        (#"{"!!": [0]}"#, "{}", "false"),
        (#"{"!": true}"#, "{}", "false"),
        (#"{"!!": [{"var": "o"}]}"#, #"{"o": {}}"#, "false"),
        (#"{"or": [false, 0, "a"]}"#, "{}", #""a""#),
        (#"{"or": [false, 0]}"#, "{}", "0"),
        (#"{"and": [true, "a", 3]}"#, "{}", "3"),
        (#"{"and": [true, "", 3]}"#, "{}", #""""#),
        // order, and between
        (#"{"<": [1, 2]}"#, "{}", "true"),
        (#"{"<": ["a", "b"]}"#, "{}", "true"),
        (#"{"<": ["10", "9"]}"#, "{}", "true"),
        (#"{"<": ["10", 9]}"#, "{}", "false"),
        (#"{"<": [1, 4, 3]}"#, "{}", "false"),
        (#"{"<=": [1, 1, 3]}"#, "{}", "true"),
        (#"{">": [2, 1]}"#, "{}", "true"),
        (#"{">=": [1, 1]}"#, "{}", "true"),
        (#"{"<=": [null, 0]}"#, "{}", "false"),
        // arithmetic
        (#"{"+": [4, 2]}"#, "{}", "6"),
        (#"{"+": ["3.14"]}"#, "{}", "3.14"),
        (#"{"+": [1, "x"]}"#, "{}", "1"),
        (#"{"-": [2]}"#, "{}", "-2"),
        (#"{"-": [4, 2]}"#, "{}", "2"),
        (#"{"*": [2, 2, 2]}"#, "{}", "8"),
        (#"{"/": [4, 2]}"#, "{}", "2"),
        (#"{"%": [101, 2]}"#, "{}", "1"),
        (#"{"%": [-7, 3]}"#, "{}", "-1"),
        (#"{"%": [-1, 3]}"#, "{}", "-1"),
        (#"{"max": [1, 3, 2]}"#, "{}", "3"),
        (#"{"min": [1, 3, 2]}"#, "{}", "1"),
        (#"{"max": []}"#, "{}", "null"),
        (#"{"abs": -3}"#, "{}", "3"),
        // lists
        (#"{"map": [{"var": "n"}, {"*": [{"var": ""}, 2]}]}"#, #"{"n": [1, 2]}"#, "[2, 4]"),
        (#"{"filter": [{"var": "n"}, {"%": [{"var": ""}, 2]}]}"#, #"{"n": [1, 2, 3]}"#, "[1, 3]"),
        (#"{"filter": [{"var": "n"}, {">": [{"var": "limit"}, 1]}]}"#, #"{"n": [1, 2], "limit": 5}"#, "[1, 2]"),
        (
            #"{"reduce": [{"var": "n"}, {"+": [{"var": "current"}, {"var": "accumulator"}]}, 0]}"#,
            #"{"n": [1, 2, 3]}"#, "6"
        ),
        (
            #"{"reduce": [{"var": "n"}, {"cat": [{"var": "accumulator"}, {"var": "current"}]}, ""]}"#,
            #"{"n": ["a", "b"]}"#, #""ab""#
        ),
        (#"{"all": [[1, 2], {">": [{"var": ""}, 0]}]}"#, "{}", "true"),
        (#"{"all": [[], {">": [{"var": ""}, 0]}]}"#, "{}", "false"),
        (#"{"none": [[-1, -2], {">": [{"var": ""}, 0]}]}"#, "{}", "true"),
        (#"{"some": [[-1, 1], {">": [{"var": ""}, 0]}]}"#, "{}", "true"),
        (
            #"{"some": [{"var": "pies"}, {"==": [{"var": "filling"}, "apple"]}]}"#,
            #"{"pies": [{"filling": "apple"}]}"#, "true"
        ),
        (#"{"merge": [[1, 2], 3, [4]]}"#, "{}", "[1, 2, 3, 4]"),
        (#"{"in": ["Ringo", ["John", "Ringo"]]}"#, "{}", "true"),
        (#"{"in": ["Spring", "Springfield"]}"#, "{}", "true"),
        (#"{"in": [2, ["1", "2"]]}"#, "{}", "true"),
        (#"{"in": [5, [[1, 10]]]}"#, "{}", "true"),
        (#"{"in": ["x", {"var": "nothing"}]}"#, "{}", "false"),
        (#"{"contains_all": [["a", "b", "c"], ["a", "b"]]}"#, "{}", "true"),
        (#"{"contains_any": [["a"], ["x", "a"]]}"#, "{}", "true"),
        (#"{"contains_none": [["a"], ["x"]]}"#, "{}", "true"),
        // text
        (#"{"cat": ["I love", " pie"]}"#, "{}", #""I love pie""#),
        (#"{"cat": [" a ", 1.5, " "]}"#, "{}", #""a 1.5""#),
        // null is nothing (Go); Python's json-logic writes "null".
        (#"{"cat": ["a", null, "b"]}"#, "{}", #""ab""#),
        (#"{"cat": [" a "]}"#, "{}", #"" a ""#),
        (#"{"cat": [1e21]}"#, "{}", #""1000000000000000000000""#),
        (#"{"substr": ["jsonlogic", 4]}"#, "{}", #""logic""#),
        (#"{"substr": ["jsonlogic", -5]}"#, "{}", #""logic""#),
        (#"{"substr": ["jsonlogic", 1, 3]}"#, "{}", #""son""#),
        (#"{"substr": ["jsonlogic", 4, -2]}"#, "{}", #""log""#),
        (#"{"substr": ["héllo", 1, 2]}"#, "{}", #""él""#),
        // objects: several keys are a value, not an operation
        (#"{"if": [true, {"a": 1, "b": 2}]}"#, "{}", #"{"a": 1, "b": 2}"#),
    ]

    /// The value `rule` gives for `attributes` in JsonLogic alone.
    private func result(_ rule: String, _ attributes: String = "{}") throws -> LogicValue {
        try RuleFixture.result(rule, attributes, dialect: .standard)
    }

    @Test("Each operator gives what the Go evaluator gives", arguments: operators)
    func operatorResults(rule: String, attributes: String, expected: String) throws {
        #expect(try result(rule, attributes) == RuleFixture.value(expected), "\(rule) with \(attributes)")
    }

    /// Rules the Go evaluator cannot run (a panic there): an error here, never a crash.
    static let failures: [String] = [
        #"{"nonsense": [1]}"#,
        #"{"==": 1}"#,
        #"{"+": [1, true]}"#,
        #"{"+": [1, null]}"#,
        #"{"cat": ["a", true]}"#,
        #"{"substr": ["abc", 2, -2]}"#,
        #"{"in": [1, [true]]}"#,
        #"{"in": [1, "abc"]}"#,
        #"{"merge": null}"#,
        #"{"and": {"var": "x"}}"#,
        #"{"var": true}"#,
        #"{"%": [1]}"#,
        #"{"reduce": [[1], {"+": [1, 1]}, [0]]}"#,
        #"{"all": [[1], 5]}"#,
        #"{"if": [true, {"var": "o"}]}"#,
    ]

    @Test("Rules the Go evaluator fails on are errors", arguments: failures)
    func failingRules(rule: String) throws {
        #expect(throws: RuleEvaluationError.self, "\(rule)") { try result(rule, #"{"o": {"x": 1}}"#) }
    }

    @Test("A rule that runs too long is an error within its budget, not a hang")
    func stepBudget() throws {
        // 400 × 400 items: more steps than one evaluation may take.
        let list = "[" + Array(repeating: "1", count: 400).joined(separator: ",") + "]"
        let rule =
            #"{"map": [\#(list), {"reduce": [\#(list), {"+": [{"var": "current"}, {"var": "accumulator"}]}, 0]}]}"#
        let started = Date()
        let error = #expect(throws: RuleEvaluationError.self) { try result(rule) }
        #expect(error?.message.contains("steps") == true)
        #expect(Date().timeIntervalSince(started) < 10)
        let outcome = try RuleFixture.outcome(targeting: rule)
        #expect(outcome.trace.reason == .error)
        #expect(outcome.trace.errorCode == "GENERAL")
    }

    @Test("A list of literals evaluates to itself, and its items still count against the step budget")
    func literalList() throws {
        #expect(
            try result(#"{"in": [{"var": "country"}, ["DE", "IT"]]}"#, #"{"country": "IT"}"#) == .bool(true)
        )
        #expect(try result(#"["DE", 1, true, null]"#) == RuleFixture.value(#"["DE", 1, true, null]"#))
        #expect(try result("[]") == .array([]))
        let items = Array(repeating: "1", count: JsonLogicEvaluation.stepBudget).joined(separator: ", ")
        #expect(throws: RuleEvaluationError.self) { try result(#"{"in": [1, [\#(items)]]}"#) }
        // A list of rules is still evaluated item by item, and `map` still walks one written in place.
        #expect(try result(#"[{"+": [1, 1]}, "x"]"#) == RuleFixture.value(#"[2, "x"]"#))
        #expect(try result(#"{"map": [[1, 2], {"*": [{"var": ""}, 2]}]}"#) == RuleFixture.value("[2, 4]"))
    }

    @Test(
        "Texts compare byte for byte as Go compares them: a precomposed é is not e and a combining accent",
        arguments: [
            (#"{"==": ["\u00e9", "e\u0301"]}"#, "false"), (#"{"==": ["caf\u00e9", "caf\u00e9"]}"#, "true"),
            (#"{"in": ["e\u0301", ["\u00e9"]]}"#, "false"), (#"{"in": ["\u00e9", ["x", "\u00e9"]]}"#, "true"),
            (#"{"in": ["\u00e9", "caf\u00e9 noir"]}"#, "true"), (#"{"in": ["\u00e9", "cafe\u0301 noir"]}"#, "false"),
            (#"{"in": ["", "x"]}"#, "true"), (#"{"in": ["noir!", "noir"]}"#, "false"),
        ])
    func bytewiseTexts(rule: String, expected: String) throws {
        #expect(try result(rule) == RuleFixture.value(expected), "\(rule)")
    }
}
