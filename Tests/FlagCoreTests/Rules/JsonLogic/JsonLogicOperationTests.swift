import Foundation
import Testing

@testable import FlagCore

/// An operation as the compiler stores it: found by its name, its arguments kept in place.
@Suite("JsonLogic operations")
struct JsonLogicOperationTests {
    /// A dialect's operator, for the test: it gives its arguments back.
    enum Echo: JsonLogicCustomOperator {
        static let name = "echo"
        static func check(_ arguments: SourceNode, shown: () -> String, report: (String, TextLocation?) -> Void) {}
        static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation)
            -> CustomOperatorResult
        {
            CustomOperatorResult(value: arguments)
        }
    }

    /// JsonLogic with ``Echo``.
    static let dialect = JsonLogicDialect(operators: JsonLogicOperators(custom: [Echo.self]))

    @Test("Every operator is found by its name, and names that only look alike are unknown")
    func operatorNames() {
        let table = Self.dialect.operators
        for op in JsonLogicOperator.allCases {
            #expect(table.kind(of: op.name) == .standard(op))
        }
        #expect(table.kind(of: "echo") == .custom(0))
        #expect(JsonLogicOperators.standard.kind(of: "echo") == .unknown)
        for other in ["", "i", "iff", "If", "var ", "echo_", "é", "<=>", "\u{0}"] {
            #expect(table.kind(of: other) == .unknown, "\(other)")
        }
    }

    @Test("Each operator has its name as written in rules, one of its own")
    func operatorNamesAsWritten() {
        let names = JsonLogicOperator.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(JsonLogicOperator.variable.name == "var")
        #expect(JsonLogicOperator.missingSome.name == "missing_some")
        #expect(JsonLogicOperator.ternary.name == "?:")
        #expect(JsonLogicOperator.strictNotEqual.name == "!==")
        #expect(JsonLogicOperator.greaterOrEqual.name == ">=")
        #expect(JsonLogicOperator.modulo.name == "%")
        #expect(JsonLogicOperator.in.name == "in")
        #expect(JsonLogicOperator.containsNone.name == "contains_none")
    }

    @Test(
        "An operation keeps its arguments in place: the same rule compiled twice is equal, shows as written, keeps an unknown operator's name"
    )
    func operationsStoredInPlace() throws {
        let rules = [
            #"{"if": [{"echo": [{"var": "email"}, "@example.com"]}, "on", "off"]}"#,
            #"{"and": []}"#, #"{"!": {"var": "beta"}}"#, #"{"var": ["plan", "free"]}"#,
            #"{"in": [{"var": "country"}, ["DE", {"var": "home"}]]}"#, #"{"frobnicate": [1, {"var": "x"}]}"#,
        ]
        for text in rules {
            var first = JsonLogicCompiler(evaluators: [:], dialect: Self.dialect)
            var second = JsonLogicCompiler(evaluators: [:], dialect: Self.dialect)
            let a = first.compile(try JSONReader.parse(text))
            let b = second.compile(try JSONReader.parse(text))
            #expect(a == b, "\(text)")
            #expect(a.hashValue == b.hashValue, "\(text)")
            #expect(a.raw.json == JSONValue(try JSONReader.parse(text)), "\(text)")
        }
        var compiler = JsonLogicCompiler(evaluators: [:], dialect: Self.dialect)
        let unknown = compiler.compile(try JSONReader.parse(#"{"frobnicate": [1, {"var": "x"}]}"#))
        guard case .operation(let operation) = unknown else {
            Issue.record("not an operation")
            return
        }
        #expect(operation.name == "frobnicate")
        #expect(operation.argumentList?.count == 2)
        #expect(throws: RuleEvaluationError.self) {
            try RuleFixture.result(#"{"frobnicate": [1, {"var": "x"}]}"#, dialect: Self.dialect)
        }
        let other = compiler.compile(try JSONReader.parse(#"{"if": [true, "on", "off"]}"#))
        #expect(other != unknown)
        #expect(try RuleFixture.result(#"{"and": []}"#, dialect: Self.dialect) == .null)
        #expect(
            try RuleFixture.result(#"{"!": {"var": "beta"}}"#, #"{"beta": false}"#, dialect: Self.dialect)
                == .bool(true))
        #expect(
            try RuleFixture.result(#"{"echo": [1, "a"]}"#, dialect: Self.dialect) == RuleFixture.value(#"[1, "a"]"#))
    }
}
