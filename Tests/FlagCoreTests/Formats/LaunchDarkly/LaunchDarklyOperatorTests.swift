import Foundation
import Testing

@testable import FlagCore

/// Each operator with LaunchDarkly's type rules: no conversion between text and numbers, dates
/// as epoch milliseconds or RFC 3339 text, versions with a missing minor or patch, regular
/// expressions in RE2's syntax. `value` is one attribute value (a list's items are asked one by one).
@Suite("LaunchDarkly: operators")
struct LaunchDarklyOperatorTests {
    static func holds(_ op: String, _ values: String, _ value: String) throws -> Bool {
        try LaunchDarklyFixture.clause("a", op, values).matches(JSONValue(JSONReader.parse(value)))
    }

    @Test(
        "in: the same JSON type, numbers by value, texts byte for byte, lists and objects deep",
        arguments: [
            (#"["IT", "DE"]"#, #""DE""#, true), (#"["IT"]"#, #""it""#, false), (#"[1]"#, "1.0", true),
            (#"[1.5]"#, "1.5", true), (#"[1]"#, "true", false), (#"[true]"#, "1", false), (#"[0]"#, "false", false),
            (#"["1"]"#, "1", false), (#"[1]"#, #""1""#, false), (#"[false, true]"#, "true", true),
            (#"[null]"#, "null", true), (#"[{"a": [1, 2]}]"#, #"{"a": [1.0, 2]}"#, true),
            (#"[{"a": 1, "b": 2}]"#, #"{"b": 2, "a": 1}"#, true), (#"[[1, 2]]"#, "[2, 1]", false),
            // Canonically equivalent but not the same bytes: é written two ways.
            (#"["\u00e9"]"#, #""e\u0301""#, false), (#"["e\u0301", "\u00e9"]"#, #""e\u0301""#, true),
            ("[]", #""x""#, false),
        ])
    func membership(values: String, value: String, expected: Bool) throws {
        #expect(try Self.holds("in", values, value) == expected)
    }

    @Test(
        "startsWith, endsWith, contains: text only, case-sensitive",
        arguments: [
            ("startsWith", #"["ana"]"#, #""ana@example.com""#, true), ("startsWith", #"["Ana"]"#, #""ana""#, false),
            ("endsWith", #"["@example.com"]"#, #""ana@example.com""#, true),
            ("endsWith", #"["x", "com"]"#, #""a.com""#, true), ("contains", #"["mpl"]"#, #""example""#, true),
            ("contains", #"[""]"#, #""anything""#, true), ("startsWith", #"["9"]"#, "99", false),
            ("contains", #"["true"]"#, "true", false), ("endsWith", #"[5]"#, #""5""#, false),
            ("contains", #"["a"]"#, "null", false),
        ])
    func textOperators(op: String, values: String, value: String, expected: Bool) throws {
        #expect(try Self.holds(op, values, value) == expected)
    }

    @Test(
        "matches: RE2's syntax searched anywhere in text; a pattern RE2 refuses never matches",
        arguments: [
            (#"["^[A-Za-z]+"]"#, #""matchThis""#, true), (#"["^[A-Za-z]+"]"#, #""_no""#, false),
            (#"["xam"]"#, #""example""#, true), (#"["(?i)^ANA"]"#, #""ana""#, true),
            (#"["^\\d+$"]"#, #""123""#, true), (#"["^\\d+$"]"#, #""١٢٣""#, false),
            // Look-ahead is not RE2's: the value never matches (Python's `re` would take it).
            (#"["a(?=b)"]"#, #""ab""#, false), (#"["^99$"]"#, "99", false), (#"["("]"#, #""(""#, false),
            (#"["nope", "ex"]"#, #""example""#, true),
        ])
    func matches(values: String, value: String, expected: Bool) throws {
        #expect(try Self.holds("matches", values, value) == expected)
    }

    @Test(
        "The numeric comparisons: numbers only, never text that looks like one",
        arguments: [
            ("lessThan", "[100]", "99", true), ("lessThan", "[100]", "100", false),
            ("lessThanOrEqual", "[100]", "100", true), ("greaterThan", "[100]", "100.1", true),
            ("greaterThanOrEqual", "[100]", "99.9", false), ("greaterThanOrEqual", "[100]", "100.0", true),
            ("lessThan", "[100]", #""99""#, false), ("lessThan", #"["100"]"#, "99", false),
            ("lessThan", "[100]", "true", false), ("greaterThan", "[5, 50]", "10", true),
        ])
    func numbers(op: String, values: String, value: String, expected: Bool) throws {
        #expect(try Self.holds(op, values, value) == expected)
    }

    @Test(
        "before and after: epoch milliseconds or RFC 3339 with a zone; anything else never matches",
        arguments: [
            ("before", #"["2017-12-06T07:00:00Z"]"#, "1512543599999", true),
            ("before", #"["2017-12-06T07:00:00Z"]"#, "1512543600000", false),
            ("after", "[1512543600000]", #""2017-12-06T00:00:01-07:00""#, true),
            ("after", "[1512543600000]", #""2017-12-06T07:00:00.001Z""#, true),
            ("after", "[1512543600000]", #""2017-12-06T07:00:00.000Z""#, false),
            ("before", "[1512543600000]", #""2017-12-06""#, false),
            ("before", "[1512543600000]", #""1512543500000""#, false),
            ("before", "[1512543600000]", "true", false), ("after", #"["not a date"]"#, "1", false),
            // A number's fraction of a millisecond is dropped, as Go's SDK drops it.
            ("after", "[1512543600000]", "1512543600000.9", false),
        ])
    func dates(op: String, values: String, value: String, expected: Bool) throws {
        #expect(try Self.holds(op, values, value) == expected)
    }

    @Test(
        "The semantic version comparisons: a missing minor or patch is 0, build metadata aside",
        arguments: [
            ("semVerEqual", #"["2.0.0"]"#, #""2""#, true), ("semVerEqual", #"["2.0.0-rc"]"#, #""2-rc""#, true),
            ("semVerEqual", #"["2.0.0"]"#, #""2.0.0+build""#, true),
            ("semVerEqual", #"["2.0.0"]"#, #""v2.0.0""#, false),
            ("semVerEqual", #"["2.0.0"]"#, #""02.0.0""#, false), ("semVerEqual", #"["2.0.0"]"#, #""2.0.0.0""#, false),
            ("semVerLessThan", #"["2.0.0"]"#, #""2.0.0-rc.1""#, true),
            ("semVerLessThan", #"["2.0.0-rc.10"]"#, #""2.0.0-rc.2""#, true),
            ("semVerGreaterThan", #"["2.0.0-rc.2.green"]"#, #""2.0.0-rc.2.red""#, true),
            ("semVerGreaterThan", #"["1.9"]"#, #""1.10""#, true), ("semVerEqual", #"["2"]"#, "2", false),
        ])
    func versions(op: String, values: String, value: String, expected: Bool) throws {
        #expect(try Self.holds(op, values, value) == expected)
    }

    @Test("An operator the SDKs do not know matches nothing; negated, everything the context has")
    func unknownOperator() throws {
        let data = try LaunchDarklyFixture.flag(
            #""on": true, "variations": [true, false], "fallthrough": {"variation": 1}, "rules": [{"id": "r", "variation": 0, "clauses": [{"attribute": "plan", "op": "isOneOfTheBest", "values": ["pro"], "negate": true}]}]"#
        )
        let matched = LaunchDarklyFixture.detail(
            data, try LaunchDarklyFixture.device(#"{"key": "ana", "plan": "pro"}"#))
        #expect(matched.variationIndex == 0)
        #expect(matched.steps.last?.note?.contains("no operator \"isOneOfTheBest\"") == true)
        let unset = LaunchDarklyFixture.detail(data, try LaunchDarklyFixture.device(#"{"key": "ana"}"#))
        #expect(unset.variationIndex == 1, "an unset attribute never matches, negated or not")
    }
}
