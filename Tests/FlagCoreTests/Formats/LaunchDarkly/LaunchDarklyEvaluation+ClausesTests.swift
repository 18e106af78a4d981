import Foundation
import Testing

@testable import FlagCore

/// Clauses: negation, lists in the context, `kind`, clauses on other kinds, and references the
/// SDKs refuse.
@Suite("LaunchDarkly: clauses")
struct LaunchDarklyEvaluationClausesTests {
    static func matches(_ clause: String, _ device: String) throws -> LaunchDarklyDetail {
        let data = try LaunchDarklyFixture.flag(
            #""on": true, "variations": [true, false], "fallthrough": {"variation": 1}, "rules": [{"id": "r", "variation": 0, "clauses": [\#(clause)]}]"#
        )
        return LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(device))
    }

    @Test(
        "Which clauses match which devices",
        arguments: [
            (#"{"attribute": "key", "op": "in", "values": ["b"], "negate": true}"#, #"{"key": "a"}"#, true),
            (#"{"attribute": "key", "op": "in", "values": ["a"], "negate": true}"#, #"{"key": "a"}"#, false),
            (#"{"attribute": "tags", "op": "in", "values": ["c"]}"#, #"{"key": "a", "tags": ["b", "c"]}"#, true),
            (
                #"{"attribute": "tags", "op": "in", "values": ["c"], "negate": true}"#,
                #"{"key": "a", "tags": ["b", "c"]}"#, false
            ),
            (
                #"{"attribute": "tags", "op": "in", "values": ["c"], "negate": true}"#, #"{"key": "a", "tags": []}"#,
                true
            ),
            (#"{"attribute": "name", "op": "in", "values": [""], "negate": true}"#, #"{"key": "a"}"#, false),
            (#"{"attribute": "kind", "op": "in", "values": ["org"]}"#, #"{"key": "a", "org/key": "o"}"#, true),
            (#"{"attribute": "kind", "op": "matches", "values": ["^[uo]"]}"#, #"{"company/key": "c"}"#, false),
            (#"{"attribute": "kind", "op": "in", "values": ["dog"], "negate": true}"#, #"{"dog/key": "d"}"#, false),
            (
                #"{"contextKind": "org", "attribute": "tier", "op": "in", "values": ["gold"]}"#,
                #"{"key": "a", "org/key": "o", "org/tier": "gold"}"#, true
            ),
            (
                #"{"contextKind": "org", "attribute": "tier", "op": "in", "values": ["x"], "negate": true}"#,
                #"{"key": "a", "tier": "gold"}"#, false
            ),
            (#"{"attribute": "/attr/a", "op": "in", "values": ["right"]}"#, #"{"key": "a", "attr/a": "right"}"#, true),
            (
                #"{"contextKind": "user", "attribute": "/attr1/prop99", "op": "in", "values": ["x"], "negate": true}"#,
                #"{"key": "a", "attr1": {"prop1": "x"}}"#, false
            ),
        ])
    func clauses(clause: String, device: String, matches: Bool) throws {
        #expect(try Self.matches(clause, device).variationIndex == (matches ? 0 : 1))
    }

    @Test(
        "A reference the SDKs refuse is MALFORMED_FLAG, even when the next rule would match",
        arguments: [
            #"{"op": "in", "values": [""]}"#,
            #"{"contextKind": "user", "attribute": "///", "op": "in", "values": [""]}"#,
            #"{"contextKind": "user", "attribute": "/a~b", "op": "in", "values": [true]}"#,
        ])
    func refusedReference(clause: String) throws {
        let detail = try Self.matches(clause, #"{"key": "user-key", "a~b": true}"#)
        #expect(detail.reason == .error(.malformedFlag))
        #expect(detail.errorMessage?.contains("which the SDKs refuse") == true)
    }

    @Test("The clause's step: its words, what it read, and what QA sets to try the other way")
    func step() throws {
        let detail = try Self.matches(
            #"{"attribute": "email", "op": "endsWith", "values": ["@example.com"]}"#, #"{"key": "ana"}"#)
        let step = try #require(detail.steps.first)
        #expect(step.rule == #"email ends with "@example.com""#)
        #expect(step.result == .bool(false))
        #expect(
            step.reads == [
                ContextRead(key: "context/key", value: .string("ana")), ContextRead(key: "context/email", value: nil),
            ])
        #expect(step.note == "context/email is unset; set it to try the other way")
    }
}
