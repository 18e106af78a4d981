import Testing

@testable import FlagCore

/// The context as rules see it: a dotted name reads the flat key first, else the field of the
/// object above it.
@Suite("Evaluation context")
struct EvaluationContextTests {
    @Test(
        "A dotted name reads the flat key, else the field of the object above it",
        arguments: [
            (#"{"user/name": "flat", "user": {"name": "field"}}"#, "user.name", JSONValue.string("flat")),
            (#"{"user": {"name": "field"}}"#, "user.name", .string("field")),
            (#"{"user": {"address": {"city": "Rome"}}}"#, "user.address.city", .string("Rome")),
            (#"{"user/address": {"city": "Rome"}}"#, "user.address.city", .string("Rome")),
            (#"{"tags": ["a", "b"]}"#, "tags.1", .string("b")),
            (#"{"user/name": "ana", "user/age": 30}"#, "user", .object(["age": .int(30), "name": .string("ana")])),
            (#"{"targeting_key": "u-1"}"#, "targetingKey", .string("u-1")),
            (#"{"count": 0}"#, "count", .int(0)),
            (#"{"user": {"name": null}}"#, "user.name", nil),
            (#"{"user": "text"}"#, "user.name", nil),
        ])
    func attributeLookup(attributes: String, name: String, expected: JSONValue?) throws {
        var reads = ReadLog()
        let context = try RuleFixture.context(attributes)
        #expect(context.attribute(name.split(separator: ".").map(String.init), reads: &reads) == expected)
        #expect(reads.reads == [ContextRead(key: EvaluationContext.key(forAttribute: name), value: expected)])
    }
}
