import Foundation
import TestSupport
import Testing

/// A GrowthBook layer on the command line (docs/rules.md#growthbook-features): `get` and
/// `get --json` give the value GrowthBook's SDKs give this device, with OpenFeature's reason,
/// GrowthBook's own `source` and the trace of the rules in GrowthBook's words.
@Suite("GrowthBook layers on the command line")
struct GetCommandGrowthBookTests {
    @Test("get shows the experiment that chose the variation, the bucket of this device and the split")
    func experiment() throws {
        let output = try CLIFixture.run(["get", "checkout_layout"], in: { try GrowthBookWorkspace.folder() })
        #expect(output.stdout.contains("value    classic   from Experiments"), "\(output.stdout)")
        #expect(
            output.stdout.contains(
                """
                    Experiments: rules chose variant "variation 0 (control)" (SPLIT; experiment ruleId "test", experimentKey "checkout-test", variationId 0)
                        rule "na": force "express" if country $in ["US","CA"] → false
                          reads context/country = "IT"
                          the condition does not hold
                      ▶ rule "test": experiment "checkout-test" of "classic", "compact" by id → true
                          reads context/id = "user-1"
                          bucket 13.9 of 100 → "variation 0 (control)"
                          ▶ variation 0 (control)  █████░░░░░ 50 %
                            variation 1 (Compact)  █████░░░░░ 50 %
                """), "\(output.stdout)")
    }

    @Test("A force rule whose condition holds decides (TARGETING_MATCH); a feature without rules gives its default")
    func forceAndDefault() throws {
        let forced = try CLIFixture.run(
            ["get", "checkout_layout", "--context", "country=US"], in: { try GrowthBookWorkspace.folder() })
        #expect(forced.stdout.contains("value    express   from Experiments"), "\(forced.stdout)")
        #expect(
            forced.stdout.contains(
                """
                    Experiments: rules chose variant "na" (TARGETING_MATCH; force ruleId "na")
                      ▶ rule "na": force "express" if country $in ["US","CA"] → true
                          reads context/country = "US"
                """), "\(forced.stdout)")
        let plain = try CLIFixture.run(["get", "dark_mode"], in: { try GrowthBookWorkspace.folder() })
        #expect(plain.stdout.contains("value    true   from Experiments"), "\(plain.stdout)")
        #expect(
            plain.stdout.contains("Experiments: no rule applies: the value true (DEFAULT; defaultValue)"),
            "\(plain.stdout)")
    }

    @Test("get --json: the value, its source, the variant, OpenFeature's reason and GrowthBook's own")
    func json() throws {
        let output = try CLIFixture.run(
            ["get", "welcome_text", "--json", "--context", "id=ann"], in: { try GrowthBookWorkspace.folder() })
        let report = try CLIFixture.object(output.stdout)
        #expect(report["value"] as? String == "hello, team")
        #expect(report["source"] as? String == "Experiments")
        #expect(report["reason"] as? String == "provider")
        #expect(report["variant"] as? String == "staff")
        let rules = try #require(CLIFixture.layer(report, "Experiments")?["rules"] as? [String: Any])
        #expect(rules["reason"] as? String == "TARGETING_MATCH")
        #expect(rules["variant"] as? String == "staff")
        #expect(rules["sourceReason"] as? [String: String] == ["kind": "force", "ruleId": "staff"])
        let steps = try #require(rules["steps"] as? [[String: Any]])
        #expect(steps.map { $0["rule"] as? String } == [#"rule "staff": force "hello, team" if id $inGroup "staff""#])
        #expect(steps.first?["reads"] as? [String: String] == ["context/id": "ann"])
        #expect(steps.first?["result"] as? Bool == true)
    }

    @Test("get --json of an experiment: SPLIT, and the experiment's result as GrowthBook reports it")
    func experimentJSON() throws {
        let output = try CLIFixture.run(
            ["get", "checkout_layout", "--json"], in: { try GrowthBookWorkspace.folder() })
        let report = try CLIFixture.object(output.stdout)
        #expect(report["value"] as? String == "classic")
        #expect(report["variant"] as? String == "variation 0 (control)")
        let rules = try #require(CLIFixture.layer(report, "Experiments")?["rules"] as? [String: Any])
        #expect(rules["reason"] as? String == "SPLIT")
        let own = try #require(rules["sourceReason"] as? [String: Any])
        #expect(own["kind"] as? String == "experiment")
        #expect(own["ruleId"] as? String == "test")
        #expect(own["experimentKey"] as? String == "checkout-test")
        #expect(own["variationId"] as? Int == 0)
        #expect(own["key"] as? String == "control")
        #expect(own["inExperiment"] as? Bool == true)
        #expect(own["hashAttribute"] as? String == "id")
        #expect(own["hashValue"] as? String == "user-1")
        let step = try #require((rules["steps"] as? [[String: Any]])?.last)
        #expect(step["bucket"] as? Double == 13.9)
        #expect(step["chosen"] as? String == "variation 0 (control)")
    }
}
