import Foundation
import Testing

@testable import FlagCore

/// A flagd flag's outcome — value, variant, reason, error code — and its trace, as flagd's
/// evaluator decides; and the flagd file checks `validate` reports.
@Suite("Rules: flagd flags")
struct FlagdFlagTests {
    /// (targeting, default variant, attributes, expected variant or nil, reason, error code).
    static let outcomes: [(String, String?, String, String?, RuleReason, String?)] = [
        ("{}", "off", "{}", "off", .staticValue, nil),
        (
            #"{"if": [{"==": [{"var": "plan"}, "gold"]}, "on", null]}"#, "off", #"{"plan": "gold"}"#, "on",
            .targetingMatch, nil
        ),
        (#"{"if": [{"==": [{"var": "plan"}, "gold"]}, "on", null]}"#, "off", "{}", "off", .defaultValue, nil),
        (#"{"if": [{"==": [{"var": "plan"}, "gold"]}, "on", null]}"#, nil, "{}", nil, .defaultValue, nil),
        (#"{"if": [{"==": [{"var": "plan"}, "gold"]}, "on"]}"#, nil, #"{"plan": "gold"}"#, "on", .targetingMatch, nil),
        (#"{"==": [{"var": "plan"}, "gold"]}"#, "off", #"{"plan": "gold"}"#, "true", .targetingMatch, nil),
        (#"{"==": [{"var": "plan"}, "gold"]}"#, "off", "{}", "false", .targetingMatch, nil),
        (#"{"if": [true, "three", "on"]}"#, "off", "{}", nil, .error, "GENERAL"),
        (#"{"invalid": ["this is not valid targeting"]}"#, "off", "{}", nil, .error, "PARSE_ERROR"),
        (#"{"if": [{"$ref": "nowhere"}, "on", "off"]}"#, "off", "{}", nil, .error, "PARSE_ERROR"),
        (#"{"if": [{"$ref": "is_gold"}, "on", "off"]}"#, "off", #"{"plan": "gold"}"#, "on", .targetingMatch, nil),
        (#"{"if": [false, {"nonsense": 1}, "on"]}"#, "off", "{}", "on", .targetingMatch, nil),
        (#"{"if": [true, 2, 1]}"#, "off", "{}", "2", .targetingMatch, nil),
        (#"{"if": [true, 1.5, 1]}"#, "off", "{}", nil, .error, "GENERAL"),
        (#"{"/": [1, 0]}"#, "off", "{}", nil, .error, "PARSE_ERROR"),
    ]

    @Test("Targeting picks a variant, the default, no value or an error as flagd does", arguments: outcomes)
    func outcome(
        targeting: String, defaultVariant: String?, attributes: String, variant: String?, reason: RuleReason,
        code: String?
    ) throws {
        let variants = #"{"on": "ON", "off": "OFF", "true": "T", "false": "F", "2": "TWO"}"#
        let defaultText = defaultVariant.map { "\"\($0)\"" } ?? "null"
        let flag = try RuleFixture.flag(
            #"{"state": "ENABLED", "variants": \#(variants), "defaultVariant": \#(defaultText), "targeting": \#(targeting)}"#,
            evaluators: #"{"is_gold": {"==": [{"var": "plan"}, "gold"]}}"#)
        let outcome = flag.evaluate(in: try RuleFixture.context(attributes))
        #expect(outcome.trace.variant == variant, "\(targeting)")
        #expect(outcome.trace.reason == reason, "\(targeting)")
        #expect(outcome.trace.errorCode == code, "\(targeting)")
        if let variant {
            #expect(outcome.result == .value(.native(try #require(flag.variants[variant]))))
        } else if reason == .error {
            if case .error = outcome.result {} else { Issue.record("expected an error, got \(outcome.result)") }
        } else {
            #expect(outcome.result == .unset)
        }
    }

    @Test("A disabled flag gives no value, reason DISABLED, without reading the context")
    func disabled() throws {
        let flag = try RuleFixture.flag(
            #"{"state": "DISABLED", "variants": {"on": true}, "defaultVariant": "on", "targeting": {"var": "x"}}"#)
        let outcome = flag.evaluate(in: try RuleFixture.context())
        #expect(outcome.result == .unset)
        #expect(outcome.trace == RuleTrace(reason: .disabled))
    }

    @Test("The trace lists each condition decided, in order, with the keys it read, unset ones too")
    func traceSteps() throws {
        let outcome = try RuleFixture.outcome(
            targeting:
                #"{"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on", {"in": [{"var": "country"}, ["IT", "FR"]]}, "on", null]}"#,
            attributes: #"{"email": "ana@else.org"}"#)
        #expect(outcome.trace.reason == .defaultValue)
        #expect(outcome.trace.variant == "off")
        #expect(outcome.trace.steps.map(\.rule) == [#"email ends_with "@example.com""#, #"country in ["IT", "FR"]"#])
        #expect(outcome.trace.steps.map(\.result) == [.bool(false), .bool(false)])
        #expect(outcome.trace.steps[0].reads == [ContextRead(key: "context/email", value: .string("ana@else.org"))])
        #expect(outcome.trace.steps[1].reads == [ContextRead(key: "context/country", value: nil)])
        #expect(outcome.trace.reads.map(\.key) == ["context/email", "context/country"])
    }

    @Test("A targeting that is not an if is one step; an error keeps the steps taken")
    func singleStepAndErrorTrace() throws {
        let single = try RuleFixture.outcome(
            targeting: #"{"starts_with": [{"var": "targetingKey"}, "beta-"]}"#,
            variants: #"{"true": 1, "false": 0}"#, defaultVariant: "false",
            attributes: #"{"targeting_key": "beta-7"}"#)
        #expect(single.trace.steps.count == 1)
        #expect(single.trace.steps[0].rule == #"targetingKey starts_with "beta-""#)
        #expect(single.trace.steps[0].reads == [ContextRead(key: "context/targeting_key", value: .string("beta-7"))])
        #expect(single.trace.variant == "true")

        let failing = try RuleFixture.outcome(
            targeting: #"{"if": [{"var": "go"}, {"bogus": []}, "on"]}"#, attributes: #"{"go": true}"#)
        #expect(failing.trace.reason == .error)
        #expect(failing.trace.steps.map(\.rule) == ["go"])
        guard case .error(let message) = failing.result else {
            Issue.record("expected an error")
            return
        }
        #expect(message == "its targeting cannot be evaluated: unknown operator 'bogus'")
    }

    @Test("The evaluation is a pure function of the rules and the context, whose clock context/now can set")
    func clock() throws {
        let targeting = #"{"if": [{">": [{"var": "$flagd.timestamp"}, 1800000000]}, "on", "off"]}"#
        let early = try RuleFixture.outcome(targeting: targeting)
        #expect(early.trace.variant == "off")
        #expect(early.trace.steps[0].reads == [ContextRead(key: "context/now", value: nil)])
        let late = try RuleFixture.outcome(targeting: targeting, attributes: #"{"now": "2030-01-01T00:00:00Z"}"#)
        #expect(late.trace.variant == "on")
        let zoneless = try RuleFixture.outcome(targeting: targeting, attributes: #"{"now": "2030-01-01T00:00:00"}"#)
        #expect(zoneless.trace.variant == "on")
        #expect(try RuleFixture.outcome(targeting: targeting) == early)
    }
}
