import Foundation
import TestSupport
import Testing

/// `flagscope reset KEY…` and `reset --all`: only the named keys leave the writable file, and it says
/// what now applies (docs/commands.md).
@Suite("reset command")
struct ResetCommandTests {
    @Test("reset KEY… removes only those keys and says what now applies")
    func resetRemovesOnlyNamedKeys() throws {
        let workspace = try EditWorkspace(
            local: "{\"theme\": \"dark\", \"retries\": 7, \"greeting\": \"hey\", \"old_key\": 1}\n")
        defer { workspace.remove() }
        let output = try workspace.run(["reset", "theme", "retries"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("removed theme from Local (.flagscope/local.json); now system from default"))
        #expect(output.stdout.contains("removed retries from Local (.flagscope/local.json); now 5 from Remote"))
        let object = try workspace.localObject()
        #expect(Set(object.keys) == ["greeting", "old_key"])
    }

    @Test("reset --json lists removed keys and keys that were not there")
    func resetJSONShape() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n")
        defer { workspace.remove() }
        let report = try parseJSONObject(try workspace.run(["reset", "--json", "theme", "ratio"]).stdout)
        #expect(report["provider"] as? String == "Local")
        #expect(report["file"] as? String == ".flagscope/local.json")
        let changes = try #require(report["changes"] as? [[String: Any]])
        #expect(changes.map { $0["key"] as? String } == ["theme", "ratio"])
        #expect(changes.map { $0["action"] as? String } == ["removed", "notPresent"])
        #expect(changes[0]["value"] as? String == "system")
        #expect(changes[0]["source"] as? String == "default")
        #expect(changes[1]["source"] as? String == "QA profile")
    }

    @Test("reset of an unknown key refuses with did you mean and removes nothing")
    func resetUnknownKey() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n")
        defer { workspace.remove() }
        let before = workspace.localBytes
        let output = try workspace.run(["reset", "theme", "them3"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("unknown key 'them3'"), "\(output.stderr)")
        #expect(output.stderr.contains("did you mean 'theme'?"))
        #expect(workspace.localBytes == before)
    }

    @Test("reset --all removes every key, declared or not, and lists them")
    func resetAll() throws {
        let workspace = try EditWorkspace(
            local: "{\"theme\": \"dark\", \"retries\": 7, \"retired_flag\": true, \"context/locale\": \"it\"}\n")
        defer { workspace.remove() }
        let output = try workspace.run(["reset", "--all"])
        #expect(output.status == 0, "\(output.stderr)")
        for key in ["theme", "retries", "retired_flag", "context/locale"] {
            #expect(output.stdout.contains("removed \(key) from Local"), "\(output.stdout)")
        }
        #expect(output.stdout.contains("retired_flag from Local (.flagscope/local.json) (a key no blueprint declares)"))
        #expect(String(decoding: try #require(workspace.localBytes), as: UTF8.self) == "{}\n")
        let again = try workspace.run(["reset", "--all", "--json"])
        #expect(again.status == 0)
        #expect((try parseJSONObject(again.stdout)["changes"] as? [Any])?.isEmpty == true)
    }

    @Test(
        "reset without keys or with keys and --all is bad usage: exit 64",
        arguments: [["reset"], ["reset", "--all", "theme"]])
    func resetUsage(arguments: [String]) throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n")
        defer { workspace.remove() }
        let before = workspace.localBytes
        let output = try workspace.run(arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("--all"))
        #expect(workspace.localBytes == before)
    }

    @Test("reset --all on the demo empties Local and lists every key it held")
    func resetAllOnDemo() throws {
        let demo = try DemoCopy()
        defer { demo.remove() }
        let localURL = demo.localFile
        let before = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: localURL)) as? [String: Any])
        #expect(!before.isEmpty)
        let output = try demo.run(["reset", "--all", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let changes = try #require(try parseJSONObject(output.stdout)["changes"] as? [[String: Any]])
        #expect(Set(changes.compactMap { $0["key"] as? String }) == Set(before.keys))
        #expect(changes.allSatisfy { $0["action"] as? String == "removed" })
        #expect(String(decoding: try Data(contentsOf: localURL), as: UTF8.self) == "{}\n")
    }
}
