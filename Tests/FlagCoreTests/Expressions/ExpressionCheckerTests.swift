import Testing

@testable import FlagCore

/// Type checking a computed: expression against the flags it reads and the type it must yield.
@Suite("Expressions: type checking")
struct ExpressionCheckerTests {
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
}
