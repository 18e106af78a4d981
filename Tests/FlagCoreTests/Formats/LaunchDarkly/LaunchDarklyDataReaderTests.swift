import Foundation
import Testing

@testable import FlagCore

/// Reading a LaunchDarkly file: its three forms, and every problem at its line and column; one
/// bad flag never stops the file.
@Suite("LaunchDarkly: reading files")
struct LaunchDarklyDataReaderTests {
    @Test("Server-side SDK data: flags and segments in file order, with where each is written")
    func sdkData() throws {
        let data = try LaunchDarklyFixture.data(
            """
            {"flags": {
              "b-flag": {"key": "b-flag", "on": true, "variations": [1, 2], "fallthrough": {"variation": 0},
                         "rules": [{"id": "r", "variation": 1, "clauses": [{"attribute": "x", "op": "in", "values": [1]}]}]},
              "a-flag": {"on": false, "variations": ["x"], "offVariation": 0}},
             "segments": {"seg": {"included": ["k"]}}}
            """)
        #expect(data.form == .sdkData)
        #expect(data.problems.isEmpty, "\(data.problems)")
        #expect(Array(data.flags.keys) == ["b-flag", "a-flag"])
        let flag = try #require(data.flags["b-flag"])
        #expect(flag.location == TextLocation(line: 2, column: 3))
        #expect(flag.rules.first?.location == TextLocation(line: 3, column: 24))
        #expect(flag.rules.first?.clauses.first?.location == TextLocation(line: 3, column: 64))
        #expect(data.segments["seg"]?.location == TextLocation(line: 5, column: 15))
        #expect(data.segments["seg"]?.included.contains("k") == true)
    }

    @Test("flagValues: each value a flag that is on and serves it; beside flags, the flags' entry wins")
    func flagValues() throws {
        let data = try LaunchDarklyFixture.data(
            #"{"flagValues": {"plain": {"a": 1}, "dup": 2}, "flags": {"dup": {"on": false, "variations": [1]}}}"#)
        #expect(data.form == .combined)
        let device = try LaunchDarklyFixture.device(#"{"key": "ana"}"#)
        #expect(data.detail(of: "plain", in: device).value == .object(["a": .int(1)]))
        #expect(data.detail(of: "plain", in: device).reason == .fallthrough(inExperiment: false))
        #expect(data.detail(of: "dup", in: device).reason == .off)
        #expect(data.problems.map(\.location) == [TextLocation(line: 1, column: 36)])
        #expect(try LaunchDarklyFixture.data(#"{"flagValues": {}}"#).form == .flagValues)
    }

    @Test(
        "Each problem at its place, with what the SDK does about it",
        arguments: [
            (
                #"{"flags": {"f": {"on": "yes"}}}"#, 1, 24,
                "\"on\" is a bool, found text: evaluating the flag is MALFORMED_FLAG"
            ),
            (
                #"{"flags": {"f": [1]}}"#, 1, 17,
                "a flag is an object, found a list: evaluating the flag is MALFORMED_FLAG"
            ),
            (
                #"{"flags": {"f": {"on": false, "offVariation": 3, "variations": [1]}}}"#, 1, 47,
                "\"offVariation\" serves variation 3, but the flag has 1 variation: serving it is MALFORMED_FLAG"
            ),
            (
                #"{"flags": {"f": {"on": false, "rules": [{"variation": 0, "clauses": [{"attribute": "a", "op": "isIn", "values": []}]}]}}}"#,
                1, 95, "unknown operator"
            ),
            (
                #"{"flags": {"f": {"on": false, "rules": [{"variation": 0, "clauses": [{"attribute": "", "op": "segmentMatch", "values": ["nope"]}]}]}}}"#,
                1, 121, "no segment \"nope\" in this file: the SDKs match no context with it"
            ),
            (
                #"{"flags": {"f": {"on": false, "prerequisites": [{"key": "nope", "variation": 0}]}}}"#, 1, 49,
                "no flag \"nope\" in this file: the prerequisite always fails"
            ),
            (
                #"{"flags": {"f": {"on": false, "rules": [{"variation": 0, "clauses": [{"contextKind": "user", "attribute": "/a~b", "op": "in", "values": []}]}]}}}"#,
                1, 107, "is refused by the SDKs"
            ),
            (
                #"{"flags": {"f": {"on": false, "rules": [{"variation": 0, "clauses": [{"attribute": "a", "op": "matches", "values": ["a(?=b)"]}]}]}}}"#,
                1, 117, "is not a regular expression the SDKs accept"
            ),
            (
                #"{"flags": {"f": {"on": false, "rules": [{"variation": 0, "clauses": [{"attribute": "a", "op": "before", "values": ["2024-01-01"]}]}]}}}"#,
                1, 116, "is not a date"
            ),
            (
                #"{"flags": {"f": {"on": false, "rules": [{"variation": 0, "clauses": [{"attribute": "a", "op": "semVerEqual", "values": ["v1"]}]}]}}}"#,
                1, 121, "is not a semantic version"
            ),
            (
                #"{"flags": {"f": {"on": false, "rules": [{"id": "r", "clauses": []}]}}}"#, 1, 41,
                "the rule serves neither a \"variation\" nor a \"rollout\""
            ),
            (#"{"flags": {"f": {"on": true, "variations": [1]}}}"#, 1, 12, "the flag has no \"fallthrough\""),
            (
                #"{"flags": {"f": {"on": false, "fallthrough": {"rollout": {"variations": []}}}}}"#, 1, 58,
                "is a rollout with no variations"
            ),
            (
                #"{"flags": {"f": {"on": false, "deleted": true}}}"#, 1, 12,
                "\"f\" is deleted: the SDKs hold it as absent"
            ),
            (#"{"flags": {"f": {"key": "g", "on": false}}}"#, 1, 25, "the entry's key is used"),
            (#"{"segments": {"s": {"unbounded": true}}}"#, 1, 15, "is a big segment"),
            (#"{"segments": {"s": {"included": [1]}}}"#, 1, 34, "an item of \"included\" is text, found a number"),
            (#"{"flags": []}"#, 1, 11, "\"flags\" is an object of keys to definitions, found a list"),
            (#"{"version": 2}"#, 1, 1, "this one has none"),
        ])
    func problems(text: String, line: Int, column: Int, message: String) throws {
        let data = try LaunchDarklyFixture.data(text)
        let problem = try #require(data.problems.first { $0.message.contains(message) }, "\(data.problems)")
        #expect(problem.location == TextLocation(line: line, column: column))
    }

    @Test("A big segment is valid data: a note that only its rules are evaluated, not an error")
    func bigSegmentIsANote() throws {
        let data = try LaunchDarklyFixture.data(#"{"segments": {"s": {"unbounded": true, "generation": 1}}}"#)
        #expect(data.problems.map(\.severity) == [.note], "\(data.problems)")
    }

    @Test("Cycles of prerequisites and of segments are reported where they start")
    func cycles() throws {
        let data = try LaunchDarklyFixture.data(
            """
            {"flags": {"a": {"prerequisites": [{"key": "b", "variation": 0}]},
                       "b": {"prerequisites": [{"key": "a", "variation": 0}]}},
             "segments": {"s": {"rules": [{"clauses": [{"op": "segmentMatch", "values": ["s"]}]}]}}}
            """)
        #expect(
            data.problems.map(\.message).filter { $0.contains("cycle") } == [
                "prerequisites form a cycle: a → b → a; evaluating a flag on it is MALFORMED_FLAG",
                "segments refer to each other in a cycle: s → s; evaluating a flag that reaches it is MALFORMED_FLAG",
            ])
        #expect(
            data.problems.first { $0.message.contains("prerequisites form") }?.location
                == TextLocation(line: 1, column: 12))
    }

    @Test("Only a file that is not a JSON object fails as a whole, at its place")
    func notAnObject() {
        #expect(throws: DocumentError.self) { try LaunchDarklyFixture.data("[1, 2]") }
        do {
            _ = try LaunchDarklyData.read(Array("{\"flags\": {\n  \"f\": tru}}".utf8))
            Issue.record("a syntax error is thrown")
        } catch {
            #expect(error.location == TextLocation(line: 2, column: 8))
        }
    }
}
