import Foundation
import Testing

@testable import FlagCore

/// Percentage rollouts and experiments: the bucket, the shares, `bucketBy`, `contextKind`,
/// `seed`, `untracked`, and the split in the trace.
@Suite("LaunchDarkly: rollouts and experiments")
struct LaunchDarklyEvaluationRolloutsTests {
    static func detail(_ rollout: String, _ device: String, salt: String = "salty") throws -> LaunchDarklyDetail {
        let data = try LaunchDarklyFixture.flag(
            #""salt": "\#(salt)", "on": true, "variations": ["a", "b", "c"], "fallthrough": {"rollout": \#(rollout)}"#)
        return LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(device))
    }

    // SHA-1 buckets of "flag.salty.<id>": kim 0.9287…, bob 0.3119…, ana 0.4841…; "61.bob": 0.5561…
    @Test(
        "The share the bucket falls in; the last share past the end; seed and bucketBy change the hash",
        arguments: [
            (
                #"{"variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}"#,
                #"{"key": "kim"}"#, 1
            ),
            (
                #"{"variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}"#,
                #"{"key": "bob"}"#, 0
            ),
            (#"{"variations": [{"variation": 0, "weight": 1}, {"variation": 2, "weight": 1}]}"#, #"{"key": "kim"}"#, 2),
            (
                #"{"seed": 61, "variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}"#,
                #"{"key": "bob"}"#, 1
            ),
            (
                #"{"bucketBy": "email", "variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}"#,
                #"{"key": "kim", "email": "bob"}"#, 0
            ),
            (
                #"{"bucketBy": "age", "variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}"#,
                #"{"key": "kim", "age": 5.5}"#, 0
            ),
            (
                #"{"contextKind": "org", "variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}"#,
                #"{"key": "bob", "org/key": "kim"}"#, 1
            ),
            // No org: bucket 0, so the first share with some weight (as Go's SDK; Python's gives the first share).
            (
                #"{"contextKind": "org", "variations": [{"variation": 0, "weight": 0}, {"variation": 2, "weight": 100000}]}"#,
                #"{"key": "bob"}"#, 2
            ),
        ])
    func shares(rollout: String, device: String, variation: Int) throws {
        let detail = try Self.detail(rollout, device)
        #expect(detail.variationIndex == variation)
        #expect(detail.reason == .fallthrough(inExperiment: false))
    }

    @Test(
        "An experiment buckets by key whatever bucketBy says, and puts the context in it unless its share is untracked")
    func experiments() throws {
        let tracked = try Self.detail(
            #"{"kind": "experiment", "bucketBy": "email", "variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}"#,
            #"{"key": "kim", "email": "bob"}"#)
        #expect(tracked.variationIndex == 1)
        #expect(tracked.reason == .fallthrough(inExperiment: true))
        let untracked = try Self.detail(
            #"{"kind": "experiment", "variations": [{"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000, "untracked": true}]}"#,
            #"{"key": "kim"}"#)
        #expect(untracked.reason == .fallthrough(inExperiment: false))
        let noKind = try Self.detail(
            #"{"kind": "experiment", "contextKind": "org", "variations": [{"variation": 0, "weight": 100000}]}"#,
            #"{"key": "ana"}"#)
        #expect(noKind.reason == .fallthrough(inExperiment: false))
    }

    @Test("The rollout's step: what it buckets by, this context's bucket, the shares named by variation")
    func step() throws {
        let detail = try Self.detail(
            #"{"variations": [{"variation": 0, "weight": 25000}, {"variation": 1, "weight": 25000}, {"variation": 2, "weight": 50000}]}"#,
            #"{"key": "ana"}"#)
        let step = try #require(detail.steps.last)
        #expect(step.rule == "fallthrough: percentage rollout by key")
        let split = try #require(step.split)
        #expect(split.shares.map(\.name) == ["variation 0", "variation 1", "variation 2"])
        #expect(split.shares.map(\.percent) == [25, 25, 50])
        #expect(split.chosen == "variation 1")
        #expect(abs(split.bucket - 48.40764645773737) < 1e-9)
        #expect(step.reads == [ContextRead(key: "context/key", value: .string("ana"))])
    }
}
