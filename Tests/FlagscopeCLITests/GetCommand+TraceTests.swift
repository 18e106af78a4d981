import Foundation
import TestSupport
import Testing

/// flagd rules seen through `get` and `get --json` (docs/rules.md): the value the targeting picks
/// for the context the other layers set, the variant, the reason, and every step with the context
/// keys it read, the deciding one marked.
@Suite("Rule traces on the command line")
struct GetCommandTraceTests {
    @Test("get shows the variant, the reason and the step that matched, with the value it read")
    func matchingStep() throws {
        let output = try TraceWorkspace.run(["get", "home_layout"], device: #"{"context/email": "ana@example.com"}"#)
        #expect(
            output.stdout.contains(
                """
                    Flags: rules chose variant "video" (TARGETING_MATCH)
                      ▶ email ends_with "@example.com" → true
                          reads context/email = "ana@example.com"
                """), "\(output.stdout)")
        // The second condition was never evaluated, so it is not in the trace.
        #expect(!output.stdout.contains("country"), "\(output.stdout)")
    }

    @Test("A step that read an unset attribute says so, and nothing is marked when no rule matched")
    func unsetRead() throws {
        let output = try TraceWorkspace.run(["get", "home_layout"], device: #"{"context/email": "ana@else.org"}"#)
        #expect(
            output.stdout.contains(
                """
                    Flags: no rule matched: default variant "grid" (DEFAULT)
                        email ends_with "@example.com" → false
                          reads context/email = "ana@else.org"
                        country in ["it", "fr"] → false
                          reads context/country (unset)
                """), "\(output.stdout)")
        #expect(!output.stdout.contains("▶"), "\(output.stdout)")
    }

    @Test("A percentage step shows this device's bucket and the whole split")
    func split() throws {
        let output = try TraceWorkspace.run(["get", "new_checkout"], device: #"{"context/targeting_key": "user-1"}"#)
        #expect(
            output.stdout.contains(
                """
                      ▶ fractional(["on", 50], ["off", 50]) → "off"
                          reads context/targeting_key = "user-1"
                          bucket 64.1 of 100 → "off"
                            on   █████░░░░░ 50 %
                          ▶ off  █████░░░░░ 50 %
                """), "\(output.stdout)")
        #expect(output.stdout.contains("value    false   from Flags"), "\(output.stdout)")
    }

    @Test("get --json puts the trace on the layer as docs/rules.md shows it; a json layer has none")
    func json() throws {
        let output = try TraceWorkspace.run(
            ["get", "home_layout", "--json"], device: #"{"context/email": "ana@example.com"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        let rules = try #require(layers.first?["rules"] as? [String: Any], "\(output.stdout)")
        #expect(rules["variant"] as? String == "video")
        #expect(rules["reason"] as? String == "TARGETING_MATCH")
        let steps = try #require(rules["steps"] as? [[String: Any]])
        #expect(steps.count == 1)
        #expect(steps.first?["rule"] as? String == #"email ends_with "@example.com""#)
        #expect(steps.first?["result"] as? Bool == true)
        #expect(steps.first?["reads"] as? [String: String] == ["context/email": "ana@example.com"])
        #expect(layers.first?["winner"] as? Bool == true)
        #expect(layers.last?["rules"] == nil)
    }

    /// The `get --json` object of `key` on `device`, and its first layer's `"rules"`.
    static func rules(of key: String, device: String = "{}") throws -> (
        object: [String: Any], rules: [String: Any]
    ) {
        let output = try TraceWorkspace.run(["get", key, "--json"], device: device)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.last?["rules"] == nil, "\(output.stdout)")
        return (object, try #require(layers.first?["rules"] as? [String: Any], "\(output.stdout)"))
    }

    @Test("A flagd flag without targeting is STATIC: get --json names its default variant, with no steps")
    func staticJSON() throws {
        let (object, rules) = try Self.rules(of: "dark_mode")
        #expect(rules["variant"] as? String == "on")
        #expect(rules["reason"] as? String == "STATIC")
        #expect((rules["steps"] as? [Any])?.isEmpty == true)
        #expect(object["variant"] as? String == "on")
        #expect(object["value"] as? Bool == true)
    }

    @Test("get shows how a flagd flag without targeting was decided, under its layers")
    func staticText() throws {
        let output = try TraceWorkspace.run(["get", "dark_mode"], device: "{}")
        #expect(
            output.stdout.contains(
                """
                    Flags: default variant: on
                    Flags: variant "on", no rules to evaluate (STATIC)
                """), "\(output.stdout)")
    }

    @Test("Without a default variant a flagd flag is DEFAULT with no variant, and the next layer decides")
    func noDefaultVariant() throws {
        let device = #"{"legacy_banner": "side"}"#
        let (object, rules) = try Self.rules(of: "legacy_banner", device: device)
        #expect(rules["reason"] as? String == "DEFAULT")
        #expect(rules["variant"] == nil)
        #expect(object["value"] as? String == "side" && object["source"] as? String == "Device")
        #expect(object["variant"] == nil)
        let text = try TraceWorkspace.run(["get", "legacy_banner"], device: device)
        #expect(
            text.stdout.contains("Flags: no rule applies: no default variant, so the next layer decides (DEFAULT)"),
            "\(text.stdout)")
    }

    @Test("A DISABLED flagd flag is DISABLED with no variant, in get --json and get")
    func disabled() throws {
        let (object, rules) = try Self.rules(of: "beta_badge")
        #expect(rules["reason"] as? String == "DISABLED")
        #expect(rules["variant"] == nil)
        #expect(object["source"] as? String == "default")
        let text = try TraceWorkspace.run(["get", "beta_badge"], device: "{}")
        #expect(text.stdout.contains("Flags: switched off at the source: no value (DISABLED)"), "\(text.stdout)")
    }

    @Test("get gives the variant the targeting picks for the context the other layers set")
    func getEvaluatesTargeting() throws {
        let folder = try TargetingWorkspace.folder(
            device: #"{"context/email": "ana@example.com", "context/targeting_key": "user-1"}"#)
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "home_layout", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(object?["value"] as? String == "video")
        #expect(object?["source"] as? String == "Flags")

        let other = try TargetingWorkspace.folder(device: #"{"context/email": "ana@else.org"}"#)
        defer { other.remove() }
        let plain = try CLIRunner.run(["get", "home_layout"], in: other.url)
        #expect(plain.stdout.contains("value    grid   from Flags"), "\(plain.stdout)")
    }
}
