import Foundation
import Testing

@testable import FlagCore

/// Rules in order and prerequisites: a gate that fails turns the feature off, any other failed
/// prerequisite skips its rule, a missing feature reads as null, a cycle is an error.
@Suite("GrowthBook: rules in order and prerequisites")
struct GrowthBookEvaluationTests {
    static let payload = """
        {"features": {
          "parent": {"defaultValue": "silver", "rules": [{"condition": {"country": "CA"}, "force": "red"}]},
          "gated": {"defaultValue": "default", "rules": [
            {"parentConditions": [{"id": "parent", "condition": {"value": "red"}, "gate": true}]},
            {"force": "through"}]},
          "soft": {"defaultValue": "default", "rules": [
            {"parentConditions": [{"id": "parent", "condition": {"value": "red"}}], "force": "first"},
            {"parentConditions": [{"id": "ghost", "condition": {"value": {"$exists": false}}}], "force": "second"}]},
          "self": {"rules": [{"parentConditions": [{"id": "self", "condition": {}}], "force": 1}]},
          "twice": {"rules": [{"parentConditions": [{"id": "parent", "condition": {"value": {"$ne": null}}},
                                                    {"id": "parent", "condition": {"value": "silver"}}], "force": "both"}]}
        }}
        """

    @Test("A failed gate stops the feature with no value (DISABLED); a passed one lets the rules go on")
    func gate() throws {
        let payload = try GrowthBookFixture.payload(Self.payload)
        let off = GrowthBookFixture.outcome(payload, #"{"country": "US"}"#, key: "gated")
        #expect(off.result == .unset)
        #expect(off.trace.reason == .disabled)
        #expect(off.trace.sourceReason?.kind == "prerequisite")
        #expect(off.trace.steps.map(\.rule) == [#"prerequisite "parent": value = "red" (gate)"#])
        #expect(off.trace.steps.first?.note == #"'parent' is "silver" (defaultValue)"#)
        #expect(off.trace.steps.first?.reads == [ContextRead(key: "context/country", value: .string("US"))])
        let on = GrowthBookFixture.outcome(payload, #"{"country": "CA"}"#, key: "gated")
        #expect(on.result == .value(.native(.string("through"))))
    }

    @Test("A failed prerequisite without a gate skips its rule; a missing feature's value is null")
    func softPrerequisites() throws {
        let payload = try GrowthBookFixture.payload(Self.payload)
        #expect(
            GrowthBookFixture.outcome(payload, #"{"country": "US"}"#, key: "soft").result
                == .value(.native(.string("second"))))
        #expect(
            GrowthBookFixture.outcome(payload, #"{"country": "CA"}"#, key: "soft").result
                == .value(.native(.string("first"))))
    }

    @Test("A feature that is its own prerequisite is a cycle; the same prerequisite twice is no cycle")
    func cycles() throws {
        let payload = try GrowthBookFixture.payload(Self.payload)
        #expect(try GrowthBookFixture.result(payload, "{}", key: "self").source == .cyclicPrerequisite)
        #expect(GrowthBookFixture.outcome(payload, "{}", key: "twice").result == .value(.native(.string("both"))))
    }

    @Test("A chain of prerequisites deeper than the engine follows is an error, not a deep recursion")
    func longChain() throws {
        let features = (0..<200).map { index in
            #""f\#(index)": {"defaultValue": true, "rules": [{"parentConditions": [{"id": "f\#(index + 1)", "condition": {"value": true}}], "force": true}]}"#
        }
        let payload = try GrowthBookFixture.payload(#"{"features": {\#(features.joined(separator: ", "))}}"#)
        let outcome = GrowthBookFixture.outcome(payload, "{}", key: "f0")
        #expect(outcome.result == .error("prerequisites chain deeper than 32 features"))
        #expect(outcome.trace.errorCode == "GENERAL")
        #expect(GrowthBookFixture.outcome(payload, "{}", key: "f190").result == .value(.native(.bool(true))))
    }
}
