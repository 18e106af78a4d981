import Foundation
import Testing

@testable import FlagCore

/// The trace as `get --json` will write it on a layer.
@Suite("Rules: trace as JSON")
struct RuleTraceJSONTests {
    @Test("A trace is written as docs/rules.md shows it")
    func specExample() throws {
        let outcome = try RuleFixture.outcome(
            targeting: #"{"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "video", null]}"#,
            variants: #"{"video": "video", "text": "text"}"#, defaultVariant: "text",
            attributes: #"{"email": "ana@example.com"}"#)
        #expect(
            outcome.trace.json.compactText
                == #"{"variant":"video","reason":"TARGETING_MATCH","steps":[{"rule":"email ends_with \"@example.com\"","result":true,"reads":{"context/email":"ana@example.com"}}]}"#
        )
    }

    @Test("Unset reads, notes, splits and errors are written too")
    func otherShapes() throws {
        let unset = try RuleFixture.outcome(
            targeting: #"{"if": [{"sem_ver": [{"var": "version"}, ">", "1.0.0"]}, "on", null]}"#)
        #expect(
            unset.trace.json.compactText
                == #"{"variant":"off","reason":"DEFAULT","steps":[{"rule":"version sem_ver > \"1.0.0\"","result":null,"reads":{"context/version":null},"note":"sem_ver: null is not a semantic version"}]}"#
        )
        let split = try RuleFixture.outcome(
            targeting: #"{"fractional": [["on", 1], ["off", 3]]}"#, attributes: #"{"targeting_key": "user-1"}"#)
        guard case .array(let steps)? = split.trace.json.object?["steps"], let step = steps.first?.object else {
            Issue.record("no steps in \(split.trace.json.compactText)")
            return
        }
        #expect(
            step["split"]
                == .array([
                    .object(["name": .string("on"), "weight": .int(1), "percent": .int(25)]),
                    .object(["name": .string("off"), "weight": .int(3), "percent": .int(75)]),
                ]))
        #expect(step["chosen"] == split.trace.variant.map(JSONValue.string))
        let failed = try RuleFixture.outcome(targeting: #"{"if": [true, "gone", "on"]}"#)
        #expect(failed.trace.json.object?["errorCode"] == .string("GENERAL"))
        #expect(
            failed.trace.json.object?["error"] == .string("its targeting chose variant 'gone', which it does not have"))
    }
}
