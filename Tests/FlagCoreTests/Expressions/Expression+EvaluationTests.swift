import Testing

@testable import FlagCore

/// Evaluating a computed: expression over the values of the keys it reads (docs/computed.md).
@Suite("Expressions: evaluation")
struct ExpressionEvaluationTests {
    static func evaluate(_ text: String, _ values: [String: FlagValue]) throws -> FlagValue? {
        try ExpressionParser.parse(text).evaluate { values[$0] }
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
}
