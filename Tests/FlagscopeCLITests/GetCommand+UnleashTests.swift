import Foundation
import TestSupport
import Testing

/// An Unleash layer on the command line (docs/rules.md): `get` and `get --json` give the value the
/// Unleash SDKs give this device, with the trace of strategies, constraints and splits.
@Suite("Unleash layers on the command line")
struct GetCommandUnleashTests {
    @Test("A device without context/userId sees the attribute is unset and the toggle off (set false)")
    func unsetUserId() throws {
        let output = try CLIFixture.run(["get", "beta_banner"], in: { try UnleashWorkspace.folder(device: "{}") })
        #expect(output.stdout.contains("value    false   from Unleash"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                """
                    Unleash: no rule matched: the value false (DEFAULT)
                        userWithId userIds 123, 456 → false
                          reads context/userId (unset)
                          context/userId is unset; one of these ids turns the toggle on
                        appName IN ["shop"] → false
                          reads context/appName (unset)
                          context/appName is unset; set it to try the other way
                """), "\(output.stdout)")
    }

    @Test("Setting context/userId to a listed id (typed as a number) turns it on; the step is marked")
    func listedUser() throws {
        let output = try CLIFixture.run(
            ["get", "beta_banner", "--context", "userId=456"], in: { try UnleashWorkspace.folder(device: "{}") })
        #expect(output.stdout.contains("value    true   from Unleash"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                """
                    Unleash: rules chose the value true (TARGETING_MATCH)
                      ▶ userWithId userIds 123, 456 → true
                          reads context/userId = 456
                """), "\(output.stdout)")
    }

    @Test("A rollout shows the bucket of this device and the split")
    func rollout() throws {
        let output = try CLIFixture.run(
            ["get", "beta_banner"],
            in: { try UnleashWorkspace.folder(device: #"{"context/appName": "shop", "context/userId": "9"}"#) })
        #expect(
            output.stdout.contains(
                """
                        flexibleRollout 25 %, stickiness default, groupId "beta" → false
                          reads context/userId = "9"
                          bucket 50.0 of 100 → "off"
                            on   ██░░░░░░░░ 25 %
                          ▶ off  ████████░░ 75 %
                """), "\(output.stdout)")
    }

    @Test("get --json: the variant's payload is the value, the trace names the variant, the reason and the split")
    func json() throws {
        // The official engine (yggdrasil-engine 2.0.0) gives user 8 variant "light" (7 gets "dark").
        let output = try CLIFixture.run(
            ["get", "checkout_theme", "--json"],
            in: { try UnleashWorkspace.folder(device: #"{"context/userId": "8"}"#) })
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
        #expect(object["value"] as? String == "light")
        #expect(object["source"] as? String == "Unleash")
        let layer = try #require((object["layers"] as? [[String: Any]])?.first)
        let rules = try #require(layer["rules"] as? [String: Any])
        #expect(rules["variant"] as? String == "light")
        #expect(rules["reason"] as? String == "SPLIT")
        let steps = try #require(rules["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["rule"] as? String } == [
                "default", #"variant by weight, stickiness userId, groupId "checkout_theme""#,
            ])
        #expect(steps.last?["reads"] as? [String: String] == ["context/userId": "8"])
        #expect(steps.last?["chosen"] as? String == "light")
    }
}
