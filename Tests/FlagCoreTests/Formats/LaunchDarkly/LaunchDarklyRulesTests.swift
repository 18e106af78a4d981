import Foundation
import Testing

@testable import FlagCore

/// A flag as a provider entry's rules: the outcome and trace the resolver shows, what the Context
/// branch lists, and every value the flag can give.
@Suite("LaunchDarkly: a flag's rules")
struct LaunchDarklyRulesTests {
    static let file = #"""
        {"flags": {
          "checkout": {"on": true, "variations": ["old", "new", "beta"], "offVariation": 0, "salt": "s",
            "prerequisites": [{"key": "new-checkout", "variation": 0}],
            "targets": [{"variation": 2, "values": ["qa-ana"]}],
            "rules": [
              {"id": "eu", "variation": 1, "clauses": [{"attribute": "country", "op": "in", "values": ["IT", "DE"]}]},
              {"id": "testers", "clauses": [{"attribute": "", "op": "segmentMatch", "values": ["beta-testers"]}],
               "rollout": {"variations": [{"variation": 1, "weight": 50000}, {"variation": 2, "weight": 50000}]}}],
            "fallthrough": {"rollout": {"bucketBy": "email", "variations": [{"variation": 0, "weight": 100000}]}}},
          "new-checkout": {"on": true, "variations": [true, false], "fallthrough": {"variation": 0}},
          "off": {"on": false, "variations": [1, 2]},
          "broken": {"on": true, "variations": [true], "fallthrough": {"variation": 4}}},
         "segments": {"beta-testers": {"rules": [{"clauses": [{"attribute": "email", "op": "endsWith", "values": ["@example.com"]}]}]}}}
        """#

    static func outcome(_ flag: String, _ device: String, tracing: Bool = true) throws -> RuleOutcome {
        let data = try LaunchDarklyFixture.data(Self.file)
        let rules = try #require(data.rules(for: flag))
        return rules.evaluate(in: try LaunchDarklyFixture.device(device), tracing: tracing)
    }

    @Test(
        "The value, variant and both reasons, as the resolver shows them",
        arguments: [
            ("checkout", #"{"key": "qa-ana"}"#, "beta", "variation 2", RuleReason.targetingMatch, "TARGET_MATCH"),
            (
                "checkout", #"{"key": "k", "country": "IT"}"#, "new", "variation 1", .targetingMatch,
                #"RULE_MATCH ruleIndex 0, ruleId "eu""#
            ),
            (
                "checkout", #"{"key": "k", "email": "a@example.com"}"#, "beta", "variation 2", .split,
                #"RULE_MATCH ruleIndex 1, ruleId "testers""#
            ),
            ("checkout", #"{"key": "k"}"#, "old", "variation 0", .split, "FALLTHROUGH"),
            ("new-checkout", #"{"key": "k"}"#, "true", "variation 0", .defaultValue, "FALLTHROUGH"),
            ("off", #"{"key": "k"}"#, nil, nil, .disabled, "OFF"),
        ] as [(String, String, String?, String?, RuleReason, String)])
    func outcomes(flag: String, device: String, value: String?, variant: String?, reason: RuleReason, source: String)
        throws
    {
        let outcome = try Self.outcome(flag, device)
        switch outcome.result {
        case .value(let raw): #expect(raw.json.compactText == (value.map { $0 == "true" ? $0 : "\"\($0)\"" } ?? ""))
        case .unset: #expect(value == nil)
        case .error(let message): Issue.record("error: \(message)")
        }
        #expect(outcome.trace.variant == variant)
        #expect(outcome.trace.reason == reason)
        #expect(outcome.trace.sourceReason?.text == source)
        // Steps or not, the same decision.
        let quick = try Self.outcome(flag, device, tracing: false)
        #expect(quick.result == outcome.result && quick.trace.variant == outcome.trace.variant)
        #expect(quick.trace.steps.isEmpty)
    }

    @Test("An evaluation error is an error with OpenFeature's code and LaunchDarkly's kind")
    func errors() throws {
        let outcome = try Self.outcome("broken", #"{"key": "k"}"#)
        #expect(outcome.result == .error("MALFORMED_FLAG: broken has no variation 4 (it has 1)"))
        #expect(outcome.trace.errorCode == "PARSE_ERROR")
        #expect(outcome.trace.reason == .error)
        #expect(
            outcome.trace.sourceReason?.json
                == .object(["kind": .string("ERROR"), "errorKind": .string("MALFORMED_FLAG")]))
        let nobody = try Self.outcome("new-checkout", "{}")
        #expect(nobody.trace.errorCode == "TARGETING_KEY_MISSING")
    }

    @Test("The trace in LaunchDarkly's words, with what each step read")
    func traceWords() throws {
        let outcome = try Self.outcome("checkout", #"{"key": "k", "email": "a@example.com", "country": "FR"}"#)
        #expect(
            outcome.trace.steps.map(\.rule) == [
                "prerequisite new-checkout is variation 0", "individual targets: key k is not listed",
                "country is one of [IT, DE]", #"email ends with "@example.com""#, "user is in segment beta-testers",
                "rule 2: percentage rollout by key",
            ])
        #expect(
            outcome.trace.steps[2].reads == [
                ContextRead(key: "context/key", value: .string("k")),
                ContextRead(key: "context/country", value: .string("FR")),
            ])
        #expect(outcome.trace.steps[4].note == "beta-testers: rule 1 matches")
        #expect(outcome.trace.decidingStepIndex == 5)
        #expect(outcome.trace.reads.map(\.key) == ["context/key", "context/country", "context/email"])
    }

    @Test("Every attribute the flag, its prerequisites and segments read, without evaluating")
    func attributeReads() throws {
        let data = try LaunchDarklyFixture.data(Self.file)
        let reads = try #require(data.rules(for: "checkout")).attributeReads(keysOnly: true)
        #expect(
            reads.map(\.key) == ["context/key", "context/country", "context/email", "context/key", "context/email"])
        #expect(reads[0].suggestions == ["qa-ana"])
        #expect(reads[1].rule == "country is one of [IT, DE]")
        #expect(reads[1].suggestions == ["IT", "DE"])
        #expect(reads[1].typeHint == .text)
        #expect(reads[3].rule == "rule 2: percentage rollout by key")
        #expect(reads[4].rule == "fallthrough: percentage rollout by email")
    }

    @Test("A clause reads its kind's key too, once a kind: the context has the kind only when the key is set")
    func kindKeyRead() throws {
        let data = try LaunchDarklyFixture.flag(
            #""on": true, "variations": [true, false], "fallthrough": {"variation": 1}, "rules": [{"variation": 0, "clauses": [{"contextKind": "device", "attribute": "os", "op": "in", "values": ["iOS"]}, {"attribute": "country", "op": "in", "values": ["IT"]}, {"attribute": "email", "op": "endsWith", "values": ["@example.com"]}]}]"#
        )
        let reads = try #require(data.rules(for: "flag")).attributeReads(keysOnly: true)
        #expect(
            reads.map(\.key) == [
                "context/device/key", "context/device/os", "context/key", "context/country", "context/email",
            ])
        #expect(reads[0].rule == "device os is one of [iOS]")
        #expect(reads[2].rule == "country is one of [IT]")
    }

    @Test("flagscope rollout samples the flag's own rollout, not a segment weight met on the way")
    func rolloutSplit() throws {
        let data = try LaunchDarklyFixture.data(Self.file)
        let rules = try #require(data.rules(for: "checkout"))
        let device = try LaunchDarklyFixture.device(#"{"key": "k", "email": "a@example.com"}"#)
        let split = try #require(rules.rolloutSplit(in: device))
        #expect(split.rule == "rule 2: percentage rollout by key")
        #expect(split.attribute == "context/key")
        #expect(split.placesDevice)
        #expect(split.split.shares.map(\.name) == ["variation 1", "variation 2"])
        #expect(rules.rolloutShare(of: rules.evaluate(in: device, tracing: true).trace) == split.split.chosen)
        #expect(
            rules.rolloutSplit(in: try LaunchDarklyFixture.device(#"{"key": "qa-ana"}"#)) == nil, "a target decided")
    }

    @Test("Every value the flag can give, and each variation with its name")
    func values() throws {
        let data = try LaunchDarklyFixture.data(Self.file)
        let checkout = try #require(data.rules(for: "checkout"))
        #expect(checkout.outcomes == [.native(.string("old")), .native(.string("new")), .native(.string("beta"))])
        #expect(checkout.possibleValues.map(\.name) == ["variation 0", "variation 1", "variation 2"])
        #expect(try #require(data.rules(for: "off")).outcomes.isEmpty, "off with no off variation gives nothing")
        #expect(try #require(data.rules(for: "new-checkout")).outcomes == [.native(.bool(true))])
        #expect(data.rules(for: "nowhere") == nil)
    }

    @Test("Rules of the same flag of the same file are equal; of another flag, not")
    func equality() throws {
        let data = try LaunchDarklyFixture.data(Self.file)
        let again = try LaunchDarklyFixture.data(Self.file)
        #expect(data.rules(for: "checkout") == again.rules(for: "checkout"))
        #expect(data.rules(for: "checkout") != data.rules(for: "off"))
    }
}
