import Foundation
import Testing

@testable import FlagCore

/// An operation as the compiler stores it: found by its name, its arguments kept in place.
@Suite("JsonLogic operations")
struct JsonLogicOperationTests {
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
