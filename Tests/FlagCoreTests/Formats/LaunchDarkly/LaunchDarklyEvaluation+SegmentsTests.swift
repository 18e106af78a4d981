import Foundation
import Testing

@testable import FlagCore

/// Segments: included and excluded keys of every kind, rules with weights, segments of
/// segments, cycles, and big segments.
@Suite("LaunchDarkly: segments")
struct LaunchDarklyEvaluationSegmentsTests {
    static let segments = #"""
        {"beta": {"included": ["in"], "excluded": ["out"], "includedContexts": [{"contextKind": "org", "values": ["acme"]}],
                  "excludedContexts": [{"contextKind": "org", "values": ["evil"]}],
                  "rules": [{"clauses": [{"attribute": "plan", "op": "in", "values": ["pro"]}]}]},
         "parent": {"rules": [{"clauses": [{"op": "segmentMatch", "values": ["beta"]}, {"attribute": "country", "op": "in", "values": ["IT"]}]}]},
         "loop-a": {"rules": [{"clauses": [{"op": "segmentMatch", "values": ["loop-b"]}]}]},
         "loop-b": {"rules": [{"clauses": [{"op": "segmentMatch", "values": ["loop-a"]}]}]},
         "half": {"salt": "salty", "rules": [{"clauses": [], "weight": 50000}]},
         "org-half": {"salt": "salty", "rules": [{"clauses": [], "weight": 100000, "rolloutContextKind": "org"}]},
         "big": {"unbounded": true, "generation": 2, "rules": [{"clauses": [{"attribute": "plan", "op": "in", "values": ["pro"]}]}]},
         "big-old": {"unbounded": true, "included": ["in"]}}
        """#

    static func detail(_ segment: String, _ device: String, negate: Bool = false) throws -> LaunchDarklyDetail {
        let data = try LaunchDarklyFixture.flag(
            #""on": true, "variations": [true, false], "fallthrough": {"variation": 1}, "rules": [{"id": "r", "variation": 0, "clauses": [{"attribute": "", "op": "segmentMatch", "values": ["\#(segment)"], "negate": \#(negate)}]}]"#,
            segments: Self.segments)
        return LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(device))
    }

    @Test(
        "Included keys, then included keys of other kinds, excluded keys, then the rules",
        arguments: [
            ("beta", #"{"key": "in"}"#, true), ("beta", #"{"key": "out", "plan": "pro"}"#, false),
            ("beta", #"{"key": "x", "plan": "pro"}"#, true), ("beta", #"{"org/key": "acme"}"#, true),
            ("beta", #"{"key": "out", "org/key": "acme"}"#, true),
            ("beta", #"{"key": "x", "org/key": "evil", "plan": "pro"}"#, false),
            ("beta", #"{"org/key": "in"}"#, false), ("parent", #"{"key": "in", "country": "IT"}"#, true),
            ("parent", #"{"key": "in", "country": "DE"}"#, false), ("missing", #"{"key": "in"}"#, false),
            ("half", #"{"key": "user-key"}"#, true), ("half", #"{"key": "x"}"#, false),
            ("org-half", #"{"key": "user-key"}"#, false),
            ("org-half", #"{"key": "user-key", "org/key": "o"}"#, true),
        ])
    func membership(segment: String, device: String, member: Bool) throws {
        #expect(try Self.detail(segment, device).variationIndex == (member ? 0 : 1))
        #expect(try Self.detail(segment, device, negate: true).variationIndex == (member ? 1 : 0))
    }

    @Test("A cycle of segments is MALFORMED_FLAG, named")
    func cycle() throws {
        let detail = try Self.detail("loop-a", #"{"key": "x"}"#)
        #expect(detail.reason == .error(.malformedFlag))
        #expect(detail.errorMessage == "segments refer to each other in a cycle: loop-a → loop-b → loop-a")
    }

    @Test("A big segment: only its rules, with NOT_CONFIGURED; without a generation it matches nothing")
    func bigSegments() throws {
        let ruled = try Self.detail("big", #"{"key": "x", "plan": "pro"}"#)
        #expect(ruled.variationIndex == 0)
        #expect(ruled.bigSegmentsStatus == "NOT_CONFIGURED")
        #expect(ruled.sourceReason.text == #"RULE_MATCH ruleIndex 0, ruleId "r", bigSegmentsStatus "NOT_CONFIGURED""#)
        let old = try Self.detail("big-old", #"{"key": "in"}"#)
        #expect(old.variationIndex == 1, "its included list is in the store, not in the data")
        #expect(old.bigSegmentsStatus == "NOT_CONFIGURED")
        #expect(old.steps.last?.note?.contains("big-segment store, which Flagscope does not have") == true)
    }

    @Test("The weight's step shows the context's bucket and the split in and out")
    func weightStep() throws {
        let detail = try Self.detail("half", #"{"key": "user-key"}"#)
        let step = try #require(detail.steps.first { $0.split != nil })
        #expect(step.rule == "segment half rule 1: 50% of contexts by key")
        #expect(step.split?.chosen == "in")
        // SHA-1 of "half.salty.user-key": 0.490060046…
        #expect(abs((step.split?.bucket ?? 0) - 49.006004611932485) < 1e-9)
        #expect(step.split?.shares.map(\.percent) == [50, 50])
    }
}
