import Foundation
import TestSupport
import Testing

/// How a layer's rules decided, as `get` and `get --json` show it (docs/rules.md): the variant, the
/// reason, and every step with the context keys it read, the deciding one marked.
@Suite("Rule traces on the command line")
struct TraceCLITests {
    static let files = [
        "flagscope.yml": """
        blueprints:
          - blueprints/*.yml
        providers:
          - name: Flags
            format: flagd
            path: flags.flagd.json
          - name: Device
            format: json
            path: device.json

        """,
        "blueprints/app.yml": """
        name: App
        flags:
          homeLayout:
            type: string
            default: grid
            description: Home layout
          newCheckout:
            type: bool
            default: false
            description: New checkout
          darkMode:
            type: bool
            default: false
            description: Dark mode
          legacyBanner:
            type: string
            default: none
            description: Legacy banner
          betaBadge:
            type: bool
            default: false
            description: Beta badge

        """,
        "flags.flagd.json": """
        {
          "flags": {
            "home_layout": {
              "state": "ENABLED",
              "variants": { "grid": "grid", "video": "video" },
              "defaultVariant": "grid",
              "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@example.com"] }, "video",
                                    { "in": [{ "var": "country" }, ["it", "fr"]] }, "video", null] }
            },
            "new_checkout": {
              "state": "ENABLED",
              "variants": { "on": true, "off": false },
              "defaultVariant": "off",
              "targeting": { "fractional": [["on", 50], ["off", 50]] }
            },
            "dark_mode": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "on" },
            "legacy_banner": { "state": "ENABLED", "variants": { "top": "top", "side": "side" }, "defaultVariant": null },
            "beta_badge": { "state": "DISABLED", "variants": { "on": true, "off": false }, "defaultVariant": "on" }
          }
        }

        """,
    ]

    static func folder(device: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (path, text) in files { try folder.write(path, text) }
        try folder.write("device.json", device)
        return folder
    }

    @Test("get shows the variant, the reason and the step that matched, with the value it read")
    func matchingStep() throws {
        let folder = try Self.folder(device: #"{"context/email": "ana@example.com"}"#)
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "home_layout"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
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
        let folder = try Self.folder(device: #"{"context/email": "ana@else.org"}"#)
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "home_layout"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
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
        let folder = try Self.folder(device: #"{"context/targeting_key": "user-1"}"#)
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "new_checkout"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
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
        let folder = try Self.folder(device: #"{"context/email": "ana@example.com"}"#)
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "home_layout", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
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

    /// The `get --json` object of `key`, and its first layer's `"rules"`.
    static func rules(of key: String, in folder: TemporaryFolder) throws -> (
        object: [String: Any], rules: [String: Any]
    ) {
        let output = try CLIRunner.run(["get", key, "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.last?["rules"] == nil, "\(output.stdout)")
        return (object, try #require(layers.first?["rules"] as? [String: Any], "\(output.stdout)"))
    }

    @Test("A flagd flag without targeting is STATIC: get --json names its default variant, with no steps")
    func staticJSON() throws {
        let folder = try Self.folder(device: "{}")
        defer { folder.remove() }
        let (object, rules) = try Self.rules(of: "dark_mode", in: folder)
        #expect(rules["variant"] as? String == "on")
        #expect(rules["reason"] as? String == "STATIC")
        #expect((rules["steps"] as? [Any])?.isEmpty == true)
        #expect(object["variant"] as? String == "on")
        #expect(object["value"] as? Bool == true)
    }

    @Test("get shows how a flagd flag without targeting was decided, under its layers")
    func staticText() throws {
        let folder = try Self.folder(device: "{}")
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "dark_mode"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout.contains(
                """
                    Flags: default variant: on
                    Flags: variant "on", no rules to evaluate (STATIC)
                """), "\(output.stdout)")
    }

    @Test("Without a default variant a flagd flag is DEFAULT with no variant, and the next layer decides")
    func noDefaultVariant() throws {
        let folder = try Self.folder(device: #"{"legacy_banner": "side"}"#)
        defer { folder.remove() }
        let (object, rules) = try Self.rules(of: "legacy_banner", in: folder)
        #expect(rules["reason"] as? String == "DEFAULT")
        #expect(rules["variant"] == nil)
        #expect(object["value"] as? String == "side" && object["source"] as? String == "Device")
        #expect(object["variant"] == nil)
        let text = try CLIRunner.run(["get", "legacy_banner"], in: folder.url)
        #expect(
            text.stdout.contains("Flags: no rule applies: no default variant, so the next layer decides (DEFAULT)"),
            "\(text.stdout)")
    }

    @Test("A DISABLED flagd flag is DISABLED with no variant, in get --json and get")
    func disabled() throws {
        let folder = try Self.folder(device: "{}")
        defer { folder.remove() }
        let (object, rules) = try Self.rules(of: "beta_badge", in: folder)
        #expect(rules["reason"] as? String == "DISABLED")
        #expect(rules["variant"] == nil)
        #expect(object["source"] as? String == "default")
        let text = try CLIRunner.run(["get", "beta_badge"], in: folder.url)
        #expect(text.stdout.contains("Flags: switched off at the source: no value (DISABLED)"), "\(text.stdout)")
    }

    @Test("list --json gives the variant of every row a flagd flag decides, with targeting or without")
    func listVariants() throws {
        let folder = try Self.folder(device: #"{"context/email": "ana@example.com"}"#)
        defer { folder.remove() }
        let output = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["flags"] as? [[String: Any]])
        var variants: [String: String] = [:]
        for row in rows {
            if let key = row["key"] as? String, let variant = row["variant"] as? String { variants[key] = variant }
        }
        // legacy_banner and beta_badge have no variant: the blueprint default is the value.
        #expect(variants == ["home_layout": "video", "new_checkout": "off", "dark_mode": "on"], "\(output.stdout)")
    }
}
