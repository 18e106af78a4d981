import Foundation
import TestSupport
import Testing

/// A LaunchDarkly layer on the command line (docs/rules.md#launchdarkly-flags): `get` and
/// `get --json` give the variation LaunchDarkly's server-side SDKs give this device's context,
/// with OpenFeature's reason, LaunchDarkly's own and each clause in LaunchDarkly's words.
@Suite("LaunchDarkly layers on the command line")
struct GetCommandLaunchDarklyTests {
    @Test("get shows the rule that matched, and the individual targets checked before it")
    func ruleMatch() throws {
        let output = try CLIFixture.run(["get", "banner_text"], in: { try LaunchDarklyWorkspace.folder() })
        #expect(output.stdout.contains("value    spring   from LD"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                """
                    LD: rules chose variant "variation 1" (TARGETING_MATCH; RULE_MATCH ruleIndex 0, ruleId "europe")
                        individual targets: key user-1 is not listed → false
                          reads context/key = "user-1"
                      ▶ country is one of [IT, DE] → true
                          reads context/key = "user-1", context/country = "IT"
                """), "\(output.stdout)")
    }

    @Test("A listed key is an individual target (TARGET_MATCH)")
    func target() throws {
        let output = try CLIFixture.run(
            ["get", "banner_text", "--context", "key=qa-ana"], in: { try LaunchDarklyWorkspace.folder() })
        #expect(output.stdout.contains("value    summer   from LD"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                """
                    LD: rules chose variant "variation 2" (TARGETING_MATCH; TARGET_MATCH)
                      ▶ individual target: key qa-ana → true
                          reads context/key = "qa-ana"
                """), "\(output.stdout)")
    }

    @Test("Without a device kind the clause on it does not match, and the fallthrough's rollout splits (SPLIT)")
    func rollout() throws {
        let output = try CLIFixture.run(["get", "new_search"], in: { try LaunchDarklyWorkspace.folder() })
        #expect(output.stdout.contains("value    true   from LD"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                """
                    LD: rules chose variant "variation 0" (SPLIT; FALLTHROUGH)
                        device os is one of [iOS] → false
                          reads context/device/key (unset)
                          the context has no device kind: the clause does not match
                      ▶ fallthrough: percentage rollout by key → true
                          reads context/key = "user-1"
                          bucket 24.3 of 100 → "variation 0"
                          ▶ variation 0  ██░░░░░░░░ 25 %
                            variation 1  ████████░░ 75 %
                """), "\(output.stdout)")
    }

    @Test("get --json: a device kind from context/device/key and context/device/os; both reasons and the variant")
    func json() throws {
        let output = try CLIFixture.run(
            ["get", "new_search", "--json", "--context", "device.key=d1", "--context", "device.os=iOS"],
            in: { try LaunchDarklyWorkspace.folder() })
        #expect(output.stderr.isEmpty, "the device kind's key is read: no warning about it")
        let report = try CLIFixture.object(output.stdout)
        #expect(report["value"] as? Bool == true)
        #expect(report["source"] as? String == "LD")
        #expect(report["reason"] as? String == "provider")
        #expect(report["variant"] as? String == "variation 0")
        let rules = try #require(CLIFixture.layer(report, "LD")?["rules"] as? [String: Any])
        #expect(rules["reason"] as? String == "TARGETING_MATCH")
        let own = try #require(rules["sourceReason"] as? [String: Any])
        #expect(own["kind"] as? String == "RULE_MATCH")
        #expect(own["ruleIndex"] as? Int == 0)
        #expect(own["ruleId"] as? String == "ios")
        let steps = try #require(rules["steps"] as? [[String: Any]])
        #expect(steps.map { $0["rule"] as? String } == ["device os is one of [iOS]"])
        #expect(steps.first?["reads"] as? [String: String] == ["context/device/key": "d1", "context/device/os": "iOS"])
    }

    @Test("A device with no key is no context: the layer is an error that says what to set")
    func noKey() throws {
        let output = try CLIFixture.run(
            ["get", "banner_text", "--json"], in: { try LaunchDarklyWorkspace.folder(device: "{}") })
        let report = try CLIFixture.object(output.stdout)
        #expect(report["value"] as? String == "none")
        #expect(report["source"] as? String == "default")
        let layer = try #require(CLIFixture.layer(report, "LD"))
        #expect(layer["state"] as? String == "error")
        #expect(
            (layer["error"] as? String)?.hasPrefix("USER_NOT_SPECIFIED: the context has no key: set context/key")
                == true, "\(layer)")
        let rules = try #require(layer["rules"] as? [String: Any])
        #expect(rules["reason"] as? String == "ERROR")
        #expect(rules["sourceReason"] as? [String: String] == ["kind": "ERROR", "errorKind": "USER_NOT_SPECIFIED"])
    }

    @Test("A variation of another type than the blueprint's: typeMismatch, its trace ERROR/WRONG_TYPE at the rule")
    func wrongType() throws {
        let data = LaunchDarklyWorkspace.data.replacingOccurrences(
            of: #"["none", "spring", "summer"]"#, with: #"["none", 42, "summer"]"#)
        let output = try CLIFixture.run(
            ["get", "banner_text", "--json"], in: { try LaunchDarklyWorkspace.folder(data: data) })
        let report = try CLIFixture.object(output.stdout)
        #expect(report["value"] as? String == "none")
        #expect(report["source"] as? String == "default")
        let layer = try #require(CLIFixture.layer(report, "LD"))
        #expect(layer["state"] as? String == "typeMismatch")
        let rules = try #require(layer["rules"] as? [String: Any])
        #expect(rules["reason"] as? String == "ERROR")
        #expect(rules["errorCode"] as? String == "TYPE_MISMATCH")
        #expect(rules["sourceReason"] as? [String: String] == ["kind": "ERROR", "errorKind": "WRONG_TYPE"])
        let steps = try #require(rules["steps"] as? [[String: Any]])
        #expect(steps.last?["rule"] as? String == "country is one of [IT, DE]")

        let text = try CLIFixture.run(["get", "banner_text"], in: { try LaunchDarklyWorkspace.folder(data: data) })
        #expect(
            text.stdout.contains(
                """
                    LD: rules chose variant "variation 1", which does not fit the flag's type (ERROR; ERROR errorKind "WRONG_TYPE", TYPE_MISMATCH): expected text, found a whole number (42)
                        individual targets: key user-1 is not listed → false
                          reads context/key = "user-1"
                      ▶ country is one of [IT, DE] → true
                """), "\(text.stdout)")
    }
}
