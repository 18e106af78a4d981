import Foundation
import Testing

@testable import FlagCore

/// flagd's own operators besides `fractional`: `sem_ver`, `starts_with`, `ends_with`. Each gives
/// `null` (so the default variant applies) where its input is not what it takes.
@Suite("Rules: flagd operators")
struct FlagdOperatorsTests {
    @Test(
        "starts_with compares bytes and is null for anything but two texts",
        arguments: [
            (#"[{"var": "id"}, "abc"]"#, #"{"id": "abcdef"}"#, "true"),
            (#"[{"var": "id"}, "abc"]"#, #"{"id": "xabc"}"#, "false"),
            (#"[{"var": "id"}, ""]"#, #"{"id": "x"}"#, "true"),
            (#"[{"var": "id"}, "é"]"#, #"{"id": "e\u0301"}"#, "false"),
            (#"[{"var": "num"}, "abc"]"#, #"{"num": 123}"#, "null"), (#"[{"var": "id"}, 3]"#, #"{"id": "3"}"#, "null"),
            (#"["abc"]"#, "{}", "null"), (#"[{"var": "missing"}, "a"]"#, "{}", "null"),
        ])
    func startsWith(arguments: String, attributes: String, expected: String) throws {
        #expect(try RuleFixture.result(#"{"starts_with": \#(arguments)}"#, attributes) == RuleFixture.value(expected))
    }

    @Test(
        "ends_with compares bytes and is null for anything but two texts",
        arguments: [
            (#"[{"var": "id"}, "xyz"]"#, #"{"id": "uvwxyz"}"#, "true"),
            (#"[{"var": "id"}, "xyz"]"#, #"{"id": "xyzu"}"#, "false"),
            (#"[{"var": "id"}, "longer than id"]"#, #"{"id": "id"}"#, "false"),
            (#"[{"var": "num"}, "xyz"]"#, #"{"num": 123}"#, "null"),
            (#"["xyz"]"#, "{}", "null"),
        ])
    func endsWith(arguments: String, attributes: String, expected: String) throws {
        #expect(try RuleFixture.result(#"{"ends_with": \#(arguments)}"#, attributes) == RuleFixture.value(expected))
    }

    @Test(
        "starts_with and ends_with compare bytes as Go does: a precomposed é is not e and a combining accent",
        arguments: [
            (#"{"ends_with": ["caf\u00e9", "\u00e9"]}"#, "true"),
            (#"{"ends_with": ["cafe\u0301", "\u00e9"]}"#, "false"),
            (#"{"starts_with": ["\u00e9t\u00e9", "\u00e9"]}"#, "true"),
            (#"{"starts_with": ["e\u0301t\u00e9", "\u00e9"]}"#, "false"),
            (#"{"ends_with": ["a", "ab"]}"#, "false"), (#"{"starts_with": ["", ""]}"#, "true"),
            (#"{"ends_with": ["a long text past fifteen bytes", "bytes"]}"#, "true"),
        ])
    func bytewiseAffixes(rule: String, expected: String) throws {
        #expect(try RuleFixture.result(rule) == RuleFixture.value(expected), "\(rule)")
    }

    @Test("flagd's four operators are registered in its one table, each found by its name")
    func table() {
        let table = FlagdOperators.table
        #expect(table.custom.map { $0.name } == ["fractional", "sem_ver", "starts_with", "ends_with"])
        for (index, op) in table.custom.enumerated() { #expect(table.kind(of: op.name) == .custom(UInt8(index))) }
        #expect(JsonLogicOperators.standard.kind(of: "fractional") == .unknown, "JsonLogic alone knows none of them")
    }

    @Test("An operator that gives up says why on its step, and the default variant applies")
    func noteOnStep() throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"if": [{"sem_ver": [{"var": "version"}, ">=", "2.0.0"]}, "on", "off"]}"#,
            attributes: #"{"version": "banana"}"#)
        #expect(outcome.trace.variant == "off")
        let step = try #require(outcome.trace.steps.first)
        #expect(step.rule == #"version sem_ver >= "2.0.0""#)
        #expect(step.result == .null)
        #expect(step.note == #"sem_ver: "banana" is not a semantic version"#)
        #expect(step.reads == [ContextRead(key: "context/version", value: .string("banana"))])
    }
}
