import Foundation
import Testing

@testable import FlagCore

/// The condition language of Remote Config client templates, as Firebase's condition reference
/// writes it; anything else is an error at its offset in the expression, and in the file.
@Suite("Firebase condition parser")
struct FirebaseConditionParserTests {
    @Test(
        "Every documented element and operator reads into its test",
        arguments: [
            ("true", FirebaseTest.constant(true)),
            ("false", .constant(false)),
            ("device.os == 'ios'", .platform("ios", equal: true)),
            ("device.os != 'android'", .platform("android", equal: false)),
            ("device.language in ['en', 'pt-BR']", .language(["en", "pt-BR"])),
            ("device.country in ['it', 'SM']", .country(["it", "SM"])),
            ("app.id == '1:123:ios:abc'", .appID("1:123:ios:abc", equal: true)),
            ("app.version.>=(['2.1.0'])", .version(.appVersion, .greaterOrEqual, [2, 1, 0])),
            ("app.build.<(['120'])", .version(.appBuild, .less, [120])),
            ("app.version.contains(['beta', 'rc'])", .text(.appVersion, .contains, ["beta", "rc"])),
            ("app.build.notContains(['9'])", .text(.appBuild, .notContains, ["9"])),
            ("app.version.exactlyMatches(['2.1.0'])", .text(.appVersion, .exactlyMatches, ["2.1.0"])),
            ("app.version.matches(['^2\\\\.'])", .pattern(.appVersion, [try! LinearPattern("^2\\.", dialect: .re2)])),
            ("app.userProperty['age'] >= 21", .number(.userProperty("age"), .greaterOrEqual, 21)),
            ("app.userProperty['score'] < -0.5", .number(.userProperty("score"), .less, -0.5)),
            (
                "app.userProperty['tier'].exactlyMatches(['gold'])",
                .text(.userProperty("tier"), .exactlyMatches, ["gold"])
            ),
            ("app.customSignal['level'] != 3", .number(.customSignal("level"), .notEqual, 3)),
            ("app.customSignal['plan'].contains(['pro'])", .text(.customSignal("plan"), .contains, ["pro"])),
            ("version(app.customSignal['sdk']) > '1.2'", .version(.customSignal("sdk"), .greater, [1, 2])),
            ("app.audiences.inAtLeastOne(['Buyers'])", .audiences(.inAtLeastOne, ["Buyers"])),
            ("app.audiences.notInAll(['Churned', 'Trial'])", .audiences(.notInAll, ["Churned", "Trial"])),
            ("app.firebaseInstallationId in ['fid-1']", .installationID(["fid-1"])),
            (
                "dateTime < dateTime('2026-01-02T03:00:00')",
                .dateTime(.less, Date(timeIntervalSince1970: 1_767_322_800))
            ),
            (
                "device.dateTime >= dateTime('2026-01-02T04:00:00', 'Europe/Rome')",
                .dateTime(.greaterOrEqual, Date(timeIntervalSince1970: 1_767_322_800))
            ),
            (
                "app.firstOpenTimestamp <= ('2026-01-01T19:00:00', 'America/Los_Angeles')",
                .firstOpen(.lessOrEqual, Date(timeIntervalSince1970: 1_767_322_800))
            ),
            ("percent <= 20", .percent(seed: nil, lower: -1, upper: 20_000_000)),
            ("percent > 12.5", .percent(seed: nil, lower: 12_500_000, upper: 100_000_000)),
            (
                "percent('launch.v2') between 10 and 30",
                .percent(seed: "launch.v2", lower: 10_000_000, upper: 30_000_000)
            ),
            ("percent <= 0.000001", .percent(seed: nil, lower: -1, upper: 1)),
        ])
    func parses(expression: String, expected: FirebaseTest) throws {
        let clauses = try FirebaseConditionParser.parse(expression)
        #expect(clauses.map(\.test) == [expected])
        #expect(clauses.first?.text == expression)
    }

    @Test("Elements joined by && are clauses in the order written, each with its own words")
    func conjunction() throws {
        let clauses = try FirebaseConditionParser.parse(
            "device.os == 'ios' && app.version.>=(['2.0']) && percent('p') <= 50")
        #expect(clauses.map(\.text) == ["device.os == 'ios'", "app.version.>=(['2.0'])", "percent('p') <= 50"])
    }

    @Test(
        "What the reference does not have is an error at its offset",
        arguments: [
            ("", 0, "the condition is empty"),
            ("device.contry in ['it']", 0, "did you mean 'device.country'"),
            ("device.country == 'it'", 15, "device.country is compared with in [...]"),
            ("app.version >= '1.0'", 12, "app.version is compared with a method"),
            ("app.version.startsWith(['1.'])", 0, "has no method '.startsWith'"),
            ("app.version.>=(['1.x'])", 12, "'1.x' is not a version"),
            ("app.version.>=(['1.0', '2.0'])", 12, "takes one version"),
            ("device.os == 'ios'&& true", 18, "'&&' needs a space on each side"),
            ("device.os == 'ios' || true", 19, "joins its elements with && only"),
            ("!device.os == 'ios'", 0, "cannot negate"),
            ("(true)", 0, "no parentheses"),
            ("device.os == 'ios", 13, "no closing '"),
            ("device.language in ['en'", 24, "expected ',' or ']'"),
            ("percent < 10", 8, "percent is compared with <=, > or between"),
            ("percent <= 150", 11, "a percentage from 0 to 100"),
            ("percent between 50 and 10", 23, "a lower bound, then a higher one"),
            ("percent('no spaces!') <= 1", 8, "a percent seed"),
            ("app.userProperty['tier'] == 'gold'", 28, "compares text with .exactlyMatches"),
            ("app.userProperty['tier'].startsWith(['g'])", 25, ".contains, .notContains, .exactlyMatches and .matches"),
            ("app.customSignal['x'].matches(['('])", 29, "'(' is not a regular expression"),
            ("app.audiences.inAny(['a'])", 0, "inAtLeastOne"),
            ("dateTime == dateTime('2026-01-01')", 9, "compared with <, <=, > or >="),
            ("dateTime < ('2026-01-01')", 11, "dateTime('2025-01-01T09:00:00'"),
            ("dateTime < dateTime('2026-13-01T00:00:00')", 20, "is not an ISO date and time"),
            ("dateTime < dateTime('2026-01-01T00:00:00', 'Mars/Olympus')", 43, "'Mars/Olympus' is not a time zone"),
            ("app.browserAndVersion.contains(['Chrome'])", 0, "only for web apps"),
            ("device.os == 'ios' true", 19, "expected && or the end of the condition"),
            ("device.os == 'ios' # note", 19, "'#' has no meaning"),
        ])
    func rejects(expression: String, offset: Int, fragment: String) throws {
        let error = try #require(FirebaseFixture.error(expression))
        #expect(error.message.contains(fragment), "\(error.message)")
        #expect(error.offset == offset, "\(error.message)")
    }

    @Test("A problem is located in the file: the expression's position plus the offset inside it, escapes counted")
    func locatedInTheFile() throws {
        let template = """
            {
              "conditions": [
                { "name": "fine", "expression": "device.os == 'ios'" },
                { "name": "typo", "expression": "device.os == 'ios' && device.contry in ['it']" },
                { "name": "escaped", "expression": "app.id \\u003d\\u003d 'x' \\u0026\\u0026 percent \\u003c 10" }
              ],
              "parameters": {}
            }
            """
        let read = try FirebaseTemplate.read(Array(template.utf8))
        #expect(read.problems.count == 2)
        // Line 4: the expression's quote is at column 37, the element at offset 22 inside it.
        #expect(read.problems[0].location == TextLocation(line: 4, column: 37 + 1 + 22))
        #expect(read.problems[0].message.contains("condition 'typo'"))
        #expect(read.problems[0].message.contains("did you mean 'device.country'"))
        // Line 5: `<` is the 26th character, written after 45 characters of text and escapes.
        #expect(read.problems[1].location == TextLocation(line: 5, column: 40 + 1 + 45))
        #expect(read.problems[1].message.contains("percent is compared with"))
        #expect(read.conditions[0].problem == nil)
        #expect(read.conditions[1].problem != nil)
    }
}
