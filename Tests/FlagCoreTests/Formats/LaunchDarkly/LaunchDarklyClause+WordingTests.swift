import Foundation
import Testing

@testable import FlagCore

/// Clauses in LaunchDarkly's UI words, as the trace and the Context branch show them.
@Suite("LaunchDarkly: clause words")
struct LaunchDarklyClauseWordingTests {
    @Test(
        "Each operator, negated or not, on the user and on other kinds",
        arguments: [
            (#"{"attribute": "country", "op": "in", "values": ["IT", "DE"]}"#, "country is one of [IT, DE]"),
            (#"{"attribute": "country", "op": "in", "values": ["IT"], "negate": true}"#, "country is not one of [IT]"),
            (
                #"{"attribute": "email", "op": "endsWith", "values": ["@example.com"]}"#,
                #"email ends with "@example.com""#
            ),
            (
                #"{"attribute": "email", "op": "startsWith", "values": ["a", "b"], "negate": true}"#,
                #"email does not start with "a" or "b""#
            ),
            (#"{"attribute": "email", "op": "matches", "values": ["^a.*"]}"#, #"email matches "^a.*""#),
            (#"{"attribute": "age", "op": "lessThan", "values": [18]}"#, "age < 18"),
            (#"{"attribute": "age", "op": "greaterThanOrEqual", "values": [18, 21.5]}"#, "age >= 18 or 21.5"),
            (
                #"{"attribute": "signup", "op": "before", "values": ["2024-01-01T00:00:00Z"]}"#,
                #"signup is before "2024-01-01T00:00:00Z""#
            ),
            (
                #"{"attribute": "version", "op": "semVerLessThan", "values": ["2.0.0"]}"#,
                #"version is a version below "2.0.0""#
            ),
            (
                #"{"attribute": "", "op": "segmentMatch", "values": ["beta-testers"]}"#,
                "user is in segment beta-testers"
            ),
            (
                #"{"attribute": "", "op": "segmentMatch", "values": ["a", "b"], "negate": true}"#,
                "user is not in segment a or b"
            ),
            (
                #"{"contextKind": "organization", "attribute": "tier", "op": "in", "values": ["gold", 3]}"#,
                "organization tier is one of [gold, 3]"
            ),
            (#"{"attribute": "plan", "op": "isBest", "values": ["pro"]}"#, "plan isBest [pro]"),
            (#"{"op": "in", "values": []}"#, "(no attribute) is one of []"),
            (
                #"{"attribute": "n", "op": "in", "values": [1,2,3,4,5,6,7,8,9,10,11,12]}"#,
                "n is one of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … 2 more]"
            ),
        ])
    func words(clause: String, words: String) throws {
        let data = try LaunchDarklyFixture.flag(#""rules": [{"variation": 0, "clauses": [\#(clause)]}]"#)
        #expect(data.flags["flag"]?.rules.first?.clauses.first?.words == words)
    }
}
