import Foundation
import Testing

@testable import FlagCore

/// Constraint operators as the Unleash SDKs decide them, on context keys typed as Flagscope
/// keeps them (docs/rules.md: Unleash fields are text, so the number 123 is compared as "123").
@Suite("Unleash: constraint operators")
struct UnleashConstraintTests {
    @Test(
        "Each operator, inverted and case-insensitive, on set and unset fields",
        arguments: [
            (#"{"contextName": "userId", "operator": "IN", "values": ["123", "456"]}"#, #"{"userId": 123}"#, true),
            (#"{"contextName": "userId", "operator": "IN", "values": ["123"]}"#, "{}", false),
            (#"{"contextName": "userId", "operator": "NOT_IN", "values": ["123"]}"#, "{}", true),
            (#"{"contextName": "beta", "operator": "IN", "values": ["true"]}"#, #"{"beta": true}"#, true),
            (
                #"{"contextName": "plan", "operator": "IN", "values": ["Pro"], "caseInsensitive": true}"#,
                #"{"plan": "pro"}"#, false
            ),
            (
                #"{"contextName": "plan", "operator": "IN", "values": ["pro"], "inverted": true}"#, #"{"plan": "pro"}"#,
                false
            ),
            (
                #"{"contextName": "email", "operator": "STR_ENDS_WITH", "values": ["@EXAMPLE.com"], "caseInsensitive": true}"#,
                #"{"email": "ana@example.COM"}"#, true
            ),
            (#"{"contextName": "email", "operator": "STR_STARTS_WITH", "values": ["ana"]}"#, "{}", false),
            (
                #"{"contextName": "email", "operator": "STR_STARTS_WITH", "values": ["ana"], "inverted": true}"#, "{}",
                true
            ),
            (#"{"contextName": "email", "operator": "STR_CONTAINS", "values": ["@"]}"#, #"{"email": "a@b"}"#, true),
            // No values: nothing matches, so inverted everything does (yggdrasil turns the whole
            // toggle off instead; docs/rules.md, where Flagscope differs from the Unleash engine).
            (#"{"contextName": "email", "operator": "STR_CONTAINS", "values": []}"#, #"{"email": "a@b"}"#, false),
            (
                #"{"contextName": "email", "operator": "STR_ENDS_WITH", "values": [], "inverted": true}"#,
                #"{"email": "a@b"}"#, true
            ),
            // Texts compare byte for byte, as the SDKs do: a precomposed é is not e and a combining accent.
            (
                #"{"contextName": "city", "operator": "IN", "values": ["Bogot\u00e1"]}"#, #"{"city": "Bogota\u0301"}"#,
                false
            ),
            (
                #"{"contextName": "city", "operator": "IN", "values": ["Bogot\u00e1"]}"#, #"{"city": "Bogot\u00e1"}"#,
                true
            ),
            (
                #"{"contextName": "city", "operator": "STR_ENDS_WITH", "values": ["\u00e1"]}"#,
                #"{"city": "Bogota\u0301"}"#, false
            ),
            (
                #"{"contextName": "city", "operator": "STR_STARTS_WITH", "values": ["\u00c1"]}"#,
                #"{"city": "A\u0301vila"}"#, false
            ),
            (
                #"{"contextName": "city", "operator": "STR_CONTAINS", "values": ["ot\u00e1"]}"#,
                #"{"city": "Bogot\u00e1"}"#, true
            ),
            (
                #"{"contextName": "city", "operator": "STR_CONTAINS", "values": ["ot\u00e1"]}"#,
                #"{"city": "Bogota\u0301"}"#, false
            ),
            (#"{"contextName": "city", "operator": "STR_CONTAINS", "values": [""]}"#, #"{"city": "x"}"#, true),
            (#"{"contextName": "score", "operator": "NUM_GT", "value": "10"}"#, #"{"score": 10.5}"#, true),
            (#"{"contextName": "score", "operator": "NUM_EQ", "value": "12"}"#, #"{"score": "12.0"}"#, true),
            (#"{"contextName": "score", "operator": "NUM_LTE", "value": "12"}"#, #"{"score": "twelve"}"#, false),
            (#"{"contextName": "score", "operator": "NUM_LT", "value": "lots"}"#, #"{"score": 1}"#, false),
            (
                #"{"contextName": "version", "operator": "SEMVER_GTE", "value": "1.2.0"}"#, #"{"version": "1.10.0"}"#,
                true
            ),
            (
                #"{"contextName": "version", "operator": "SEMVER_LT", "value": "2.0.0"}"#,
                #"{"version": "2.0.0-rc.1"}"#,
                true
            ),
            (
                #"{"contextName": "version", "operator": "SEMVER_EQ", "value": "1.2.3"}"#, #"{"version": "v1.2.3"}"#,
                false
            ),
            (
                #"{"contextName": "email", "operator": "REGEX", "value": "^[a-z]+@example\\.com$"}"#,
                #"{"email": "ana@example.com"}"#, true
            ),
            (
                #"{"contextName": "email", "operator": "REGEX", "value": "^ANA", "caseInsensitive": true}"#,
                #"{"email": "ana@example.com"}"#, true
            ),
            (#"{"contextName": "name", "operator": "REGEX", "value": "^(a)\\1$"}"#, #"{"name": "aa"}"#, false),
            (#"{"contextName": "name", "operator": "REGEX", "value": "^(?=a)a"}"#, #"{"name": "aa"}"#, false),
            (
                #"{"contextName": "remoteAddress", "operator": "IN_CIDR", "values": ["nonsense", "10.0.0.0/8"]}"#,
                #"{"remoteAddress": "10.200.1.1"}"#, true
            ),
            (
                #"{"contextName": "remoteAddress", "operator": "IN_CIDR", "values": ["2001:db8::/32"]}"#,
                #"{"remoteAddress": "2001:db8:ffff::1"}"#, true
            ),
            (
                #"{"contextName": "remoteAddress", "operator": "IN_CIDR", "values": ["10.0.0.0/33"]}"#,
                #"{"remoteAddress": "10.0.0.1"}"#, false
            ),
            (
                #"{"contextName": "userId", "operator": "NO_SUCH_OPERATOR", "values": ["1"], "inverted": true}"#,
                #"{"userId": "1"}"#, false
            ),
        ])
    func operators(constraint: String, context: String, expected: Bool) throws {
        let features = try UnleashFixture.constrained(constraint)
        #expect(try UnleashFixture.enabled(features, "t", context) == expected)
    }

    @Test("currentTime reads context/currentTime, else context/now, else the clock")
    func currentTime() throws {
        let features = try UnleashFixture.constrained(
            #"{"contextName": "currentTime", "operator": "DATE_AFTER", "value": "2026-01-01T00:00:00Z"}"#)
        // The fixture's clock is 2026-01-02.
        #expect(try UnleashFixture.enabled(features))
        #expect(try !UnleashFixture.enabled(features, "t", #"{"now": "2025-12-31T23:00:00Z"}"#))
        #expect(
            try UnleashFixture.enabled(
                features, "t", #"{"now": "2025-12-31T23:00:00Z", "currentTime": "2026-01-01T00:30:00+00:00"}"#))
        let trace = try UnleashFixture.outcome(features, "t", #"{"now": "2025-12-31T23:00:00Z"}"#).trace
        #expect(
            trace.steps.first?.reads == [
                ContextRead(key: "context/currentTime", value: nil),
                ContextRead(key: "context/now", value: .string("2025-12-31T23:00:00Z")),
            ])
    }

    @Test("A constraint the SDKs cannot use is a located problem, and false")
    func problems() throws {
        let document = try UnleashFixture.document(
            features: """
                [{"name": "t", "enabled": true, "strategies": [{"name": "default", "constraints": [
                  {"contextName": "a", "operator": "SOMETIMES", "values": []},
                  {"contextName": "b", "operator": "REGEX", "value": "(unclosed"},
                  {"contextName": "c", "operator": "DATE_AFTER", "value": "yesterday"}]}]}]
                """)
        #expect(
            document.problems.map(\.message) == [
                "unknown constraint operator 'SOMETIMES' (it is always false)",
                #"REGEX needs a regular expression "value" the SDKs accept, found "(unclosed": at character 1: unclosed group: this '(' has no ')'"#,
                #"DATE_AFTER needs an ISO 8601 date-time "value", found "yesterday""#,
            ])
        #expect(
            document.problems.allSatisfy { $0.location?.line == 2 || $0.location?.line == 3 || $0.location?.line == 4 })
        #expect(try !UnleashFixture.enabled(document.features))
    }
}
