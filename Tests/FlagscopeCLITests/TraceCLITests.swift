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
            "dark_mode": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "on" }
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

    @Test("get --json puts the trace on the layer as docs/rules.md shows it; a layer without rules has none")
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

        let plain = try CLIRunner.run(["get", "dark_mode", "--json"], in: folder.url)
        let plainLayers = try #require(
            (try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])?["layers"]
                as? [[String: Any]])
        #expect(plainLayers.allSatisfy { $0["rules"] == nil }, "\(plain.stdout)")
        let plainText = try CLIRunner.run(["get", "dark_mode"], in: folder.url)
        #expect(!plainText.stdout.contains("rules"), "\(plainText.stdout)")
    }
}
