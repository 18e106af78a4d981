import Foundation
import Testing

@testable import FlagCore

/// Strategies, dependencies and variants as the Unleash SDKs decide them.
@Suite("Unleash: strategies, dependencies and variants")
struct UnleashEvaluationStrategiesTests {
    @Test(
        "Each strategy: on for the devices it names, off otherwise; an unknown strategy is off",
        arguments: [
            (#"[{"name": "userWithId", "parameters": {"userIds": "a,  b ,c"}}]"#, #"{"userId": "b"}"#, true),
            (#"[{"name": "userWithId", "parameters": {"userIds": "a,b"}}]"#, "{}", false),
            (
                #"[{"name": "remoteAddress", "parameters": {"IPs": "192.168.0.0/16, 10.1.1.1"}}]"#,
                #"{"remoteAddress": "192.168.4.4"}"#, true
            ),
            (
                #"[{"name": "remoteAddress", "parameters": {"IPs": "10.1.1.1"}}]"#, #"{"remoteAddress": "10.1.1.2"}"#,
                false
            ),
            (
                #"[{"name": "applicationHostname", "parameters": {"hostNames": "Build-01, ci"}}]"#,
                #"{"hostname": "build-01"}"#, true
            ),
            (#"[{"name": "applicationHostname", "parameters": {"hostNames": "ci"}}]"#, "{}", false),
            (#"[{"name": "gradualRolloutUserId", "parameters": {"percentage": "100"}}]"#, #"{"userId": "x"}"#, true),
            (#"[{"name": "gradualRolloutUserId", "parameters": {"percentage": "100"}}]"#, "{}", false),
            (
                #"[{"name": "gradualRolloutSessionId", "parameters": {"percentage": "0"}}]"#, #"{"sessionId": "s"}"#,
                false
            ),
            (#"[{"name": "flexibleRollout", "parameters": {"rollout": "100", "stickiness": "tenant"}}]"#, "{}", false),
            (
                #"[{"name": "flexibleRollout", "parameters": {"rollout": "100", "stickiness": "tenant"}}]"#,
                #"{"tenant": 42}"#, true
            ),
            (#"[{"name": "flexibleRollout"}]"#, #"{"userId": "x"}"#, false),
            (#"[{"name": "myCustomStrategy"}, {"name": "default"}]"#, "{}", true),
            (#"[{"name": "myCustomStrategy"}]"#, "{}", false),
            ("[]", "{}", true),
        ])
    func strategies(strategies: String, context: String, expected: Bool) throws {
        #expect(try UnleashFixture.enabled(UnleashFixture.toggle(strategies: strategies), "t", context) == expected)
    }

    @Test("Random rollouts: 0 % and 100 % are exact; in between, the answer holds for the whole run")
    func randomIsStable() throws {
        for (percentage, expected) in [("0", false), ("100", true)] {
            let random = try UnleashFixture.toggle(
                strategies: #"[{"name": "gradualRolloutRandom", "parameters": {"percentage": "\#(percentage)"}}]"#)
            let flexible = try UnleashFixture.toggle(
                strategies:
                    #"[{"name": "flexibleRollout", "parameters": {"rollout": "\#(percentage)", "stickiness": "random"}}]"#
            )
            for _ in 0..<20 {
                #expect(try UnleashFixture.enabled(random) == expected)
                #expect(try UnleashFixture.enabled(flexible) == expected)
            }
        }
        let half = try UnleashFixture.toggle(
            strategies: #"[{"name": "gradualRolloutRandom", "parameters": {"percentage": "50"}}]"#)
        let first = try UnleashFixture.enabled(half)
        for _ in 0..<20 { #expect(try UnleashFixture.enabled(half) == first) }
        let note = try UnleashFixture.outcome(half).trace.steps.last?.note
        #expect(note == "random: drawn once for this run")
    }

    static let parents = """
        [{"name": "on", "enabled": true, "strategies": [{"name": "default"}]},
         {"name": "off", "enabled": false},
         {"name": "picky", "enabled": true, "strategies": [{"name": "userWithId", "parameters": {"userIds": "ana"}}],
          "variants": [{"name": "blue", "weight": 1}]},
         {"name": "child", "enabled": true, "dependencies": [{"feature": "picky", "variants": ["blue"]}]},
         {"name": "grandchild", "enabled": true, "dependencies": [{"feature": "child"}]},
         {"name": "wants.off", "enabled": true, "dependencies": [{"feature": "off", "enabled": false}]},
         {"name": "orphan", "enabled": true, "dependencies": [{"feature": "gone"}]},
         {"name": "a", "enabled": true, "dependencies": [{"feature": "b"}]},
         {"name": "b", "enabled": true, "dependencies": [{"feature": "a"}]}]
        """

    @Test(
        "Dependencies: a parent evaluated for the same device, its variant, off wanted, missing parents, chains and cycles",
        arguments: [
            ("child", #"{"userId": "ana"}"#, true), ("child", #"{"userId": "bob"}"#, false),
            ("grandchild", #"{"userId": "ana"}"#, false), ("wants.off", "{}", true), ("orphan", "{}", false),
            ("a", "{}", false), ("b", "{}", false),
        ])
    func dependencies(toggle: String, context: String, expected: Bool) throws {
        let features = try UnleashFixture.document(features: Self.parents).features
        #expect(try UnleashFixture.enabled(features, toggle, context) == expected)
    }

    @Test("A dependency step says what the parent is and what was wanted")
    func dependencyTrace() throws {
        let features = try UnleashFixture.document(features: Self.parents).features
        let trace = try UnleashFixture.outcome(features, "child", #"{"userId": "bob"}"#).trace
        #expect(trace.reason == .defaultValue)
        #expect(trace.steps.map(\.rule) == [#"depends on 'picky' being on with variant "blue""#])
        #expect(trace.steps.first?.note == "it is off")
        let chain = try UnleashFixture.outcome(features, "grandchild", #"{"userId": "ana"}"#).trace
        #expect(
            chain.steps.first?.note == "that toggle depends on others: the SDKs follow one level of dependencies only")
    }
}
