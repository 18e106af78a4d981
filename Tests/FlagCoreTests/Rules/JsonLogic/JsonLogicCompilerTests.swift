import Foundation
import Testing

@testable import FlagCore

/// Compiling JsonLogic: nesting it refuses, and lists of values a file repeats kept once.
@Suite("JsonLogic compiler")
struct JsonLogicCompilerTests {
    @Test("A list of values a file repeats is kept once, and only when written alike: é and e + accent are two lists")
    func sharedValueLists() throws {
        var compiler = JsonLogicCompiler(evaluators: [:], dialect: .standard)
        func compiled(_ rule: String) throws -> JsonLogicRule { compiler.compile(try JSONReader.parse(rule)) }
        let decomposed = try compiled(#"{"in": [{"var": "name"}, ["e\u0301", "x"]]}"#)
        let precomposed = try compiled(#"{"in": [{"var": "name"}, ["\u00e9", "x"]]}"#)
        let again = try compiled(#"{"in": [{"var": "name"}, ["\u00e9", "x"]]}"#)
        let context = try RuleFixture.context(#"{"name": "\u00e9"}"#)
        func value(_ rule: JsonLogicRule) throws -> LogicValue {
            var evaluation = JsonLogicEvaluation(flagKey: "flag", context: context, dialect: .standard)
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

    @Test("Rules nested deeper than the compiler allows are a located problem and an error, not a crash")
    func deepNesting() throws {
        let depth = 300
        let rule = String(repeating: #"{"!": "#, count: depth) + "true" + String(repeating: "}", count: depth)
        let problems = try FlagdDocument.targetingProblems(Array(rule.utf8))
        #expect(problems.contains { $0.message.contains("nested more than") && $0.location != nil })
        let outcome = try RuleFixture.outcome(targeting: rule)
        #expect(outcome.trace.reason == .error)
        guard case .error(let message) = outcome.result else {
            Issue.record("expected an error, got \(outcome.result)")
            return
        }
        #expect(message.contains("nested"))
    }
}
