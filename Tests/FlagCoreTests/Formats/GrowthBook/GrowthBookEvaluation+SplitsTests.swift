import Foundation
import OrderedCollections
import Testing

@testable import FlagCore

/// Everything that hashes the device: a force rule's coverage and range, experiments (weights,
/// coverage, ranges, namespaces, filters, passthrough) and sticky buckets. Hashes used here:
/// "ann" is 0.834 for seed "f" (version 1), 0.9934 for "seed" (version 2) and 0.463 for "exp"
/// (version 1); "bob" is 0.326, 0.2935 and 0.019.
@Suite("GrowthBook: coverage, ranges, experiments and sticky buckets")
struct GrowthBookSplitTests {
    static func value(_ rules: String, _ attributes: String, sticky: GrowthBookStickyBuckets? = nil) throws
        -> JSONValue?
    {
        let payload = try GrowthBookFixture.feature(rules)
        guard case .value(let raw) = GrowthBookFixture.outcome(payload, attributes, sticky: sticky).result else {
            return nil
        }
        return raw.json
    }

    @Test(
        "A force rule's coverage takes the devices whose hash is at most the coverage, a device at the very edge included",
        arguments: [
            (#"[{"force": "on", "coverage": 0.834}]"#, #"{"id": "ann"}"#, "on"),
            (#"[{"force": "on", "coverage": 0.833}]"#, #"{"id": "ann"}"#, "off"),
            (#"[{"force": "on", "coverage": 0}]"#, #"{"id": "bob"}"#, "off"),
            (#"[{"force": "on", "coverage": 0.99, "hashVersion": 2, "seed": "seed"}]"#, #"{"id": "ann"}"#, "off"),
            (#"[{"force": "on", "coverage": 0.99, "hashVersion": 2, "seed": "seed"}]"#, #"{"id": "bob"}"#, "on"),
            (#"[{"force": "on", "coverage": 1, "hashVersion": 3}]"#, #"{"id": "bob"}"#, "off"),
            (#"[{"force": "on", "coverage": 1, "hashVersion": "2"}]"#, #"{"id": "bob"}"#, "off"),
            (#"[{"force": "on", "coverage": 1}]"#, #"{"id": ""}"#, "off"),
            (#"[{"force": "on", "range": [0.8, 0.9]}]"#, #"{"id": "ann"}"#, "on"),
            (#"[{"force": "on", "range": [0.8, 0.9], "coverage": 0}]"#, #"{"id": "ann"}"#, "on"),
            (#"[{"force": "on", "range": [0.8, 0.834]}]"#, #"{"id": "ann"}"#, "off"),
            (#"[{"force": "on", "coverage": 1, "hashAttribute": "company"}]"#, #"{"id": "ann", "company": 7}"#, "on"),
        ])
    func forceRollout(rules: String, attributes: String, expected: String) throws {
        #expect(try Self.value(rules, attributes) == .string(expected))
    }

    @Test("A force rule's fallback attribute is read only with sticky bucketing, as in the JavaScript SDK")
    func forceFallback() throws {
        let rules = #"[{"force": "on", "coverage": 1, "fallbackAttribute": "deviceId"}]"#
        #expect(try Self.value(rules, #"{"deviceId": "d1"}"#) == .string("off"))
        #expect(try Self.value(rules, #"{"deviceId": "d1"}"#, sticky: GrowthBookStickyBuckets()) == .string("on"))
    }

    @Test(
        "An experiment assigns by weights, coverage or explicit ranges; a device outside them falls through",
        arguments: [
            (#"[{"key": "exp", "variations": ["a", "b"]}]"#, #"{"id": "ann"}"#, "a"),
            (#"[{"key": "exp", "variations": ["a", "b"], "weights": [0.01, 0.99]}]"#, #"{"id": "bob"}"#, "b"),
            (#"[{"key": "exp", "variations": ["a", "b"], "coverage": 0.5}]"#, #"{"id": "ann"}"#, "off"),
            (#"[{"key": "exp", "variations": ["a", "b"], "coverage": 0.5}]"#, #"{"id": "bob"}"#, "a"),
            (
                #"[{"key": "exp", "variations": ["a", "b"], "ranges": [[0.9, 1], [0.4, 0.5]], "coverage": 0}]"#,
                #"{"id": "ann"}"#, "b"
            ),
            (#"[{"key": "exp", "variations": ["a"]}]"#, #"{"id": "ann"}"#, "off"),
            (#"[{"key": "exp", "variations": ["a", "b"]}]"#, #"{}"#, "off"),
            (#"[{"key": "exp", "variations": ["a", "b"], "condition": {"plan": "pro"}}]"#, #"{"id": "bob"}"#, "off"),
            (#"[{"variations": ["a", "b"], "namespace": ["pricing", 0, 0.5]}]"#, #"{"id": "user-42"}"#, "b"),
            (#"[{"variations": ["a", "b"], "namespace": ["pricing", 0.5, 1]}]"#, #"{"id": "user-42"}"#, "off"),
            (
                #"[{"variations": ["a", "b"], "namespace": ["pricing", 0.5, 1], "filters": []}]"#,
                #"{"id": "user-42"}"#, "b"
            ),
        ])
    func experiments(rules: String, attributes: String, expected: String) throws {
        #expect(try Self.value(rules, attributes) == .string(expected))
    }

    @Test("Filters hash an attribute with their own seed (version 2 unless written) and let through only their ranges")
    func filters() throws {
        let rules = #"[{"force": "on", "filters": [{"seed": "seed", "ranges": [[0, 0.5]]}]}]"#
        #expect(try Self.value(rules, #"{"id": "ann"}"#) == .string("off"))
        #expect(try Self.value(rules, #"{"id": "bob"}"#) == .string("on"))
        let outcome = GrowthBookFixture.outcome(try GrowthBookFixture.feature(rules), #"{"id": "ann"}"#)
        #expect(
            outcome.trace.steps.first?.note
                == #"filtered out: id hashes to 99.34 % with seed "seed", outside the filter's ranges"#)
    }

    @Test("A passthrough variation (a holdout) falls through to the next rule")
    func passthrough() throws {
        let rules = #"""
            [{"key": "holdout", "variations": [1, 2], "ranges": [[0, 0.01], [0.01, 1]], "meta": [{}, {"passthrough": true}]},
             {"force": "after the holdout"}]
            """#
        #expect(try Self.value(rules, #"{"id": "ann"}"#) == .string("after the holdout"))
    }

    static let stickyRule = #"""
        [{"key": "exp", "variations": ["a", "b", "c"], "meta": [{"key": "0"}, {"key": "1"}, {"key": "2"}],
          "condition": {"plan": "pro"}, "hashAttribute": "id", "fallbackAttribute": "deviceId", "bucketVersion": 1, "minBucketVersion": 1}]
        """#

    static func buckets(_ name: String, _ value: String, _ assignments: OrderedDictionary<String, String>)
        -> GrowthBookStickyBuckets
    {
        GrowthBookStickyBuckets(documents: [
            GrowthBookStickyBucketDocument(attributeName: name, attributeValue: value, assignments: assignments)
        ])
    }

    @Test("A sticky bucket keeps the device in its variation, whatever its condition and hash")
    func stickyBucketKeeps() throws {
        let payload = try GrowthBookFixture.feature(Self.stickyRule)
        let buckets = Self.buckets("id", "ann", ["exp__1": "2"])
        let result = try GrowthBookFixture.result(payload, #"{"id": "ann", "plan": "free"}"#, sticky: buckets)
        #expect(result.value == .string("c"))
        #expect(result.experiment?.stickyBucketUsed == true)
        #expect(
            result.experiment?.stickyAssignment
                == GrowthBookStickyAssignment(
                    attributeName: "id", attributeValue: "ann", experimentKey: "exp__1", variationKey: "2"))
        let fallback = try GrowthBookFixture.result(
            payload, #"{"deviceId": "d1", "plan": "free"}"#, sticky: Self.buckets("deviceId", "d1", ["exp__1": "1"]))
        #expect(fallback.value == .string("b"))
        #expect(fallback.experiment?.hashAttribute == "deviceId")
    }

    @Test("A sticky bucket of a version below minBucketVersion keeps the device out; another version is ignored")
    func stickyVersions() throws {
        let payload = try GrowthBookFixture.feature(Self.stickyRule)
        let blocked = try GrowthBookFixture.result(
            payload, #"{"id": "ann", "plan": "pro"}"#, sticky: Self.buckets("id", "ann", ["exp__0": "2"]))
        #expect(blocked.source == .defaultValue)
        let other = try GrowthBookFixture.result(
            payload, #"{"id": "ann", "plan": "pro"}"#, sticky: Self.buckets("id", "ann", ["exp__7": "2"]))
        #expect(other.source == .experiment)
        #expect(other.experiment?.stickyBucketUsed == false)
        #expect(other.experiment?.stickyAssignment?.experimentKey == "exp__1")
    }

    @Test("disableStickyBucketing ignores the documents and the fallback attribute")
    func stickyDisabled() throws {
        let payload = try GrowthBookFixture.feature(
            #"[{"key": "exp", "variations": ["a", "b"], "meta": [{"key": "0"}, {"key": "1"}], "disableStickyBucketing": true, "fallbackAttribute": "deviceId"}]"#
        )
        let buckets = Self.buckets("id", "bob", ["exp__0": "1"])
        let result = try GrowthBookFixture.result(payload, #"{"id": "bob", "deviceId": "d1"}"#, sticky: buckets)
        #expect(result.value == .string("a"))
        #expect(result.experiment?.stickyAssignment == nil)
        let none = try GrowthBookFixture.result(payload, #"{"deviceId": "d1"}"#, sticky: buckets)
        #expect(none.source == .defaultValue)
    }
}
