import Foundation
import TestSupport
import Testing

/// `flagscope rollout KEY --sample N`: a percentage split sampled over generated devices, beside
/// the weights configured, and where this device falls.
@Suite("rollout on the command line")
struct RolloutCommandTests {
    static let blueprint = RuleWorkspace.blueprint(
        """
          checkoutLayout:
            type: string
            default: classic
            description: Checkout layout

        """,
        RuleWorkspace.homeLayout,
        """
          newSearch:
            type: bool
            default: false
            description: New search

        """)

    static let flags = """
        {
          "flags": {
            "checkout_layout": {
              "state": "ENABLED",
              "variants": { "a": "a", "b": "b", "c": "c" },
              "defaultVariant": "a",
              "targeting": { "fractional": [{ "var": "email" }, ["a", 50], ["b", 30], ["c", 20]] }
            },
            "home_layout": {
              "state": "ENABLED",
              "variants": { "grid": "grid", "video": "video" },
              "defaultVariant": "grid",
              "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@example.com"] }, "video", null] }
            }
          }
        }

        """

    /// The workspace, on a device with an example.com address.
    static func folder() throws -> TemporaryFolder {
        try RuleWorkspace.flagd(blueprint: blueprint, flags: flags, device: #"{"context/email": "ana@example.com"}"#)
    }

    @Test("A 50/30/20 flagd split over 10,000 generated emails lands within one point of each weight")
    func flagdSplitWithinOnePoint() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["rollout", "checkout_layout", "--sample", "10000", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["provider"] as? String == "Flags")
        #expect(object["attribute"] as? String == "context/email")
        #expect(object["sample"] as? Int == 10000)
        let shares = try #require(object["shares"] as? [[String: Any]])
        #expect(shares.map { $0["name"] as? String } == ["a", "b", "c"])
        #expect(shares.map { $0["configured"] as? Double } == [50, 30, 20])
        #expect(shares.compactMap { $0["count"] as? Int }.reduce(0, +) == 10000)
        for share in shares {
            let gap = abs((share["configured"] as? Double ?? 0) - (share["sampled"] as? Double ?? -100))
            #expect(gap <= 1, "\(share)")
        }
        let device = try #require(object["device"] as? [String: Any])
        #expect(device["value"] as? String == "ana@example.com")
        #expect(["a", "b", "c"].contains(device["share"] as? String))
    }

    @Test("The text shows both splits as bars, the largest gap, and this device's bucket with the value hashed")
    func text() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["rollout", "checkout_layout", "--sample", "2000"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(
            lines.first
                == "checkout_layout: the split in Flags (flagd), over 2000 devices with a generated context/email")
        #expect(lines.contains("share  configured          sampled             devices"))
        #expect(lines[1] == #"rule: fractional(email, ["a", 50], ["b", 30], ["c", 20])"#)
        #expect(lines.contains { $0.hasPrefix("a      █████░░░░░   50 %   ") })
        #expect(lines.contains { $0.hasPrefix("b      ███░░░░░░░   30 %") })
        #expect(lines.contains { $0.hasPrefix("c      ██░░░░░░░░   20 %") })
        #expect(lines.contains { $0.hasPrefix("largest gap: ") && $0.hasSuffix(" percentage points") })
        #expect(lines.last?.hasPrefix("this device: bucket ") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("(context/email = \"ana@example.com\")") == true, "\(lines)")
    }

    @Test("The same seed gives the same sample; --context changes which share this device falls in, not the sample")
    func reproducible() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let first = try CLIRunner.run(["rollout", "checkout_layout", "--sample", "500"], in: folder.url)
        let again = try CLIRunner.run(["rollout", "checkout_layout", "--sample", "500"], in: folder.url)
        let other = try CLIRunner.run(["rollout", "checkout_layout", "--sample", "500", "--seed", "7"], in: folder.url)
        #expect(first.stdout == again.stdout)
        #expect(first.stdout != other.stdout)
        let bo = try CLIRunner.run(
            ["rollout", "checkout_layout", "--sample", "500", "--context", "email=bo@example.com"], in: folder.url)
        #expect(bo.stdout.hasSuffix("(context/email = \"bo@example.com\")\n"), "\(bo.stdout)")
        #expect(
            bo.stdout.split(separator: "\n").dropLast().joined()
                == first.stdout.split(separator: "\n").dropLast().joined())
    }

    @Test("A key without a split, an unknown key and a bad count are errors that say why, exit 1 or 64")
    func refusals() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let noSplit = try CLIRunner.run(["rollout", "home_layout"], in: folder.url)
        #expect(noSplit.status == 1)
        #expect(
            noSplit.stderr
                == "error: 'home_layout' has no percentage rollout: the rules of Flags reach no percentage split for this device\n"
        )
        let noRules = try CLIRunner.run(["rollout", "new_search"], in: folder.url)
        #expect(noRules.status == 1)
        #expect(noRules.stderr == "error: 'new_search' has no percentage rollout: no layer has rules for it\n")
        let unknown = try CLIRunner.run(["rollout", "checkout_layot"], in: folder.url)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: unknown key 'checkout_layot'"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("checkout_layout"), "\(unknown.stderr)")
        let zero = try CLIRunner.run(["rollout", "checkout_layout", "--sample", "0"], in: folder.url)
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--sample takes a count from 1 to 10000000, not 0"), "\(zero.stderr)")
    }

    @Test(
        "--by an attribute the split does not read is refused with the one it hashes; one it reads besides is sampled")
    func byAttribute() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let refused = try CLIRunner.run(
            ["rollout", "checkout_layout", "--sample", "100", "--by", "phone", "--json"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr.contains(
                "hashes context/email, not context/phone: devices that differ only in context/phone all fall in one share; sample it with --by email, or without --by"
            ),
            "\(refused.stderr)")
        // A bucketing value joined from two attributes hashes both: either may be varied.
        let joined = try folder.read("flags.flagd.json").replacingOccurrences(
            of: #"{ "fractional": [{ "var": "email" }"#,
            with: #"{ "fractional": [{ "cat": [{ "var": "email" }, { "var": "phone" }] }"#)
        try folder.write("flags.flagd.json", joined)
        try folder.write("device.json", #"{"context/email": "ana@example.com", "context/phone": "+39 06 000"}"#)
        let output = try CLIRunner.run(
            ["rollout", "checkout_layout", "--sample", "1000", "--by", "phone", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["attribute"] as? String == "context/phone")
        let counts = try #require(object["shares"] as? [[String: Any]]).compactMap { $0["count"] as? Int }
        #expect(counts.allSatisfy { $0 > 100 }, "phone is hashed: the devices spread over the shares, \(counts)")
    }

    /// Shares within one point of their weights, from `rollout --json` in `folder`.
    static func expectWithinOnePoint(_ key: String, in folder: TemporaryFolder, names: [String]) throws {
        let output = try CLIRunner.run(["rollout", key, "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let shares = try #require(object["shares"] as? [[String: Any]])
        #expect(shares.map { $0["name"] as? String } == names)
        #expect(shares.map { $0["configured"] as? Double } == [50, 30, 20])
        #expect(object["unmatched"] as? Int == 0)
        for share in shares {
            let gap = abs((share["configured"] as? Double ?? 0) - (share["sampled"] as? Double ?? -100))
            #expect(gap <= 1, "\(share)")
        }
    }

    @Test(
        "A Remote Config 50/30/20 split by percent conditions: each condition's share, default the rest, within a point"
    )
    func firebaseSplit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "flagscope.yml",
            "blueprints:\n  - app.yml\nproviders:\n  - name: Remote\n    format: firebase\n    path: template.json\n")
        try folder.write("app.yml", "name: App\nflags:\n  checkoutLayout:\n    type: string\n    default: classic\n")
        try folder.write(
            "template.json",
            """
            {
              "conditions": [
                { "name": "arm_a", "expression": "percent('exp1') between 0 and 50" },
                { "name": "arm_b", "expression": "percent('exp1') between 50 and 80" }
              ],
              "parameters": {
                "checkout_layout": {
                  "defaultValue": { "value": "c" },
                  "conditionalValues": { "arm_a": { "value": "a" }, "arm_b": { "value": "b" } }
                }
              }
            }
            """)
        try Self.expectWithinOnePoint("checkout_layout", in: folder, names: ["arm_a", "arm_b", "default"])
        let text = try CLIRunner.run(["rollout", "checkout_layout", "--sample", "100"], in: folder.url)
        #expect(text.stdout.contains("rule: conditions arm_a, arm_b, then default"), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "this device: no bucket (context/firebase_installation_id is unset); set context/firebase_installation_id to see which share it falls in"
            ), "\(text.stdout)")
        // Two seeds bucket apart: there is no one split, and the error says why.
        try folder.write(
            "template.json",
            try folder.read("template.json").replacingOccurrences(
                of: "percent('exp1') between 50", with: "percent('exp2') between 50"))
        let seeds = try CLIRunner.run(["rollout", "checkout_layout"], in: folder.url)
        #expect(seeds.status == 1)
        #expect(
            seeds.stderr
                == "error: the percent conditions of 'checkout_layout' in Remote use different seeds ('exp1', 'exp2'): their buckets are independent, so they make no one split to sample\n",
            "\(seeds.stderr)")
        try folder.write(
            "template.json",
            try folder.read("template.json").replacingOccurrences(
                of: "percent('exp2') between 50", with: "percent('exp1') between 50"))
        let placed = try CLIRunner.run(
            ["rollout", "checkout_layout", "--sample", "100", "--context", "firebase_installation_id=abc"],
            in: folder.url)
        #expect(
            placed.stdout.hasSuffix(
                "this device: bucket 99.2 → \"default\" (context/firebase_installation_id = \"abc\")\n"),
            "\(placed.stdout)")
    }

    @Test(
        "An Unleash 50/30/20 variant split by user id lands within a point; a constraint in the way names what to set")
    func unleashSplit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "flagscope.yml",
            "blueprints:\n  - app.yml\nproviders:\n  - name: Toggles\n    format: unleash\n    path: toggles.json\n")
        try folder.write(
            "app.yml",
            "name: App\nflags:\n  checkoutLayout:\n    type: string\n    default: classic\n  beta:\n    type: bool\n    default: false\n"
        )
        func variant(_ name: String, _ weight: Int) -> String {
            #"{"name": "\#(name)", "weight": \#(weight), "stickiness": "userId", "payload": {"type": "string", "value": "\#(name)"}}"#
        }
        try folder.write(
            "toggles.json",
            """
            {"version": 2, "features": [
              {"name": "checkout_layout", "enabled": true, "strategies": [{"name": "default"}],
               "variants": [\(variant("a", 500)), \(variant("b", 300)), \(variant("c", 200))]},
              {"name": "beta", "enabled": true, "strategies": [{"name": "flexibleRollout",
               "parameters": {"rollout": "30", "stickiness": "userId", "groupId": "beta"},
               "constraints": [{"contextName": "environment", "operator": "IN", "values": ["qa"]}]}]}
            ]}
            """)
        try Self.expectWithinOnePoint("checkout_layout", in: folder, names: ["a", "b", "c"])
        let blocked = try CLIRunner.run(["rollout", "beta"], in: folder.url)
        #expect(blocked.status == 1)
        #expect(
            blocked.stderr
                == "error: 'beta' has no percentage rollout: the rules of Toggles reach no percentage split for this device (they read context/environment, unset); with context/environment = qa a device reaches the split in Toggles (flexibleRollout 30 %, stickiness userId, groupId \"beta\"), which hashes context/userId: try --context environment=qa\n",
            "\(blocked.stderr)")
        // --by an attribute the split does not hash: said, with the one it hashes, not sampled.
        let byEmail = try CLIRunner.run(["rollout", "beta", "--by", "email"], in: folder.url)
        #expect(byEmail.status == 1)
        #expect(
            byEmail.stderr
                == "error: the split of 'beta' in Toggles (flexibleRollout 30 %, stickiness userId, groupId \"beta\") (reached with context/environment = qa) hashes context/userId, not context/email: devices that differ only in context/email all fall in one share; sample it with --by userId, or without --by\n",
            "\(byEmail.stderr)")
        let reachedByEmail = try CLIRunner.run(
            ["rollout", "checkout_layout", "--by", "email"], in: folder.url)
        #expect(reachedByEmail.status == 1)
        #expect(
            reachedByEmail.stderr.contains("hashes context/userId, not context/email"), "\(reachedByEmail.stderr)")
        #expect(reachedByEmail.stdout.isEmpty, "no meaningless sample is printed")
        let reached = try CLIRunner.run(["rollout", "beta", "--context", "environment=qa", "--json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reached.stdout.utf8)) as? [String: Any])
        #expect(object["attribute"] as? String == "context/userId")
        let shares = try #require(object["shares"] as? [[String: Any]])
        #expect(shares.map { $0["name"] as? String } == ["on", "off"])
        #expect(shares.map { $0["configured"] as? Double } == [30, 70])
    }
}
