import Foundation
import Testing

@testable import FlagCore

/// A flag's evaluation as LaunchDarkly's server-side SDKs decide it: off, prerequisites,
/// targets, rules, fallthrough, and the errors.
@Suite("LaunchDarkly: evaluation")
struct LaunchDarklyEvaluationTests {
    static let ana = #"{"key": "ana"}"#

    static func detail(_ members: String, others: String = "", device: String = ana) throws -> LaunchDarklyDetail {
        let data = try LaunchDarklyFixture.flag(members, others: others)
        return LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(device))
    }

    @Test("Off serves the off variation, or none; rules and targets are not looked at")
    func off() throws {
        let off = try Self.detail(
            #""on": false, "offVariation": 1, "variations": ["a", "b"], "targets": [{"variation": 0, "values": ["ana"]}]"#
        )
        #expect(off.value == .string("b"))
        #expect(off.variationIndex == 1)
        #expect(off.reason == .off)
        #expect(off.steps.isEmpty)
        let none = try Self.detail(#""on": false, "variations": ["a", "b"]"#)
        #expect(none.value == nil && none.variationIndex == nil && none.reason == .off)
    }

    @Test("A variation that does not exist is MALFORMED_FLAG, wherever it is served")
    func missingVariation() throws {
        for members in [
            #""on": false, "offVariation": 2, "variations": ["a", "b"]"#,
            #""on": false, "offVariation": -1, "variations": ["a"]"#,
            #""on": true, "variations": ["a"], "fallthrough": {"variation": 1}"#,
            #""on": true, "variations": ["a"], "targets": [{"variation": 3, "values": ["ana"]}]"#,
            #""on": true, "variations": ["a"], "rules": [{"variation": 5, "clauses": []}]"#,
            #""on": true, "variations": ["a"], "fallthrough": {}"#,
            #""on": true, "variations": ["a"], "fallthrough": {"rollout": {"variations": []}}"#,
        ] {
            let detail = try Self.detail(members)
            #expect(detail.reason == .error(.malformedFlag), "\(members)")
            #expect(detail.value == nil && detail.variationIndex == nil)
        }
    }

    @Test("Rules in order: every clause must match; the first rule that does serves, with its index and id")
    func rules() throws {
        let members =
            #""on": true, "variations": ["off", "fall", "a", "b"], "fallthrough": {"variation": 1}, "rules": [{"id": "r1", "variation": 2, "clauses": [{"attribute": "plan", "op": "in", "values": ["pro"]}, {"attribute": "country", "op": "in", "values": ["IT"]}]}, {"id": "r2", "variation": 3, "clauses": [{"attribute": "plan", "op": "in", "values": ["pro"]}]}, {"variation": 0, "clauses": []}]"#
        let both = try Self.detail(members, device: #"{"key": "ana", "plan": "pro", "country": "IT"}"#)
        #expect(both.reason == .ruleMatch(ruleIndex: 0, ruleId: "r1", inExperiment: false))
        #expect(both.value == .string("a"))
        let second = try Self.detail(members, device: #"{"key": "ana", "plan": "pro", "country": "DE"}"#)
        #expect(second.reason == .ruleMatch(ruleIndex: 1, ruleId: "r2", inExperiment: false))
        let noClauses = try Self.detail(members)
        #expect(noClauses.reason == .ruleMatch(ruleIndex: 2, ruleId: nil, inExperiment: false))
        let fallthroughDetail = try Self.detail(
            #""on": true, "variations": ["a", "b"], "fallthrough": {"variation": 1}"#)
        #expect(fallthroughDetail.reason == .fallthrough(inExperiment: false))
        #expect(fallthroughDetail.value == .string("b"))
    }

    static let prerequisites =
        #""prereq": {"key": "prereq", "on": true, "variations": [true, false], "offVariation": 1, "fallthrough": {"variation": 1}, "rules": [{"id": "p", "variation": 0, "clauses": [{"attribute": "beta", "op": "in", "values": [true]}]}]}, "off-prereq": {"key": "off-prereq", "on": false, "variations": [true, false], "offVariation": 0}"#

    @Test("Prerequisites: each must serve its variation, and be on; a failure serves the off variation")
    func prerequisites() throws {
        let flag =
            #""on": true, "variations": ["off", "on"], "offVariation": 0, "fallthrough": {"variation": 1}, "prerequisites": [{"key": "prereq", "variation": 0}]"#
        let holds = try Self.detail(flag, others: Self.prerequisites, device: #"{"key": "ana", "beta": true}"#)
        #expect(holds.reason == .fallthrough(inExperiment: false))
        #expect(holds.steps.first?.rule == "prerequisite prereq is variation 0")
        #expect(holds.steps.first?.reads.map(\.key) == ["context/key", "context/beta"])
        let fails = try Self.detail(flag, others: Self.prerequisites)
        #expect(fails.reason == .prerequisiteFailed(prerequisiteKey: "prereq"))
        #expect(fails.value == .string("off"))
        #expect(fails.steps.first?.rule == "prerequisite prereq is not variation 0: fails")
        #expect(fails.steps.first?.note == "it serves variation 1")
        let off = try Self.detail(
            #""on": true, "variations": ["off", "on"], "fallthrough": {"variation": 1}, "prerequisites": [{"key": "off-prereq", "variation": 0}]"#,
            others: Self.prerequisites)
        #expect(off.reason == .prerequisiteFailed(prerequisiteKey: "off-prereq"))
        #expect(off.value == nil, "no off variation: no value")
        #expect(off.steps.first?.note == "it is off")
        let missing = try Self.detail(
            #""on": true, "variations": ["off", "on"], "offVariation": 0, "fallthrough": {"variation": 1}, "prerequisites": [{"key": "nowhere", "variation": 0}]"#
        )
        #expect(missing.reason == .prerequisiteFailed(prerequisiteKey: "nowhere"))
        #expect(missing.steps.first?.note == "no flag nowhere in this file")
    }

    @Test("A prerequisite cycle, at any depth, is MALFORMED_FLAG for the whole evaluation")
    func prerequisiteCycle() throws {
        let others =
            #""b": {"key": "b", "on": true, "variations": [true], "fallthrough": {"variation": 0}, "prerequisites": [{"key": "c", "variation": 0}]}, "c": {"key": "c", "on": true, "variations": [true], "fallthrough": {"variation": 0}, "prerequisites": [{"key": "b", "variation": 0}]}"#
        let detail = try Self.detail(
            #""on": true, "variations": [true, false], "offVariation": 1, "fallthrough": {"variation": 0}, "prerequisites": [{"key": "b", "variation": 0}]"#,
            others: others)
        #expect(detail.reason == .error(.malformedFlag))
        #expect(detail.errorMessage == "prerequisites form a cycle: flag → b → c → b")
        let selfCycle = try Self.detail(
            #""on": true, "variations": [true], "fallthrough": {"variation": 0}, "prerequisites": [{"key": "flag", "variation": 0}]"#
        )
        #expect(selfCycle.reason == .error(.malformedFlag))
    }

    @Test("A flag the file lacks is FLAG_NOT_FOUND; a device with no key of any kind is USER_NOT_SPECIFIED")
    func notFoundAndNoContext() throws {
        let data = try LaunchDarklyFixture.flag(#""on": true, "variations": [true], "fallthrough": {"variation": 0}"#)
        #expect(
            LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(Self.ana), flag: "other").reason
                == .error(.flagNotFound))
        let nobody = LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(#"{"email": "a@b"}"#))
        #expect(nobody.reason == .error(.userNotSpecified))
        #expect(nobody.steps.first?.note == "context/key is unset; set it to try the other way")
        let org = LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(#"{"org/key": "acme"}"#))
        #expect(org.reason == .fallthrough(inExperiment: false), "a context of another kind alone is a context")
    }

    @Test("A flag with a part of the wrong type is MALFORMED_FLAG; the file's other flags evaluate")
    func malformedFlag() throws {
        let data = try LaunchDarklyFixture.flag(
            #""on": "yes", "variations": [true]"#,
            others: #""fine": {"on": true, "variations": [1], "fallthrough": {"variation": 0}}"#)
        let device = try LaunchDarklyFixture.device(Self.ana)
        let broken = LaunchDarklyFixture.detail(data, device)
        #expect(broken.reason == .error(.malformedFlag))
        #expect(broken.errorMessage == "\"on\" is a bool, found text")
        #expect(LaunchDarklyFixture.detail(data, device, flag: "fine").value == .int(1))
    }
}
