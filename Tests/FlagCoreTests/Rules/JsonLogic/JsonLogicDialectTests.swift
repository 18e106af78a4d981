import Foundation
import Testing

@testable import FlagCore

/// A dialect hands the engine what is not JsonLogic's own: its operators, the data its evaluator
/// adds beside the context, and its schema. Here a dialect made for the test, whose evaluator
/// offers `$test` with a fixed `answer` and the flag's key as `flag`.
@Suite("Rules: JsonLogic dialects")
struct JsonLogicDialectTests {
    /// JsonLogic's operators and `$test`.
    static let dialect = JsonLogicDialect(
        operators: .standard,
        evaluatorData: JsonLogicEvaluatorData(
            name: "$test",
            members: [
                .init(name: "answer", value: { _, _, _ in .number(42) }),
                .init(name: "flag", value: { key, _, _ in .string(key) }),
            ]))

    @Test(
        "A var reads the evaluator's own data by its name: a member, the whole of it, or nothing",
        arguments: [
            (#"{"var": "$test.answer"}"#, "42"),
            (#"{"var": "$test.flag"}"#, #""checkout""#),
            (#"{"var": "$test"}"#, #"{"answer": 42, "flag": "checkout"}"#),
            (#"{"var": "$test.nothing"}"#, "null"),
            (#"{"var": ["$test.nothing", 5]}"#, "5"),
            (#"{"var": "$test.flag.length"}"#, "null"),
            (#"{"+": [{"var": "$test.answer"}, 1]}"#, "43"),
        ])
    func evaluatorData(rule: String, expected: String) throws {
        let value = try RuleFixture.result(
            rule, #"{"$test": {"answer": 1}}"#, flagKey: "checkout", dialect: Self.dialect)
        #expect(try value == RuleFixture.value(expected), "\(rule)")
    }

    @Test("JsonLogic alone has no data of its own: the same name is an attribute of the context")
    func standardDialect() throws {
        let value = try RuleFixture.result(
            #"{"var": "$test.answer"}"#, #"{"$test": {"answer": 1}}"#, dialect: .standard)
        #expect(value == .number(1))
        #expect(JsonLogicDialect.standard.attributeKey(ofPath: "$test.answer") == "context/$test/answer")
        #expect(JsonLogicDialect.standard.schema == nil)
    }

    @Test("The whole data holds the context's attributes, the targeting key and the evaluator's data")
    func wholeData() throws {
        let value = try RuleFixture.result(
            #"{"var": ""}"#, #"{"plan": "pro", "targeting_key": "u-1"}"#, flagKey: "f", dialect: Self.dialect)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members["plan"] == .string("pro"))
        #expect(members["targetingKey"] == .string("u-1"))
        #expect(members["$test"] == (try RuleFixture.value(#"{"answer": 42, "flag": "f"}"#)))
    }

    @Test(
        "A path reads an attribute of the context unless it is the item, the whole data or the evaluator's",
        arguments: [
            ("email", "context/email"), ("user.name", "context/user/name"), ("targetingKey", "context/targeting_key"),
            ("$testing", "context/$testing"),
        ] as [(String, String)])
    func attributeKeys(path: String, key: String) {
        #expect(Self.dialect.attributeKey(ofPath: path) == key)
    }

    @Test(
        "The evaluator's data, the whole data and an item are no attribute",
        arguments: ["$test", "$test.answer", "", ".x"])
    func noAttributeKey(path: String) {
        #expect(Self.dialect.attributeKey(ofPath: path) == nil)
    }

    @Test("The attributes a rule reads leave out the evaluator's data")
    func attributeWalk() throws {
        var compiler = JsonLogicCompiler(evaluators: nil, dialect: Self.dialect)
        let rule = compiler.compile(
            try JSONReader.parse(
                #"{"and": [{"==": [{"var": "$test.flag"}, "checkout"]}, {"in": [{"var": "plan"}, ["pro"]]}]}"#))
        var walk = JsonLogicAttributeWalk(dialect: Self.dialect)
        walk.visit(rule, parent: nil)
        #expect(walk.reads.map(\.key) == ["context/plan"])
    }
}
