import Foundation
import Testing

@testable import FlagCore

/// A flagd flag's outcome — value, variant, reason, error code — and its trace, as flagd's
/// evaluator decides; and the flagd file checks `validate` reports.
@Suite("Rules: flagd flags")
struct RulesFlagdFlagTests {
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

/// The flagd file: its forms, its checks, and what `validate` says about it.
@Suite("Rules: flagd files")
struct RulesFlagdFileTests {
    @Test("defaultVariant null or absent means no default variant, not a variant named null")
    func noDefaultVariant() throws {
        for defaultPart in [#", "defaultVariant": null"#, ""] {
            let flag = try RuleFixture.flag(
                #"{"state": "ENABLED", "variants": {"null": "oops", "on": "on"}\#(defaultPart)}"#)
            #expect(flag.defaultVariant == nil)
            #expect(flag.error == nil)
            let outcome = flag.evaluate(in: try RuleFixture.context())
            #expect(outcome.result == .unset)
            #expect(outcome.trace.reason == .defaultValue)
        }
    }

    @Test("The array form of flags loads; under the providers' schema it is reported")
    func arrayForm() throws {
        let text =
            #"{"flags": [{"key": "a", "state": "ENABLED", "variants": {"on": 1}, "defaultVariant": "on"}, {"state": "ENABLED"}]}"#
        let document = try FlagdDocument.read(Array(text.utf8))
        #expect(document.flags.keys.elements == ["a"])
        #expect(document.problems.map(\.message) == [#"each flag of a "flags" list is an object with a "key""#])
        let declared =
            #"{"$schema": "https://flagd.dev/schema/v0/flags.json", "flags": [{"key": "a", "state": "ENABLED", "variants": {"on": 1}}]}"#
        let reported = try FlagdDocument.read(Array(declared.utf8))
        #expect(reported.flags["a"] != nil)
        #expect(reported.problems.first?.message.contains("list form") == true)
        #expect(reported.problems.first?.location == TextLocation(line: 1, column: 64))
    }

    @Test("Flag and flag-set metadata are kept, the flag's over the set's")
    func metadata() throws {
        let text =
            #"{"metadata": {"team": "core", "version": 1}, "flags": {"a": {"state": "ENABLED", "variants": {"on": 1}, "metadata": {"version": 2, "ok": true}}}}"#
        let document = try FlagdDocument.read(Array(text.utf8))
        #expect(document.metadata == ["team": .string("core"), "version": .int(1)])
        #expect(document.flags["a"]?.metadata == ["team": .string("core"), "version": .int(2), "ok": .bool(true)])
    }

    @Test("Provider entries: metadata as a note, rules only where there is targeting")
    func entries() throws {
        let text = #"""
            {"metadata": {"team": "core"}, "flags": {
              "plain": {"state": "ENABLED", "variants": {"on": 1}, "defaultVariant": "on", "metadata": {"owner": "ana"}},
              "ruled": {"state": "ENABLED", "variants": {"on": 1, "off": 0}, "defaultVariant": "off", "targeting": {"if": [true, "on", null]}},
              "off": {"state": "DISABLED", "variants": {"on": 1}, "defaultVariant": "on", "targeting": {"if": [true, "on", null]}},
              "none": {"state": "ENABLED", "variants": {"on": 1}, "defaultVariant": null}}}
            """#
        let file = try ProviderReaders.flagdFile(Array(text.utf8))
        let (entries, problems) = (file.entries, file.problems)
        #expect(problems.isEmpty)
        #expect(entries["plain"]?.notes == ["default variant: on", #"metadata {"team":"core","owner":"ana"}"#])
        #expect(entries["plain"]?.value == .native(.int(1)))
        #expect(entries["plain"]?.rules == nil)
        #expect(entries["ruled"]?.value == .native(.int(0)))
        #expect(entries["ruled"]?.rules?.evaluate(in: try RuleFixture.context()).result == .value(.native(.int(1))))
        #expect(entries["off"]?.value == nil)
        #expect(entries["off"]?.rules == nil)
        #expect(entries["off"]?.notes.first == "state DISABLED")
        #expect(entries["none"]?.value == nil)
        #expect(entries["none"]?.notes.first == "no default variant: the app's own default applies")
    }

    /// A flagd file whose every `‸` marks a problem `validate` must report there.
    static let invalid = MarkedText(
        """
        {
          "flags": {
            "bad-state": { "state": ‸"MAYBE", "variants": { "on": true }, "defaultVariant": "on" },
            "no-variants": { "state": "ENABLED", "variants": ‸{} },
            "mixed": { "state": "ENABLED", "variants": { "a": true, "b": ‸"yes" }, "defaultVariant": "a" },
            "ghost-default": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": ‸"off" },
            ‸"no-state": { "variants": { "on": true }, "defaultVariant": "on" },
            "weights": { "state": "ENABLED", "variants": { "a": "a", "b": "b" }, "defaultVariant": "a",
                         "targeting": { "fractional": [["a", ‸-5], ["b", ‸2.5]] } },
            "ops": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on",
                     "targeting": { "if": [{ ‸"nope": [1] }, { "sem_ver": [{ "var": "v" }, ‸"=~", "1.0.0"] }, { "var": ‸"$flagd.other" }] } },
            "ref": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on", "targeting": { ‸"$ref": "missing" } },
            "meta": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on", "metadata": { "owner": ‸["x"] } },
            "fine": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on" }
          }
        }
        """)

    @Test("Each schema violation is a problem at its line and column")
    func locatedProblems() throws {
        let document = try FlagdDocument.read(Array(Self.invalid.text.utf8))
        #expect(
            document.problems.map(\.location) == Self.invalid.marks,
            "\(document.problems.map { "\($0.location!): \($0.message)" })")
    }

    @Test("A definition flagd cannot use is an error for that flag only; schema slips still evaluate")
    func errorsStayWithTheirFlag() throws {
        let document = try FlagdDocument.read(Array(Self.invalid.text.utf8))
        for key in ["bad-state", "no-variants", "ghost-default"] {
            #expect(document.flags[key]?.error != nil, "\(key)")
            #expect(document.flags[key]?.evaluate(in: try RuleFixture.context()).trace.reason == .error)
        }
        for key in ["mixed", "no-state", "weights", "meta", "fine"] {
            #expect(document.flags[key]?.error == nil, "\(key)")
        }
        // The negative weight counts as 0 and the decimal one fails the split, as flagd has it: default variant.
        #expect(
            document.flags["weights"]?.evaluate(in: try RuleFixture.context(#"{"targeting_key": "u"}"#)).trace.reason
                == .defaultValue)
        #expect(document.flags["fine"]?.evaluate(in: try RuleFixture.context()).trace.reason == .staticValue)
    }
}

/// The trace as `get --json` will write it on a layer.
@Suite("Rules: trace as JSON")
struct RulesTraceJSONTests {
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
