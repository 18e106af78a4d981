import Foundation
import Testing

@testable import FlagCore

/// Individual targets: user keys in `targets`, keys of any kind in `contextTargets`.
@Suite("LaunchDarkly: individual targets")
struct LaunchDarklyEvaluationTargetingTests {
    static let flag =
        #""on": true, "variations": ["off", "fall", "a", "b"], "offVariation": 0, "fallthrough": {"variation": 1}, "targets": [{"variation": 2, "values": ["key1", "key2"]}, {"variation": 3, "values": ["key3"]}]"#
    static let byKind =
        flag
        + #", "contextTargets": [{"contextKind": "org", "variation": 3, "values": ["key1"]}, {"contextKind": "user", "variation": 2, "values": []}, {"contextKind": "user", "variation": 3, "values": []}]"#

    @Test(
        "The first list holding the context's key serves; kinds are looked up in contextTargets' order",
        arguments: [
            (flag, #"{"key": "key1"}"#, 2), (flag, #"{"key": "key3"}"#, 3), (flag, #"{"key": "key9"}"#, 1),
            (flag, #"{"org/key": "key1"}"#, 1), (byKind, #"{"key": "key1"}"#, 2), (byKind, #"{"org/key": "key1"}"#, 3),
            (byKind, #"{"key": "key1", "org/key": "key1"}"#, 3), (byKind, #"{"key": "key3", "org/key": "x"}"#, 3),
            (byKind, #"{"key": "key9", "org/key": "key9"}"#, 1),
        ])
    func targets(members: String, device: String, variation: Int) throws {
        let detail = LaunchDarklyFixture.detail(
            try LaunchDarklyFixture.flag(members), try LaunchDarklyFixture.device(device))
        #expect(detail.variationIndex == variation)
        #expect(detail.reason == (variation == 1 ? .fallthrough(inExperiment: false) : .targetMatch))
    }

    @Test("Targets come before rules, and the step names the key that matched")
    func beforeRules() throws {
        let detail = LaunchDarklyFixture.detail(
            try LaunchDarklyFixture.flag(
                Self.flag
                    + #", "rules": [{"id": "r", "variation": 3, "clauses": [{"attribute": "key", "op": "in", "values": ["qa-ana"]}]}]"#
            ), try LaunchDarklyFixture.device(#"{"key": "key2"}"#))
        #expect(detail.reason == .targetMatch)
        #expect(detail.steps.map(\.rule) == ["individual target: key key2"])
        #expect(detail.steps.first?.note == "serves variation 2")
        let missed = LaunchDarklyFixture.detail(
            try LaunchDarklyFixture.flag(Self.byKind),
            try LaunchDarklyFixture.device(#"{"key": "qa-ana", "org/key": "acme"}"#))
        #expect(missed.steps.map(\.rule) == ["individual targets: org key acme, key qa-ana is not listed"])
        #expect(missed.steps.first?.reads.map(\.key) == ["context/org/key", "context/key"])
    }
}
