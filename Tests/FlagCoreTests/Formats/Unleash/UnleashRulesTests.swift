import Foundation
import Testing

@testable import FlagCore

/// How an Unleash toggle decided, in the trace's one shape (docs/rules.md): strategies with their
/// parameters, constraints with what they read, the rollout bucket and split, the variant and
/// its weight, and the reason in OpenFeature's words.
@Suite("Unleash: the trace")
struct UnleashRulesTests {
    static let features = """
        [{"name": "beta", "enabled": true, "strategies": [
           {"name": "userWithId", "parameters": {"userIds": "123, 456"}},
           {"name": "flexibleRollout", "parameters": {"rollout": "25", "stickiness": "default", "groupId": "beta"},
            "constraints": [{"contextName": "appName", "operator": "IN", "values": ["shop"]}], "segments": [4]}]},
         {"name": "theme", "enabled": true, "strategies": [{"name": "default"}], "variants": [
           {"name": "dark", "weight": 200, "weightType": "fix", "stickiness": "userId"},
           {"name": "light", "weight": 800, "weightType": "variable", "stickiness": "userId"}]},
         {"name": "off", "enabled": false, "strategies": [{"name": "default"}]},
         {"name": "plain", "enabled": true}]
        """
    static let segments =
        #"[{"id": 4, "name": "testers", "constraints": [{"contextName": "tier", "operator": "NOT_IN", "values": ["banned"]}]}]"#

    static func outcome(_ name: String, _ context: String, answer: UnleashRules.Answer = .isEnabled) throws
        -> RuleOutcome
    {
        let features = try UnleashFixture.document(features: Self.features, segments: Self.segments).features
        return try UnleashFixture.outcome(features, name, context, answer: answer)
    }

    @Test("Each strategy and constraint in Unleash's words, with what it read (unset said so), and its result")
    func stepsAndReads() throws {
        let outcome = try Self.outcome("beta", #"{"userId": 9, "appName": "shop"}"#)
        let steps = outcome.trace.steps
        #expect(
            steps.map(\.rule) == [
                "userWithId userIds 123, 456", #"tier NOT_IN ["banned"]"#, "segment 4 (testers)",
                #"appName IN ["shop"]"#,
                #"flexibleRollout 25 %, stickiness default, groupId "beta""#,
            ])
        #expect(steps.map(\.result) == [.bool(false), .bool(true), .bool(true), .bool(true), .bool(false)])
        #expect(steps[0].reads == [ContextRead(key: "context/userId", value: .int(9))])
        #expect(steps[1].reads == [ContextRead(key: "context/tier", value: nil)])
        // userId 9 in group "beta" is the SDKs' normalised value 51 (1–100), shown from 0 as 50: the
        // official engine (yggdrasil-engine 2.0.0) has it off at 50 % and on at 51 %.
        #expect(
            steps[4].split
                == PercentageSplit(
                    bucket: 50,
                    shares: [.init(name: "on", weight: 25, percent: 25), .init(name: "off", weight: 75, percent: 75)],
                    chosen: "off"))
        #expect(outcome.result == .value(.native(.bool(false))))
        #expect(outcome.trace.reason == .defaultValue)
        #expect(outcome.trace.decidingStepIndex == nil)
    }

    @Test("Reasons: TARGETING_MATCH for a strategy, SPLIT for a percentage, DISABLED, STATIC with nothing to evaluate")
    func reasons() throws {
        #expect(try Self.outcome("beta", #"{"userId": "456"}"#).trace.reason == .targetingMatch)
        #expect(try Self.outcome("beta", #"{"userId": "456"}"#).trace.decidingStepIndex == 0)
        #expect(try Self.outcome("theme", #"{"userId": "u1"}"#).trace.reason == .split)
        let off = try Self.outcome("off", "{}")
        #expect(off.trace.reason == .disabled)
        #expect(off.result == .value(.native(.bool(false))))
        #expect(try Self.outcome("plain", "{}").trace.reason == .staticValue)
    }

    @Test("The chosen variant is named with the whole weighted split, fixed weights marked")
    func variantStep() throws {
        let outcome = try Self.outcome("theme", #"{"userId": "u1"}"#, answer: .payload)
        #expect(outcome.trace.variant != nil)
        let step = try #require(outcome.trace.steps.last)
        #expect(step.rule == #"variant by weight, stickiness userId, groupId "theme""#)
        #expect(step.reads == [ContextRead(key: "context/userId", value: .string("u1"))])
        let split = try #require(step.split)
        #expect(split.shares.map(\.name) == ["dark (fixed)", "light"])
        #expect(split.shares.map(\.percent) == [20, 80])
        #expect(split.chosen == (outcome.trace.variant == "dark" ? "dark (fixed)" : "light"))
        // A bool flag of a toggle with variants names the variant too.
        #expect(try Self.outcome("theme", #"{"userId": "u1"}"#).trace.variant == outcome.trace.variant)
    }

    @Test("Without tracing, the result and reason are the same and no step is made")
    func untraced() throws {
        let features = try UnleashFixture.document(features: Self.features, segments: Self.segments).features
        let rules = CompiledRules(UnleashRules(toggleName: "beta", features: features, answer: .isEnabled))
        let context = try RuleFixture.context(#"{"userId": "123"}"#)
        let traced = rules.evaluate(in: context)
        let untraced = rules.evaluate(in: context, tracing: false)
        #expect(untraced.result == traced.result)
        #expect(untraced.trace.reason == traced.trace.reason)
        #expect(untraced.trace.steps.isEmpty)
    }

    @Test("Every field the rules read is a Context attribute, with the rules that read it and their values")
    func contextAttributes() throws {
        let sandbox = try ProviderSandbox.with(
            providers: """
                  - name: Unleash
                    format: unleash
                    path: unleash.json

                """)
        defer { sandbox.remove() }
        try sandbox.write(
            "unleash.json",
            #"{"version": 2, "features": \#(Self.features.replacingOccurrences(of: "\"beta\"", with: "\"dark_mode\"")), "segments": \#(Self.segments)}"#
        )
        let workspace = sandbox.load()
        let keys = workspace.ruleAttributes.map(\.key)
        #expect(keys == ["context/appName", "context/sessionId", "context/tier", "context/userId"], "\(keys)")
        let userId = try #require(workspace.ruleAttributes.first { $0.key == "context/userId" })
        #expect(userId.suggestions.prefix(2) == ["123", "456"])
        #expect(userId.readers.first?.rule == "userWithId userIds 123, 456")
        #expect(userId.readers.first?.provider == "Unleash")
    }
}
