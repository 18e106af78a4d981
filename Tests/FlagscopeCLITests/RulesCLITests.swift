import Foundation
import TestSupport
import Testing

/// flagd targeting seen from the command line: `get` gives the value the rules decide for the
/// context the other layers set; `validate` shows each schema slip at its line and column.
@Suite("Rules on the command line")
struct RulesCLITests {
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

        """,
        "flags.flagd.json": """
        {
          "flags": {
            "home_layout": {
              "state": "ENABLED",
              "variants": { "grid": "grid", "video": "video" },
              "defaultVariant": "grid",
              "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@example.com"] }, "video", null] }
            },
            "new_checkout": {
              "state": "ENABLED",
              "variants": { "on": true, "off": false },
              "defaultVariant": "off",
              "targeting": { "fractional": [["on", 50], ["off", -5]] }
            }
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

    @Test("get gives the variant the targeting picks for the context the other layers set")
    func getEvaluatesTargeting() throws {
        let folder = try Self.folder(
            device: #"{"context/email": "ana@example.com", "context/targeting_key": "user-1"}"#)
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "home_layout", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(object?["value"] as? String == "video")
        #expect(object?["source"] as? String == "Flags")

        let other = try Self.folder(device: #"{"context/email": "ana@else.org"}"#)
        defer { other.remove() }
        let plain = try CLIRunner.run(["get", "home_layout"], in: other.url)
        #expect(plain.stdout.contains("value    grid   from Flags"), "\(plain.stdout)")
    }

    @Test("list gives each targeted flag's value, source and variant; get still shows the steps that decided")
    func listShowsRuleDecisions() throws {
        let folder = try Self.folder(
            device: #"{"context/email": "ana@example.com", "context/targeting_key": "user-1"}"#)
        defer { folder.remove() }
        let flags = try #require(Self.files["flags.flagd.json"])
        try folder.write("flags.flagd.json", flags.replacingOccurrences(of: "-5", with: "50"))
        let output = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let flagRows = (rows?["flags"] as? [[String: Any]]) ?? []
        let home = try #require(flagRows.first { $0["key"] as? String == "home_layout" }, "\(output.stdout)")
        #expect(home["value"] as? String == "video")
        #expect(home["source"] as? String == "Flags")
        #expect(home["variant"] as? String == "video")
        let text = try CLIRunner.run(["list"], in: folder.url)
        #expect(text.stdout.contains("home_layout"), "\(text.stdout)")
        #expect(text.stdout.contains("video"), "\(text.stdout)")
        let get = try CLIRunner.run(["get", "home_layout"], in: folder.url)
        #expect(get.stdout.contains(#"reads context/email = "ana@example.com""#), "\(get.stdout)")
    }

    @Test("validate reports a schema slip in targeting with its line, column, source line and caret")
    func validateLocatesRuleProblems() throws {
        let folder = try Self.folder(device: "{}")
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headline =
            "flags.flagd.json:13:57: error: flagd provider 'Flags': a weight of 'fractional' must not be negative, found -5"
        let index = try #require(lines.firstIndex(of: headline), "\(output.stdout)")
        #expect(lines[index + 1].hasSuffix(#""targeting": { "fractional": [["on", 50], ["off", -5]] }"#))
        #expect(lines[index + 2] == String(repeating: " ", count: 4 + 56) + "^")
    }
}
