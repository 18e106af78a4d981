import Foundation
import Testing

@testable import FlagCore

/// Hostile files: deep chains, huge lists, huge patterns. Every answer is bounded, never a
/// crash or a hang.
@Suite("LaunchDarkly: bounds")
struct LaunchDarklyEvaluationBoundsTests {
    @Test("A chain of prerequisites deeper than the bound stops with EXCEPTION, and names it")
    func deepPrerequisites() throws {
        let count = 300
        let flags = (0..<count).map { index in
            let next = index + 1 < count ? #", "prerequisites": [{"key": "f\#(index + 1)", "variation": 0}]"# : ""
            return #""f\#(index)": {"on": true, "variations": [true], "fallthrough": {"variation": 0}\#(next)}"#
        }
        let data = try LaunchDarklyFixture.data(#"{"flags": {\#(flags.joined(separator: ","))}}"#)
        let detail = data.detail(of: "f0", in: try LaunchDarklyFixture.device(#"{"key": "k"}"#))
        #expect(detail.reason == .error(.exception))
        #expect(detail.errorMessage?.contains("nest deeper than 50") == true)
        #expect(data.detail(of: "f260", in: try LaunchDarklyFixture.device(#"{"key": "k"}"#)).value == .bool(true))
        // The walk for the Context branch stops at the same depth.
        #expect(try #require(data.rules(for: "f0")).attributeReads(keysOnly: true).isEmpty)
    }

    @Test("A chain of segments deeper than the bound stops too")
    func deepSegments() throws {
        let count = 200
        let segments = (0..<count).map { index in
            #""s\#(index)": {"rules": [{"clauses": [{"op": "segmentMatch", "values": ["s\#(index + 1)"]}]}]}"#
        }
        let data = try LaunchDarklyFixture.data(
            #"{"flags": {"f": {"on": true, "variations": [true, false], "fallthrough": {"variation": 1}, "rules": [{"variation": 0, "clauses": [{"op": "segmentMatch", "values": ["s0"]}]}]}}, "segments": {\#(segments.joined(separator: ","))}}"#
        )
        #expect(data.detail(of: "f", in: try LaunchDarklyFixture.device(#"{"key": "k"}"#)).reason == .error(.exception))
    }

    @Test("A diamond of prerequisites that would take 2^40 evaluations stops at the work bound")
    func exponentialPrerequisites() throws {
        let count = 40
        let flags = (0..<count).map { index in
            let next =
                index + 1 < count
                ? #", "prerequisites": [{"key": "f\#(index + 1)", "variation": 0}, {"key": "f\#(index + 1)", "variation": 0}]"#
                : ""
            return
                #""f\#(index)": {"on": true, "variations": [true, false], "offVariation": 0, "fallthrough": {"variation": 0}\#(next)}"#
        }
        let data = try LaunchDarklyFixture.data(#"{"flags": {\#(flags.joined(separator: ","))}}"#)
        let started = Date()
        let detail = data.detail(of: "f0", in: try LaunchDarklyFixture.device(#"{"key": "k"}"#))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(detail.reason == .error(.exception))
        #expect(detail.errorMessage?.hasPrefix("more than 200000 clauses, flags and segments") == true)
    }

    @Test("Huge lists are looked up by hash; a huge pattern is refused, located, and never matches")
    func hugeValues() throws {
        let keys = (0..<100_000).map { "\"user-\($0)\"" }.joined(separator: ",")
        let pattern = String(repeating: "(a|b)", count: 5_000)
        let data = try LaunchDarklyFixture.data(
            #"{"flags": {"f": {"on": true, "variations": [1, 2, 3], "fallthrough": {"variation": 0}, "targets": [{"variation": 1, "values": [\#(keys)]}], "rules": [{"variation": 2, "clauses": [{"attribute": "p", "op": "matches", "values": ["\#(pattern)"]}]}]}}}"#
        )
        #expect(data.detail(of: "f", in: try LaunchDarklyFixture.device(#"{"key": "user-99999"}"#)).value == .int(2))
        #expect(data.detail(of: "f", in: try LaunchDarklyFixture.device(#"{"key": "x", "p": "ab"}"#)).value == .int(1))
        #expect(data.problems.contains { $0.message.contains("is not a regular expression the SDKs accept") })
    }
}
