import Foundation
import Testing

@testable import FlagCore

/// Each element of the condition language against a simulated device (docs/rules.md's table of
/// `context/*` keys); the clock is RuleFixture's, 2026-01-02T03:04:05Z.
@Suite("Firebase condition evaluation")
struct FirebaseConditionEvaluationTests {
    @Test(
        "Each element compares the context key it maps to",
        arguments: [
            ("true", "{}", true),
            ("false", "{}", false),
            ("device.os == 'ios'", #"{"platform": "iOS"}"#, true),
            ("device.os == 'ios'", #"{"platform": "android"}"#, false),
            ("device.os != 'android'", #"{"platform": "iOS"}"#, true),
            ("device.os != 'android'", "{}", false),
            ("device.language in ['en']", #"{"locale": "en_GB"}"#, true),
            ("device.language in ['en']", #"{"locale": "eng"}"#, false),
            ("device.language in ['en-US']", #"{"locale": "en_GB"}"#, false),
            ("device.language in ['en-us']", #"{"locale": "en-US"}"#, true),
            ("device.language in ['pt', 'es']", #"{"locale": "pt-BR"}"#, true),
            ("device.language in ['en-US']", #"{"locale": "en"}"#, false),
            ("device.country in ['it', 'sm']", #"{"country": "IT"}"#, true),
            ("device.country in ['it']", #"{"country": "fr"}"#, false),
            ("app.id == '1:1:ios:a'", #"{"app_id": "1:1:ios:a"}"#, true),
            ("app.id != '1:1:ios:a'", #"{"app_id": "1:1:android:b"}"#, true),
            ("app.version.>=(['2.1.0'])", #"{"app_version": "2.10"}"#, true),
            ("app.version.>=(['2.1.0'])", #"{"app_version": "2.1"}"#, true),
            ("app.version.>=(['2.1.0'])", #"{"app_version": "2.0.9"}"#, false),
            ("app.version.<(['3'])", #"{"app_version": "3.0-beta"}"#, false),
            ("app.version.==(['2.1'])", #"{"app_version": "2.1.0.0"}"#, true),
            ("app.version.!=(['2.1'])", #"{"app_version": "2.1.1"}"#, true),
            ("app.version.contains(['beta'])", #"{"app_version": "3.0-beta"}"#, true),
            ("app.version.notContains(['beta'])", #"{"app_version": "3.0"}"#, true),
            ("app.version.exactlyMatches(['3.0', '3.1'])", #"{"app_version": "3.1"}"#, true),
            ("app.version.matches(['^3\\\\.[0-9]$'])", #"{"app_version": "3.7"}"#, true),
            ("app.build.>(['99'])", #"{"app_build": 123}"#, true),
            ("app.build.>(['99'])", #"{"app_build": "100"}"#, true),
            ("app.build.<=(['99'])", #"{"app_build": "100"}"#, false),
            ("app.userProperty['age'] >= 21", #"{"user_properties": {"age": 30}}"#, true),
            ("app.userProperty['age'] >= 21", #"{"user_properties/age": "17"}"#, false),
            ("app.userProperty['age'] >= 21", #"{"user_properties/age": "old"}"#, false),
            ("app.userProperty['age'] == 0", #"{"user_properties/age": 0}"#, true),
            ("app.userProperty['tier'].exactlyMatches(['gold'])", #"{"user_properties/tier": " gold "}"#, true),
            ("app.userProperty['tier'].contains(['old'])", #"{"user_properties/tier": "Gold"}"#, true),
            ("app.userProperty['tier'].contains(['gold'])", #"{"user_properties/tier": "Gold"}"#, false),
            ("app.userProperty['tier'].notContains(['gold'])", "{}", false),
            ("app.userProperty['tier'].matches(['gold-[0-9]'])", #"{"user_properties/tier": "xgold-2y"}"#, true),
            ("app.customSignal['plan'].exactlyMatches(['pro'])", #"{"custom_signals": {"plan": "pro"}}"#, true),
            ("app.customSignal['level'] > 4.5", #"{"custom_signals/level": 5}"#, true),
            ("version(app.customSignal['sdk']) >= '1.2.0'", #"{"custom_signals/sdk": "1.10"}"#, true),
            ("app.audiences.inAtLeastOne(['a', 'x'])", #"{"audiences": ["a", "b"]}"#, true),
            ("app.audiences.inAll(['a', 'x'])", #"{"audiences": ["a", "b"]}"#, false),
            ("app.audiences.inAll(['a', 'b'])", #"{"audiences": "a, b"}"#, true),
            ("app.audiences.notInAtLeastOne(['a', 'x'])", #"{"audiences": ["a", "b"]}"#, true),
            ("app.audiences.notInAll(['x', 'y'])", #"{"audiences": ["a", "b"]}"#, true),
            ("app.audiences.notInAll(['a'])", #"{"audiences": ["a", "b"]}"#, false),
            ("app.firebaseInstallationId in ['fid-1', 'fid-2']", #"{"firebase_installation_id": "fid-2"}"#, true),
            ("app.firebaseInstallationId in ['fid-1']", #"{"firebase_installation_id": "fid-3"}"#, false),
            ("dateTime >= dateTime('2026-01-02T04:00:00', 'Europe/Rome')", "{}", true),
            ("dateTime < dateTime('2026-01-02T03:04:00')", "{}", false),
            ("dateTime > dateTime('2026-01-01T19:00:00', 'America/Los_Angeles')", "{}", true),
            ("dateTime < dateTime('2021-01-01T00:00:00')", #"{"now": "2020-06-01T00:00:00"}"#, true),
            (
                "app.firstOpenTimestamp <= ('2026-10-01T00:00:00')",
                #"{"first_open_timestamp": "2026-09-30T23:59:59"}"#, true
            ),
            (
                "app.firstOpenTimestamp <= ('2026-10-01T00:00:00')",
                #"{"first_open_timestamp": "2026-10-01T00:00:01"}"#, false
            ),
            (
                "app.firstOpenTimestamp <= ('2026-10-01T00:00:00', 'America/Los_Angeles')",
                #"{"first_open_timestamp": "2026-10-01T05:00:00Z"}"#, true
            ),
            ("device.os == 'ios' && device.country in ['it']", #"{"platform": "ios", "country": "it"}"#, true),
            ("device.os == 'ios' && device.country in ['it']", #"{"platform": "ios", "country": "de"}"#, false),
        ])
    func evaluates(expression: String, attributes: String, expected: Bool) throws {
        #expect(try FirebaseFixture.matches(expression, attributes) == expected)
    }

    /// Version, number and text comparisons of a custom signal, as firebase-admin 7.7.0 (Python,
    /// `_ConditionEvaluator`, server templates) gave them: `version(...)` there is
    /// `SEMANTIC_VERSION_*`, the numeric operators `NUMERIC_*`, the text methods `STRING_*`.
    @Test(
        "Custom signal comparisons agree with firebase-admin",
        arguments: [
            ("1.2.3", "1.2.3", [false, true, true, false, false, true]),
            ("1.2", "1.2.0", [false, true, true, false, false, true]),
            ("1.10.0", "1.9.9", [false, false, false, true, true, true]),
            ("2", "10", [true, true, false, true, false, false]),
            ("2.0.1", "2.0.1.0.1", [true, true, false, true, false, false]),
            ("1.2.3-beta", "1.2.3", [false, false, false, false, false, false]),
            ("01.2", "1.2", [false, true, true, false, false, true]),
        ])
    func semanticVersionsAgree(actual: String, target: String, expected: [Bool]) throws {
        let operators = ["<", "<=", "==", "!=", ">", ">="]
        for (comparison, result) in zip(operators, expected) {
            let expression = "version(app.customSignal['v']) \(comparison) '\(target)'"
            #expect(
                try FirebaseFixture.matches(expression, #"{"custom_signals/v": "\#(actual)"}"#) == result,
                "\(expression)")
        }
    }

    @Test(
        "Numeric custom signals agree with firebase-admin",
        arguments: [
            ("5", "4.5", [false, false, false, true, true, true]),
            ("-1", "0.5", [true, true, false, true, false, false]),
            ("3.99", "3.99", [false, true, true, false, false, true]),
            ("abc", "1", [false, false, false, false, false, false]),
        ])
    func numbersAgree(actual: String, target: String, expected: [Bool]) throws {
        for (comparison, result) in zip(["<", "<=", "==", "!=", ">", ">="], expected) {
            let expression = "app.customSignal['v'] \(comparison) \(target)"
            #expect(
                try FirebaseFixture.matches(expression, #"{"custom_signals/v": "\#(actual)"}"#) == result,
                "\(expression)")
        }
    }

    @Test(
        "Text custom signals agree with firebase-admin",
        arguments: [
            ("Gold member", "contains(['gold'])", false),
            ("Gold member", "contains(['Gold'])", true),
            ("Gold member", "notContains(['Gold', 'x'])", false),
            (" gold ", "exactlyMatches(['gold'])", true),
            ("gold-2", "matches(['^gold-[0-9]$'])", true),
            ("xgold-2y", "matches(['gold-[0-9]'])", true),
        ])
    func textAgrees(actual: String, method: String, expected: Bool) throws {
        let expression = "app.customSignal['v'].\(method)"
        #expect(try FirebaseFixture.matches(expression, #"{"custom_signals/v": "\#(actual)"}"#) == expected)
    }

    @Test("An unset attribute does not match, and the note names the key to set")
    func unsetAttribute() throws {
        let context = try RuleFixture.context("{}")
        let result = try FirebaseFixture.result("app.userProperty['tier'].notContains(['gold'])", context)
        #expect(!result.matched)
        #expect(result.note == "context/user_properties/tier is unset; set it to try the other way")
        let several = try FirebaseFixture.result("true && device.country in ['it']", context)
        #expect(several.note == "device.country in ['it']: context/country is unset; set it to try the other way")
    }

    @Test("A value that cannot be compared does not match, and the note says why")
    func uncomparable() throws {
        let result = try FirebaseFixture.result(
            "app.version.>=(['2.0'])", try RuleFixture.context(#"{"app_version": "2.0-beta"}"#))
        #expect(!result.matched)
        #expect(result.note == #""2.0-beta" is not a version of numbers and dots"#)
    }

    @Test("Elements are evaluated in order and stop at the first that does not hold, reading only what they look at")
    func readsAreExact() throws {
        let template = FirebaseFixture.template(
            conditions: [("ios_it", "device.os == 'ios' && device.country in ['it']")],
            parameter: #""ios_it": { "value": "on" }"#)
        let outcome = try FirebaseFixture.outcome(template, #"{"platform": "android", "country": "it"}"#)
        #expect(outcome.trace.steps.first?.reads == [ContextRead(key: "context/platform", value: .string("android"))])
    }
}
