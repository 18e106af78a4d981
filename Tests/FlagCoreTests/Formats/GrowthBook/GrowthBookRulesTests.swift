import Foundation
import Testing

@testable import FlagCore

/// Payloads written in tests, and a device's outcome of one of their features.
enum GrowthBookFixture {
    /// The payload of this JSON text.
    static func payload(_ text: String) throws -> GrowthBookPayload {
        try GrowthBookPayload.read(Array(text.utf8))
    }

    /// The payload of one feature `f` with these rules (a JSON list) and default value.
    static func feature(_ rules: String, defaultValue: String = #""off""#, more: String = "") throws
        -> GrowthBookPayload
    {
        try payload(#"{"features": {"f": {"defaultValue": \#(defaultValue), "rules": \#(rules)}\#(more)}}"#)
    }

    /// A device with these attributes (a JSON object's text).
    static func device(_ attributes: String) -> EvaluationContext {
        GrowthBookConditionTests.context(attributes)
    }

    /// The outcome of `key` for the device, traced.
    static func outcome(
        _ payload: GrowthBookPayload, _ attributes: String, key: String = "f", sticky: GrowthBookStickyBuckets? = nil
    ) -> RuleOutcome {
        payload.rules(for: key, stickyBuckets: sticky).evaluate(in: device(attributes), tracing: true)
    }

    /// The SDK's result of `key` for the device.
    static func result(
        _ payload: GrowthBookPayload, _ attributes: String, key: String = "f", sticky: GrowthBookStickyBuckets? = nil
    ) throws -> GrowthBookResult {
        try payload.rules(for: key, stickyBuckets: sticky).result(in: device(attributes), tracing: false).result.get()
    }
}

/// What a GrowthBook feature gives a device, in Flagscope's words: the outcome, OpenFeature's
/// reason, GrowthBook's own source, the variant, and a trace QA can read.
@Suite("GrowthBook: rules as a layer")
struct GrowthBookRulesTests {
    @Test(
        "The reason: STATIC for an unconditional force, TARGETING_MATCH after a condition, SPLIT for coverage or an experiment, DEFAULT, DISABLED",
        arguments: [
            (#"[{"force": 1}]"#, RuleReason.staticValue, "force"),
            (#"[{"condition": {"plan": "pro"}, "force": 1}]"#, .targetingMatch, "force"),
            (
                #"[{"parentConditions": [{"id": "p", "condition": {"value": true}}], "force": 1}]"#, .targetingMatch,
                "force"
            ),
            (#"[{"force": 1, "coverage": 1}]"#, .split, "force"),
            (#"[{"condition": {"plan": "pro"}, "force": 1, "range": [0, 1]}]"#, .split, "force"),
            (#"[{"variations": [1, 2]}]"#, .split, "experiment"),
            (#"[{"condition": {"plan": "free"}, "force": 1}]"#, .defaultValue, "defaultValue"),
            (
                #"[{"parentConditions": [{"id": "p", "condition": {"value": false}, "gate": true}], "force": 1}]"#,
                .disabled, "prerequisite"
            ),
        ])
    func reasons(rules: String, reason: RuleReason, source: String) throws {
        let payload = try GrowthBookFixture.feature(rules, more: #", "p": {"defaultValue": true}"#)
        let outcome = GrowthBookFixture.outcome(payload, #"{"id": "ann", "plan": "pro"}"#)
        #expect(outcome.trace.reason == reason)
        #expect(outcome.trace.sourceReason?.kind == source)
    }

    @Test("A null value, a failed gate and a feature the payload lacks leave the layer unset; a cycle is an error")
    func outcomesWithoutValues() throws {
        let payload = try GrowthBookFixture.payload(
            #"""
            {"features": {
              "null": {"defaultValue": null},
              "forced-null": {"defaultValue": 1, "rules": [{"force": null}]},
              "a": {"rules": [{"parentConditions": [{"id": "b", "condition": {"value": 1}}]}]},
              "b": {"rules": [{"parentConditions": [{"id": "a", "condition": {"value": 1}}]}]}
            }}
            """#)
        #expect(GrowthBookFixture.outcome(payload, "{}", key: "null").result == .unset)
        #expect(GrowthBookFixture.outcome(payload, "{}", key: "forced-null").result == .unset)
        let unknown = GrowthBookFixture.outcome(payload, "{}", key: "nowhere")
        #expect(unknown.result == .unset)
        #expect(unknown.trace.sourceReason?.kind == "unknownFeature")
        let cycle = GrowthBookFixture.outcome(payload, "{}", key: "a")
        #expect(cycle.result == .error("prerequisites of 'a' depend on each other in a cycle"))
        #expect(cycle.trace.reason == .error)
        #expect(cycle.trace.sourceReason?.kind == "cyclicPrerequisite")
    }

    @Test(
        "An experiment's variant is its variation, with the meta's name; GrowthBook's source carries the result's fields"
    )
    func experimentTrace() throws {
        let payload = try GrowthBookFixture.feature(
            #"[{"id": "r1", "key": "exp", "variations": ["a", "b"], "weights": [0.01, 0.99], "meta": [{"key": "v0"}, {"key": "v1", "name": "Blue"}]}]"#
        )
        let outcome = GrowthBookFixture.outcome(payload, #"{"id": "ann"}"#)
        #expect(outcome.result == .value(.native(.string("b"))))
        #expect(outcome.trace.variant == "variation 1 (Blue)")
        #expect(outcome.trace.sourceReason?.text == #"experiment ruleId "r1", experimentKey "exp", variationId 1"#)
        #expect(
            outcome.trace.sourceReason?.json.compactText
                == #"{"kind":"experiment","ruleId":"r1","experimentKey":"exp","variationId":1,"key":"v1","name":"Blue","inExperiment":true,"hashUsed":true,"hashAttribute":"id","hashValue":"ann","bucket":0.463,"stickyBucketUsed":false}"#
        )
        let step = try #require(outcome.trace.steps.last)
        #expect(step.rule == #"rule "r1": experiment "exp" of "a", "b" by id"#)
        #expect(step.reads == [ContextRead(key: "context/id", value: .string("ann"))])
        #expect(abs((step.split?.bucket ?? 0) - 46.3) < 1e-9)
        #expect(step.split?.chosen == "variation 1 (Blue)")
        #expect(step.split?.shares.map(\.name) == ["variation 0 (v0)", "variation 1 (Blue)"])
        #expect(step.split?.shares.map(\.percent) == [1, 99])
    }

    @Test(
        "A force rule's variant is its id; each rule is a step in GrowthBook's words with what it read, unset reads included"
    )
    func forceTrace() throws {
        let payload = try GrowthBookFixture.feature(
            #"""
            [{"condition": {"country": {"$in": ["US", "CA"]}, "$or": [{"plan": "pro"}, {"age": {"$gt": 30}}]}, "force": "a"},
             {"id": "half", "force": "b", "coverage": 0.5, "hashAttribute": "deviceId"},
             {"id": "all", "force": "c"}]
            """#)
        let outcome = GrowthBookFixture.outcome(payload, #"{"country": "US", "plan": "free"}"#)
        #expect(outcome.result == .value(.native(.string("c"))))
        #expect(outcome.trace.variant == "all")
        #expect(
            outcome.trace.steps.map(\.rule) == [
                #"rule 1: force "a" if country $in ["US","CA"] and (plan = "pro" or age $gt 30)"#,
                #"rule "half": force "b", coverage 50 % by deviceId"#,
                #"rule "all": force "c""#,
            ])
        #expect(
            outcome.trace.steps[0].reads == [
                ContextRead(key: "context/country", value: .string("US")),
                ContextRead(key: "context/plan", value: .string("free")), ContextRead(key: "context/age", value: nil),
            ])
        #expect(outcome.trace.steps[0].note == "context/age is unset; set it to try the other way")
        #expect(outcome.trace.steps[1].note == "context/deviceId is unset; set it to try the other way")
        #expect(outcome.trace.steps.map(\.result) == [.bool(false), .bool(false), .bool(true)])
        #expect(outcome.trace.decidingStepIndex == nil, "an unconditional force is STATIC")
    }

    @Test("Evaluating without steps decides exactly as with them")
    func untracedDecidesAlike() throws {
        let payload = try GrowthBookFixture.feature(
            #"[{"condition": {"age": {"$gt": 18}}, "variations": [1, 2, 3], "coverage": 0.8}, {"force": 9, "range": [0.2, 0.9]}]"#
        )
        for id in ["ann", "bob", "user-42", "d123", "i123", "17"] {
            let context = GrowthBookFixture.device(#"{"id": "\#(id)", "age": 20}"#)
            let quick = payload.rules(for: "f").evaluate(in: context, tracing: false)
            let full = payload.rules(for: "f").evaluate(in: context, tracing: true)
            #expect(
                quick.result == full.result && quick.trace.variant == full.trace.variant
                    && quick.trace.reason == full.trace.reason)
            #expect(quick.trace.steps.isEmpty && !full.trace.steps.isEmpty)
        }
    }

    @Test("Every value the feature can give: its default, each force value and variation, null left out")
    func outcomes() throws {
        let payload = try GrowthBookFixture.feature(
            #"[{"force": "on"}, {"force": null}, {"variations": ["on", "x", null]}]"#, defaultValue: #""off""#)
        let rules = payload.rules(for: "f")
        #expect(rules.outcomes == [.native(.string("off")), .native(.string("on")), .native(.string("x"))])
        #expect(rules.possibleValues.map(\.name) == ["rule 1 force", "rule 3 variation 0", "rule 3 variation 1"])
    }

    @Test(
        "The attributes a feature reads, without evaluating: its conditions, what it hashes, and its prerequisites' reads"
    )
    func attributeReads() throws {
        let payload = try GrowthBookFixture.payload(
            #"""
            {"features": {
              "p": {"rules": [{"condition": {"tier": {"$in": ["gold", "silver"]}}, "force": true}]},
              "f": {"rules": [
                {"parentConditions": [{"id": "p", "condition": {"value": true}}], "condition": {"user.age": {"$gte": 18}, "v": {"$vgt": "1.0.0"}}, "force": 1},
                {"variations": [1, 2], "hashAttribute": "deviceId", "fallbackAttribute": "id"}]}
            }}
            """#)
        let reads = payload.rules(for: "f").attributeReads(keysOnly: false)
        #expect(reads.map(\.key) == ["context/tier", "context/user/age", "context/v", "context/deviceId"])
        #expect(reads.map(\.typeHint) == [.text, .number, .version, .text])
        #expect(reads[0].suggestions == ["gold", "silver"])
        #expect(reads[1].rule == #"user.age $gte 18"#)
        let sticky = payload.rules(for: "f", stickyBuckets: GrowthBookStickyBuckets()).attributeReads(keysOnly: true)
        #expect(
            sticky.map(\.key).suffix(2) == ["context/deviceId", "context/id"],
            "the fallback is read with sticky bucketing")
    }

    @Test("A device's nested attributes: a dotted path reads the flat key or the member of an object")
    func nestedAttributes() throws {
        let payload = try GrowthBookFixture.feature(#"[{"condition": {"user.name": "kim"}, "force": "hi"}]"#)
        #expect(
            GrowthBookFixture.outcome(payload, #"{"user": {"name": "kim"}}"#).result == .value(.native(.string("hi"))))
        let flat = payload.rules(for: "f").evaluate(
            in: EvaluationContext(attributes: ["context/user/name": .string("kim")]), tracing: true)
        #expect(flat.result == .value(.native(.string("hi"))))
        #expect(flat.trace.steps.first?.reads == [ContextRead(key: "context/user/name", value: .string("kim"))])
    }
}

/// What `flagscope rollout` samples of a GrowthBook feature.
@Suite("GrowthBook: rollout splits")
struct GrowthBookRulesRolloutTests {
    @Test("The split names the attribute the rule hashes, not the condition's, and the device's share")
    func split() throws {
        let payload = try GrowthBookFixture.feature(
            #"[{"condition": {"country": "US"}, "force": "on", "coverage": 0.9, "hashAttribute": "deviceId", "fallbackAttribute": "id"}]"#
        )
        let rules = payload.rules(for: "f")
        let split = try #require(
            rules.rolloutSplit(in: GrowthBookFixture.device(#"{"country": "US", "deviceId": "ann"}"#)))
        #expect(split.attribute == "context/deviceId")
        #expect(split.rule == #"rule 1: force "on" if country = "US", coverage 90 % by deviceId (else id)"#)
        #expect(split.split.shares.map(\.name) == [#"force "on""#, "next rules"])
        let sticky = payload.rules(for: "f", stickyBuckets: GrowthBookStickyBuckets())
        #expect(
            sticky.rolloutSplit(in: GrowthBookFixture.device(#"{"country": "US", "id": "ann"}"#))?.attribute
                == "context/id")
        #expect(rules.rolloutSplit(in: GrowthBookFixture.device(#"{"country": "NL", "deviceId": "ann"}"#)) == nil)
    }
}
