import Foundation
import Testing

@testable import FlagCore

/// Payloads from strangers: every one gets a bounded answer (a located error, an error outcome,
/// or a value) in bounded time, never a hang or a crash.
@Suite("GrowthBook: hostile payloads")
struct GrowthBookRulesHostileTests {
    static let timeLimit = Duration.seconds(10)

    @discardableResult
    static func timed<T>(_ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let value = try body()
        #expect(ContinuousClock.now - start < timeLimit)
        return value
    }

    @Test("A condition nested 10,000 deep is refused by the JSON reader at its place")
    func tenThousandDeep() {
        let condition = String(repeating: #"{"$not": "#, count: 10_000) + "{}" + String(repeating: "}", count: 10_000)
        let text = #"{"features": {"f": {"rules": [{"condition": \#(condition), "force": 1}]}}}"#
        Self.timed {
            #expect(throws: DocumentError.self) { try GrowthBookPayload.read(Array(text.utf8)) }
        }
    }

    @Test("A condition nested past the engine's depth is a problem and an error outcome")
    func deepCondition() throws {
        let condition = String(repeating: #"{"$not": "#, count: 200) + "{}" + String(repeating: "}", count: 200)
        let payload = try GrowthBookFixture.payload(
            #"{"features": {"f": {"rules": [{"condition": \#(condition), "force": 1}]}}}"#)
        #expect(payload.problems.map(\.message) == ["conditions nest deeper than 64 levels; this one is an error"])
        let outcome = Self.timed { GrowthBookFixture.outcome(payload, "{}") }
        #expect(outcome.result == .error("a condition nests too deeply to evaluate"))
    }

    @Test("A 1 MB pattern is refused when read; the condition fails")
    func hugePattern() throws {
        let pattern = String(repeating: "a", count: 1_000_000)
        let payload = try Self.timed {
            try GrowthBookFixture.payload(
                #"{"features": {"f": {"rules": [{"condition": {"n": {"$regex": "\#(pattern)"}}, "force": 1}]}}}"#)
        }
        #expect(payload.problems.first?.message == "the pattern is longer than 100000 bytes; the test fails")
        #expect(Self.timed { GrowthBookFixture.outcome(payload, #"{"n": "aaa"}"#) }.result == .unset)
    }

    @Test("An $in of 100,000 items is one lookup; $all of them against as many is an error past the step budget")
    func hugeLists() throws {
        let items = (0..<100_000).map { "\"id-\($0)\"" }.joined(separator: ",")
        let payload = try Self.timed {
            try GrowthBookFixture.payload(
                #"{"features": {"in": {"rules": [{"condition": {"id": {"$in": [\#(items)]}}, "force": 1}]}, "all": {"rules": [{"condition": {"tags": {"$all": [\#(items)]}}, "force": 1}]}}}"#
            )
        }
        #expect(
            Self.timed { GrowthBookFixture.outcome(payload, #"{"id": "id-99999"}"#, key: "in") }.result
                == .value(.native(.int(1))))
        let outcome = Self.timed {
            payload.rules(for: "all").evaluate(
                in: EvaluationContext(attributes: ["tags": .array((0..<100_000).map { .string("id-\($0)") })]),
                tracing: false)
        }
        #expect(outcome.result == .error("the rules take more than 1000000 steps"))
    }

    @Test("A 1 MB attribute is matched, hashed and compared in bounded time")
    func hugeAttribute() throws {
        let payload = try GrowthBookFixture.feature(
            #"[{"condition": {"n": {"$regex": "b$", "$ini": ["x"]}}, "force": 1}, {"force": 2, "coverage": 0.5, "hashAttribute": "n"}]"#
        )
        let text = String(repeating: "a", count: 1_000_000)
        let outcome = Self.timed {
            payload.rules(for: "f").evaluate(in: EvaluationContext(attributes: ["n": .string(text)]), tracing: true)
        }
        #expect(outcome.trace.steps.first?.result == .bool(false), "the pattern does not match")
        #expect(outcome.trace.reason != .error)
    }
}
