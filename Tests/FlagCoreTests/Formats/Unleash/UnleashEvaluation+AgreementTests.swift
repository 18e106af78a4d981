import Foundation
import Testing

@testable import FlagCore

/// Toggles and contexts of our own, decided by the official Unleash engine: every expectation
/// below was given by yggdrasil-engine 2.0.0 (`pip install yggdrasil-engine`, the engine the
/// Python SDK `UnleashClient` runs), `is_enabled` and `get_variant` on `payload`, and is fixed
/// here so the agreement is checked on every run without the engine.
@Suite("Unleash: agreement with the official engine")
struct UnleashEvaluationAgreementTests {
    static let payload = #"""
        {"version": 2, "segments": [{"id": 7, "constraints": [{"contextName": "region", "operator": "IN", "values": ["eu", "us"]}]}],
         "features": [
          {"name": "roll.custom.10", "enabled": true, "strategies": [{"name": "flexibleRollout", "parameters": {"rollout": "10", "stickiness": "tenant", "groupId": "g1"}}]},
          {"name": "roll.custom.33", "enabled": true, "strategies": [{"name": "flexibleRollout", "parameters": {"rollout": "33", "stickiness": "tenant", "groupId": "g2"}}]},
          {"name": "roll.custom.90", "enabled": true, "strategies": [{"name": "flexibleRollout", "parameters": {"rollout": "90", "stickiness": "tenant"}}]},
          {"name": "roll.default.50", "enabled": true, "strategies": [{"name": "flexibleRollout", "parameters": {"rollout": "50", "stickiness": "default"}}]},
          {"name": "roll.user.75", "enabled": true, "strategies": [{"name": "gradualRolloutUserId", "parameters": {"percentage": "75", "groupId": "gx"}}]},
          {"name": "roll.session.25", "enabled": true, "strategies": [{"name": "gradualRolloutSessionId", "parameters": {"percentage": "25", "groupId": "gs"}}]},
          {"name": "roll.segment", "enabled": true, "strategies": [{"name": "flexibleRollout", "segments": [7], "parameters": {"rollout": "60", "stickiness": "userId", "groupId": "seg"}}]},
          {"name": "variants.weights", "enabled": true, "strategies": [{"name": "default"}], "variants": [
             {"name": "a", "weight": 100, "stickiness": "default", "payload": {"type": "string", "value": "A"}},
             {"name": "b", "weight": 300, "stickiness": "default", "payload": {"type": "string", "value": "B"}},
             {"name": "c", "weight": 600, "stickiness": "default", "payload": {"type": "string", "value": "C"}}]},
          {"name": "variants.custom", "enabled": true, "strategies": [], "variants": [
             {"name": "left", "weight": 500, "stickiness": "tenant"}, {"name": "right", "weight": 500, "stickiness": "tenant"}]},
          {"name": "variants.fixed", "enabled": true, "strategies": [], "variants": [
             {"name": "pinned", "weight": 200, "weightType": "fix", "stickiness": "userId"},
             {"name": "x", "weight": 400, "weightType": "variable", "stickiness": "userId"},
             {"name": "y", "weight": 400, "weightType": "variable", "stickiness": "userId"}]},
          {"name": "strategy.variants", "enabled": true, "strategies": [{"name": "flexibleRollout", "parameters": {"rollout": "100", "stickiness": "tenant", "groupId": "sv"},
             "variants": [{"name": "sx", "weight": 1}, {"name": "sy", "weight": 3}]}]},
          {"name": "cidr", "enabled": true, "strategies": [{"name": "remoteAddress", "parameters": {"IPs": "10.0.0.0/8, 192.168.1.7, 2001:db8::/32"}}]},
          {"name": "cidr.constraint", "enabled": true, "strategies": [{"name": "default", "constraints": [{"contextName": "remoteAddress", "operator": "IN_CIDR", "values": ["172.16.0.0/12", "fe80::/10"]}]}]},
          {"name": "dates", "enabled": true, "strategies": [{"name": "default", "constraints": [
             {"contextName": "currentTime", "operator": "DATE_AFTER", "value": "2025-06-01T00:00:00Z"},
             {"contextName": "currentTime", "operator": "DATE_BEFORE", "value": "2026-01-01T00:00:00+01:00"}]}]},
          {"name": "semver", "enabled": true, "strategies": [{"name": "default", "constraints": [
             {"contextName": "version", "operator": "SEMVER_LT", "value": "2.0.0-rc.1"},
             {"contextName": "version", "operator": "SEMVER_GT", "value": "1.4.0", "inverted": false}]}]},
          {"name": "numbers", "enabled": true, "strategies": [{"name": "default", "constraints": [
             {"contextName": "score", "operator": "NUM_GTE", "value": "10.5"}, {"contextName": "score", "operator": "NUM_LT", "value": "100"}]}]}
         ]}
        """#

    static let features: UnleashFeatures = {
        // The payload is fixed text: reading it cannot fail.
        try! UnleashDocument.read(Array(payload.utf8)).features
    }()

    static func enabled(_ toggle: String, _ attributes: [String: JSONValue]) -> Bool {
        features.evaluate(toggle, in: EvaluationContext(attributes: attributes)).enabled
    }

    static func variant(_ toggle: String, _ attributes: [String: JSONValue]) -> String {
        features.evaluate(toggle, in: EvaluationContext(attributes: attributes)).variant.name
    }

    /// `1`/`0` per context, as the engine answered `is_enabled`.
    static func bits(_ toggle: String, _ contexts: [[String: JSONValue]]) -> String {
        String(contexts.map { enabled(toggle, $0) ? "1" : "0" })
    }

    static let tenants: [[String: JSONValue]] = (0..<40).map { ["tenant": .string("t\($0)")] }
    static let users: [[String: JSONValue]] = (0..<40).map { ["userId": .string("u\($0)")] }
    static let sessions: [[String: JSONValue]] = (0..<40).map { ["sessionId": .string("s\($0)")] }

    @Test(
        "flexibleRollout with custom stickiness and groupId, default stickiness, gradual rollouts, segments",
        arguments: [
            ("roll.custom.10", tenants, "0000000000000000000000000010100000000000"),
            ("roll.custom.33", tenants, "1000110010111111000010100100000000000100"),
            ("roll.custom.90", tenants, "1111111111111111011111111111111111111111"),
            ("roll.default.50", users, "0100000111011000011000001001001011011011"),
            ("roll.user.75", users, "1111011101111011011111111111010111101001"),
            ("roll.session.25", sessions, "1001000000000100001000011010000100001100"),
        ])
    func rollouts(toggle: String, contexts: [[String: JSONValue]], expected: String) {
        #expect(Self.bits(toggle, contexts) == expected)
    }

    @Test("A rollout behind a segment: the segment's constraint, then the bucket of userId")
    func segmentedRollout() {
        let regions = ["eu", "us", "ap"]
        let contexts: [[String: JSONValue]] = (0..<40).map {
            ["userId": .string("u\($0)"), "region": .string(regions[$0 % 3])]
        }
        #expect(Self.bits("roll.segment", contexts) == "1000101100101100001001100101100001101001")
    }

    @Test(
        "Variants: weights with default, custom and userId stickiness, fixed weights, strategy variants",
        arguments: [
            (
                "variants.weights", users,
                "b b c c c c c c c b b b c c c a c c b c b c c c c c a a c a c b c c c c a c c a"
            ),
            (
                "variants.custom", tenants,
                "right right right left right right right left right left right right right right right right left right right right left left left left right left left right left right left right left left left left right left right left"
            ),
            (
                "variants.fixed", users,
                "y x x y x y y x y y x x y x y pinned pinned x x pinned y y x y x y y pinned x x x y y x y y pinned y x y"
            ),
            (
                "strategy.variants", tenants,
                "sy sy sy sy sy sy sx sy sy sy sy sx sy sy sy sy sy sy sy sy sy sx sx sx sx sx sy sy sy sy sy sy sy sy sy sx sy sy sy sy"
            ),
        ])
    func variants(toggle: String, contexts: [[String: JSONValue]], expected: String) {
        #expect(contexts.map { Self.variant(toggle, $0) }.joined(separator: " ") == expected)
    }

    static let addresses = [
        "10.1.2.3", "11.0.0.1", "192.168.1.7", "192.168.1.8", "2001:db8:1::5", "2001:db9::1", "172.20.0.1",
        "172.32.0.1", "fe80::1", "not-an-ip",
    ]

    @Test("remoteAddress and IN_CIDR: IPv4 and IPv6 addresses and networks")
    func addresses() {
        let contexts = Self.addresses.map { ["remoteAddress": JSONValue.string($0)] }
        #expect(Self.bits("cidr", contexts) == "1010100000")
        #expect(Self.bits("cidr.constraint", contexts) == "0000001010")
    }

    @Test("DATE_AFTER and DATE_BEFORE on currentTime, with zones")
    func dates() {
        let times = [
            "2025-05-31T23:59:59Z", "2025-06-01T00:00:01Z", "2025-12-31T22:59:59Z", "2025-12-31T23:00:01Z",
            "2025-12-31T23:30:00+01:00",
        ]
        #expect(Self.bits("dates", times.map { ["currentTime": .string($0)] }) == "01101")
    }

    @Test("SEMVER_LT and SEMVER_GT with prereleases; a v prefix or a short version is not a version")
    func versions() {
        let versions = ["1.4.0", "1.4.1", "2.0.0-beta.9", "2.0.0-rc.1", "2.0.0-rc.0", "1.10.0", "v1.5.0", "1.5"]
        #expect(Self.bits("semver", versions.map { ["version": .string($0)] }) == "01101100")
    }

    @Test("NUM_GTE and NUM_LT on text that is a number, or is not")
    func numbers() {
        let scores = ["10.5", "10.49", "99.999", "100", "1e1", "12", "abc", ""]
        #expect(Self.bits("numbers", scores.map { ["score": .string($0)] }) == "10100100")
    }

    /// Toggles on which `Scripts/differential` found Flagscope and yggdrasil apart, as yggdrasil
    /// decides them.
    static let differentialFindings = try! UnleashDocument.read(
        Array(
            #"""
            {"version": 2, "features": [
             {"name": "strategy.variants", "enabled": true, "strategies": [{"name": "default", "variants": [
                {"name": "s1", "weight": 1000, "stickiness": "sessionId"}, {"name": "s2", "weight": 500, "stickiness": "sessionId"}]}]},
             {"name": "user.blank", "enabled": true, "strategies": [{"name": "userWithId", "parameters": {"userIds": "2, "}}]},
             {"name": "parent.plain", "enabled": true, "strategies": []},
             {"name": "child.of.plain", "enabled": true, "strategies": [], "dependencies": [{"feature": "parent.plain", "variants": ["s0"]}]}]}
            """#.utf8)
    ).features

    @Test("A strategy's variants stick as the strategy does (default: user, then session), not as each variant says")
    func strategyVariantStickiness() {
        let contexts: [[String: JSONValue]] = [
            ["userId": .string("1"), "sessionId": .string("s-2")], ["sessionId": .string("s-2")],
            ["userId": .string("7"), "sessionId": .string("s-2")],
            ["userId": .string("ann"), "sessionId": .string("x")],
        ]
        let names = contexts.map {
            Self.differentialFindings.evaluate("strategy.variants", in: EvaluationContext(attributes: $0)).variant.name
        }
        #expect(names == ["s2", "s1", "s2", "s1"])
    }

    @Test("userWithId: an empty entry of userIds is an id too, which an empty userId matches")
    func blankUserId() {
        let contexts: [[String: JSONValue]] = [
            ["userId": .string("")], ["userId": .string("2")], ["userId": .string("3")], [:],
        ]
        let enabled = contexts.map {
            Self.differentialFindings.evaluate("user.blank", in: EvaluationContext(attributes: $0)).enabled
        }
        #expect(enabled == [true, true, false, false])
    }

    @Test("A dependency naming variants holds for a parent that is on and has no variants of its own")
    func dependencyOnParentWithoutVariants() {
        #expect(Self.differentialFindings.evaluate("child.of.plain", in: EvaluationContext(attributes: [:])).enabled)
    }
}
