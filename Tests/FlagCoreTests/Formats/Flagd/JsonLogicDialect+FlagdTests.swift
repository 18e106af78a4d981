import Foundation
import Testing

@testable import FlagCore

/// flagd's dialect of JsonLogic: its four operators, its schema, and `$flagd`, the data flagd's
/// evaluator adds to every flag's.
@Suite("Rules: flagd's JsonLogic")
struct JsonLogicDialectFlagdTests {
    @Test(
        "$flagd holds the flag's key and the time in whole seconds, read from the context's clock",
        arguments: [
            (#"{"var": "$flagd.flagKey"}"#, #"{}"#, #""flag""#),
            (#"{"var": "$flagd.timestamp"}"#, #"{}"#, "1767323045"),
            (#"{"var": "$flagd.timestamp"}"#, #"{"now": "2030-01-01T00:00:00"}"#, "1893456000"),
            (#"{"var": "$flagd"}"#, #"{}"#, #"{"flagKey": "flag", "timestamp": 1767323045}"#),
            (#"{"var": ["$flagd.other", "none"]}"#, #"{}"#, #""none""#),
        ])
    func flagdData(rule: String, attributes: String, expected: String) throws {
        #expect(try RuleFixture.result(rule, attributes) == RuleFixture.value(expected), "\(rule) with \(attributes)")
    }

    @Test("The whole data holds $flagd beside the context's attributes")
    func wholeData() throws {
        let value = try RuleFixture.result(#"{"var": ""}"#, #"{"plan": "pro"}"#, flagKey: "checkout")
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members["plan"] == .string("pro"))
        #expect(members["$flagd"] == (try RuleFixture.value(#"{"flagKey": "checkout", "timestamp": 1767323045}"#)))
    }

    @Test("Reading $flagd.timestamp is a read of context/now, shown on its step; $flagd.flagKey reads nothing")
    func timestampRead() throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"if": [{">": [{"var": "$flagd.timestamp"}, 0]}, "on", "off"]}"#)
        #expect(outcome.trace.variant == "on")
        #expect(outcome.trace.steps.first?.reads == [ContextRead(key: "context/now", value: nil)])
        let byKey = try RuleFixture.outcome(
            targeting: #"{"if": [{"==": [{"var": "$flagd.flagKey"}, "flag"]}, "on", "off"]}"#)
        #expect(byKey.trace.variant == "on")
        #expect(byKey.trace.steps.first?.reads == [])
    }

    @Test(
        "$flagd is no attribute of the device: the rules that read it add none",
        arguments: ["$flagd", "$flagd.flagKey"])
    func noAttribute(path: String) {
        #expect(JsonLogicDialect.flagd.attributeKey(ofPath: path) == nil)
    }

    @Test("The dialect is flagd's operators, $flagd's two members and flagd's schema")
    func parts() {
        let dialect = JsonLogicDialect.flagd
        #expect(dialect.operators.custom.map { $0.name } == FlagdOperators.table.custom.map { $0.name })
        #expect(dialect.evaluatorData?.name == "$flagd")
        #expect(dialect.evaluatorData?.members.map(\.name) == ["flagKey", "timestamp"])
        #expect(dialect.schema.map(ObjectIdentifier.init) == ObjectIdentifier(FlagdSchema.self))
    }
}
