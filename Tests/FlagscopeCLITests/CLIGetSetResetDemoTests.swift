import Foundation
import TestSupport
import Testing

/// get/set on a copy of the bundled demo workspace (never the original: writes would change it).
@Suite("get and set on the demo workspace")
struct CLIGetSetResetDemoTests {
    /// A fresh copy of `Resources/Demo`, hidden `.flagscope` folder included.
    static func demoCopy() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copyDemo(to: "demo")
        return folder
    }

    static func run(_ folder: TemporaryFolder, _ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(arguments, in: folder.url.appendingPathComponent("demo"))
    }

    static func layer(_ report: [String: Any], _ provider: String) -> [String: Any]? {
        (report["layers"] as? [[String: Any]])?.first { $0["provider"] as? String == provider }
    }

    @Test("A Local value under a Remote one is shadowed: set warns, get shows Remote winning and Local set")
    func shadowedOverride() throws {
        let folder = try Self.demoCopy()
        defer { folder.remove() }
        let set = try Self.run(folder, ["set", "lab/search/results_per_page", "60"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("set lab/search/results_per_page = 60 in Local (.flagscope/local.json)"))
        #expect(set.stdout.contains("warning: Remote still wins with 25"), "\(set.stdout)")

        let get = try Self.run(folder, ["get", "--json", "lab/search/results_per_page"])
        #expect(get.status == 0, "\(get.stderr)")
        let report = try parseJSONObject(get.stdout)
        #expect(report["value"] as? Int == 25)
        #expect(report["source"] as? String == "Remote")
        #expect(report["reason"] as? String == "provider")
        #expect(report["default"] as? Int == 20)
        let remote = try #require(Self.layer(report, "Remote"))
        #expect(remote["state"] as? String == "set")
        #expect(remote["winner"] as? Bool == true)
        let local = try #require(Self.layer(report, "Local"))
        #expect(local["state"] as? String == "set")
        #expect(local["value"] as? Int == 60)
        #expect(local["winner"] == nil)

        let text = try Self.run(folder, ["get", "lab/search/results_per_page"])
        #expect(text.stdout.contains("(shadowed)"), "\(text.stdout)")
    }

    @Test("A QA profile value of the wrong type is a type mismatch with its raw value; the default wins")
    func typeMismatch() throws {
        let folder = try Self.demoCopy()
        defer { folder.remove() }
        let report = try parseJSONObject(try Self.run(folder, ["get", "--json", "new_onboarding"]).stdout)
        #expect(report["value"] as? Bool == false)
        #expect(report["source"] as? String == "default")
        let qa = try #require(Self.layer(report, "QA profile"))
        #expect(qa["state"] as? String == "typeMismatch")
        #expect(qa["raw"] as? String == "maybe")
        #expect(qa["winner"] == nil)
        #expect(qa["value"] == nil)
    }

    @Test("A provider in excludedProviders shows excluded, even though it has a value")
    func excludedProvider() throws {
        let folder = try Self.demoCopy()
        defer { folder.remove() }
        let report = try parseJSONObject(try Self.run(folder, ["get", "--json", "lab/secrets/force_paywall"]).stdout)
        #expect(report["value"] as? Bool == false)
        #expect(report["source"] as? String == "default")
        let remote = try #require(Self.layer(report, "Remote"))
        #expect(remote["state"] as? String == "excluded")
        #expect(remote["value"] == nil)
        #expect((report["excludedProviders"] as? [String]) == ["Remote"])
        // Setting it locally wins, since Remote is not read at all.
        let set = try Self.run(folder, ["set", "lab/secrets/force_paywall", "on"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(!set.stdout.contains("still wins"))
        let after = try parseJSONObject(try Self.run(folder, ["get", "--json", "lab/secrets/force_paywall"]).stdout)
        #expect(after["value"] as? Bool == true)
        #expect(after["source"] as? String == "Local")
    }

    @Test("reset --all on the demo empties Local and lists every key it held")
    func resetAllOnDemo() throws {
        let folder = try Self.demoCopy()
        defer { folder.remove() }
        let localURL = folder.url.appendingPathComponent("demo/.flagscope/local.json")
        let before = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: localURL)) as? [String: Any])
        #expect(!before.isEmpty)
        let output = try Self.run(folder, ["reset", "--all", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let changes = try #require(try parseJSONObject(output.stdout)["changes"] as? [[String: Any]])
        #expect(Set(changes.compactMap { $0["key"] as? String }) == Set(before.keys))
        #expect(changes.allSatisfy { $0["action"] as? String == "removed" })
        #expect(String(decoding: try Data(contentsOf: localURL), as: UTF8.self) == "{}\n")
    }
}
