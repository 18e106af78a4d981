import FlagCore
import Foundation
import TestSupport
import Testing

/// `flagscope get KEY`: the value, its default, where it came from and every layer's state, in text
/// and JSON (docs/commands.md).
@Suite("get command")
struct GetCommandTests {
    @Test("get --json shows value, default, source, reason and every layer with its state")
    func getJSONShape() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\", \"retries\": 7}\n")
        defer { workspace.remove() }
        let theme = try parseJSONObject(try workspace.run(["get", "--json", "theme"]).stdout)
        #expect(theme["key"] as? String == "theme")
        #expect(theme["type"] as? String == "enum")
        #expect(theme["value"] as? String == "dark")
        #expect(theme["default"] as? String == "system")
        #expect(theme["source"] as? String == "Local")
        #expect(theme["reason"] as? String == "provider")
        #expect(theme["locked"] as? Bool == false)
        #expect(theme["stale"] as? Bool == false)
        let layers = try #require(theme["layers"] as? [[String: Any]])
        #expect(layers.map { $0["provider"] as? String } == ["Remote", "Local", "QA profile"])
        #expect(layers.map { $0["state"] as? String } == ["unset", "set", "typeMismatch"])
        #expect(layers[1]["value"] as? String == "dark")
        #expect(layers[1]["winner"] as? Bool == true)
        #expect(layers[2]["raw"] as? String == "maybe")
        #expect(layers[2]["winner"] == nil)
        #expect(layers[0]["value"] == nil, "an unset layer shows no value, not the default")

        let retries = try parseJSONObject(try workspace.run(["get", "--json", "retries"]).stdout)
        #expect(retries["value"] as? Int == 5)
        #expect(retries["source"] as? String == "Remote")
        let retryLayers = try #require(retries["layers"] as? [[String: Any]])
        #expect(retryLayers[1]["state"] as? String == "set")
        #expect(retryLayers[1]["value"] as? Int == 7)
        #expect(retryLayers[1]["winner"] == nil, "shadowed by Remote")

        let ratio = try parseJSONObject(try workspace.run(["get", "--json", "ratio"]).stdout)
        #expect(ratio["source"] as? String == "QA profile")
        let fallback = try parseJSONObject(try workspace.run(["get", "--json", "greeting"]).stdout)
        #expect(fallback["source"] as? String == "default")
        #expect(fallback["reason"] as? String == "default")
        #expect(fallback["value"] as? String == "hello")
    }

    @Test("get shows a set false as false from its provider, and unknown keys get did you mean")
    func getFalseAndUnknown() throws {
        let workspace = try EditWorkspace(local: "{\"checkout/new_flow\": false}\n")
        defer { workspace.remove() }
        let flow = try parseJSONObject(try workspace.run(["get", "--json", "checkout/new_flow"]).stdout)
        #expect(flow["value"] as? Bool == false)
        #expect(flow["source"] as? String == "Local")
        #expect((flow["layers"] as? [[String: Any]])?[1]["state"] as? String == "set")
        let unknown = try workspace.run(["get", "checkout/new_flwo"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("did you mean 'checkout/new_flow'?"), "\(unknown.stderr)")
    }

    @Test("A QA profile value of the wrong type is a type mismatch with its raw value; the default wins")
    func typeMismatch() throws {
        let demo = try DemoCopy()
        defer { demo.remove() }
        let report = try parseJSONObject(try demo.run(["get", "--json", "new_onboarding"]).stdout)
        #expect(report["value"] as? Bool == false)
        #expect(report["source"] as? String == "default")
        let qa = try #require(CLIFixture.layer(report, "QA profile"))
        #expect(qa["state"] as? String == "typeMismatch")
        #expect(qa["raw"] as? String == "maybe")
        #expect(qa["winner"] == nil)
        #expect(qa["value"] == nil)
    }

    @Test("A provider in excludedProviders shows excluded, even though it has a value")
    func excludedProvider() throws {
        let demo = try DemoCopy()
        defer { demo.remove() }
        let report = try parseJSONObject(try demo.run(["get", "--json", "lab/secrets/force_paywall"]).stdout)
        #expect(report["value"] as? Bool == false)
        #expect(report["source"] as? String == "default")
        let remote = try #require(CLIFixture.layer(report, "Remote"))
        #expect(remote["state"] as? String == "excluded")
        #expect(remote["value"] == nil)
        #expect((report["excludedProviders"] as? [String]) == ["Remote"])
        // Setting it locally wins, since Remote is not read at all.
        let set = try demo.run(["set", "lab/secrets/force_paywall", "on"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(!set.stdout.contains("still wins"))
        let after = try parseJSONObject(try demo.run(["get", "--json", "lab/secrets/force_paywall"]).stdout)
        #expect(after["value"] as? Bool == true)
        #expect(after["source"] as? String == "Local")
    }

    @Test("get --json shows an unparseable read-only provider as an error layer; the other layers still resolve")
    func brokenReadOnlyProviderIsAnErrorLayer() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n", qa: "{\"ratio\": 0.9,\n")
        defer { workspace.remove() }
        let output = try workspace.run(["get", "--json", "theme"])
        #expect(output.status == 0, "\(output.stderr)")
        let report = try parseJSONObject(output.stdout)
        #expect(report["value"] as? String == "dark")
        #expect(report["source"] as? String == "Local")
        let qa = (report["layers"] as? [[String: Any]])?.first { $0["provider"] as? String == "QA profile" }
        #expect(qa?["state"] as? String == "error")
    }

    @Test("get on a feature key says it is a feature and names the explain command")
    func getOnAFeature() throws {
        let output = try CLIRunner.run([
            "get", "podcast_favourites/smart_playlists", "--config", Repository.demoWorkspaceFile.path,
        ])
        #expect(output.status == 1)
        #expect(
            output.stderr.hasPrefix(
                "error: 'podcast_favourites/smart_playlists' is a feature, not a flag; see whether it is available and why with: flagscope explain podcast_favourites/smart_playlists"
            ),
            "\(output.stderr)")
        let switches = try CLIRunner.run(["get", "player/sleep_timer", "--config", Repository.demoWorkspaceFile.path])
        #expect(
            switches.stderr.contains("its switches are keys: player/sleep_timer/user_toggled"), "\(switches.stderr)")
    }

    @Test("get --json of a flag with a large JSON value is the whole JSON")
    func largeJSONIsWhole() throws {
        let members = (0..<20_000).map { #""member\#($0)": "value \#($0)""# }.joined(separator: ", ")
        let folder = try CLIFixture.folder([
            "blueprints/app.yml": "name: App\nflags:\n  layout:\n    type: json\n    default: {}\n",
            ".flagscope/local.json": #"{"layout": {"# + members + "}}\n",
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["get", "layout", "--json"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let workspace = Workspace.load(from: folder.file("flagscope.yml"), environment: [:])
        let report = GetReport(
            resolution: try #require(Resolver(workspace: workspace).resolve("layout")), now: Date(),
            workspace: workspace)
        #expect(output.stdout.utf8.count > 500_000)
        #expect(output.stdout == report.json.serialized(pretty: true, sortedKeys: false) + "\n")
    }

    @Test("get on a key no layer sets says 'unset' once, with why, and a default of none")
    func unsetSaidOnce() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        let output = try demo.run(["get", "context/country"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "  value    unset: no layer sets it", "\(output.stdout)")
        #expect(lines[2] == "  default  none")
    }
}
