import Foundation
import Testing

@testable import FlagCore

/// Which variant a toggle gives a device, and what a flag of another type reads from its payload.
@Suite("Unleash: variants")
struct UnleashEvaluationVariantsTests {
    static let variants = """
        [{"name": "t", "enabled": true, "strategies": [
           {"name": "flexibleRollout", "parameters": {"rollout": "100", "groupId": "g", "stickiness": "userId"},
            "constraints": [{"contextName": "plan", "operator": "IN", "values": ["pro"]}],
            "variants": [{"name": "strategy-only", "weight": 1, "payload": {"type": "number", "value": "3"}}]},
           {"name": "default"}],
          "variants": [
           {"name": "vip", "weight": 0, "overrides": [{"contextName": "userId", "values": ["ana"]}],
            "payload": {"type": "json", "value": "{\\"vip\\": true}"}},
           {"name": "plain", "weight": 1, "payload": {"type": "csv", "value": "a,b"}}]},
         {"name": "bare", "enabled": true, "strategies": [{"name": "default"}]},
         {"name": "empty", "enabled": true, "variants": [{"name": "x", "weight": 1}]}]
        """

    @Test(
        "Variants: a strategy's variants win, then overrides, then weights; no variant is the disabled one",
        arguments: [
            ("t", #"{"plan": "pro", "userId": "ana"}"#, "strategy-only", "3"),
            ("t", #"{"userId": "ana"}"#, "vip", #"{"vip": true}"#),
            ("t", #"{"userId": "bob"}"#, "plain", "a,b"),
            ("bare", "{}", "disabled", nil),
            ("empty", "{}", "x", nil),
        ])
    func variants(toggle: String, context: String, name: String, payload: String?) throws {
        let features = try UnleashFixture.document(features: Self.variants).features
        let variant = features.evaluate(toggle, in: try RuleFixture.context(context)).variant
        #expect(variant.name == name)
        #expect(variant.payload?.value == payload)
        #expect(variant.featureEnabled)
    }

    @Test("A flag of another type reads the payload; a disabled variant or one without a payload is unset")
    func payloadValues() throws {
        let features = try UnleashFixture.document(features: Self.variants).features
        let vip = try UnleashFixture.outcome(features, "t", #"{"userId": "ana"}"#, answer: .payload)
        #expect(vip.result == .value(.text(#"{"vip": true}"#)))
        #expect(vip.trace.variant == "vip")
        #expect(vip.trace.reason == .targetingMatch)
        #expect(try UnleashFixture.outcome(features, "bare", answer: .payload).result == .unset)
        #expect(try UnleashFixture.outcome(features, "empty", answer: .payload).result == .unset)
        #expect(try UnleashFixture.outcome(features, "missing", answer: .payload).result == .unset)
        #expect(try UnleashFixture.outcome(features, "missing").result == .value(.native(.bool(false))))
    }
}
