import Foundation
import TestSupport
import Testing

/// `reset 'context/*'`: restore the simulated device in one step, keeping the developer's overrides.
@Suite("reset with a pattern")
struct ResetCommandPatternTests {
    static let local = """
        {
          "context/locale": "it",
          "context/permissions/camera": "denied",
          "context/platform": "macOS",
          "lab/sson": true,
          "lab/theme": "dark"
        }

        """

    @Test("reset 'context/*' removes every context key of the writable file, lists them, and keeps the rest")
    func removesContext() throws {
        let folder = try CLIFixture.folder([".flagscope/local.json": Self.local])
        defer { folder.remove() }
        let output = try CLIRunner.run(["reset", "context/*"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(
            output.stdout == """
                removed context/locale from Local (.flagscope/local.json); now unset from default
                removed context/permissions/camera from Local (.flagscope/local.json); now notDetermined from default
                removed context/platform from Local (.flagscope/local.json); now unset from default

                """, "\(output.stdout)")
        #expect(try folder.read(".flagscope/local.json") == "{\n  \"lab/sson\": true,\n  \"lab/theme\": \"dark\"\n}\n")
    }

    @Test("A pattern that matches nothing says so, exits 0 and leaves the file as it was")
    func nothingMatched() throws {
        let folder = try CLIFixture.folder([".flagscope/local.json": "{\"lab/sson\": true}\n"])
        defer { folder.remove() }
        let output = try CLIRunner.run(["reset", "context/*"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        #expect(output.stdout == "no key in Local (.flagscope/local.json) matches 'context/*'; nothing to remove\n")
        #expect(try folder.read(".flagscope/local.json") == "{\"lab/sson\": true}\n", "not even rewritten")
        let json = try CLIFixture.object(try CLIRunner.run(["reset", "context/*", "--json"], in: folder.url).stdout)
        #expect(json["unmatched"] as? [String] == ["context/*"])
        #expect((json["changes"] as? [Any])?.isEmpty == true)
    }

    @Test("Patterns and keys mix; JSON lists each removed key and the patterns that matched nothing")
    func mixed() throws {
        let folder = try CLIFixture.folder([".flagscope/local.json": Self.local])
        defer { folder.remove() }
        let output = try CLIRunner.run(
            ["reset", "context/permissions/*", "lab/theme", "nope/*", "--json"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let json = try CLIFixture.object(output.stdout)
        let changes = try #require(json["changes"] as? [[String: Any]])
        #expect(changes.map { $0["key"] as? String } == ["context/permissions/camera", "lab/theme"])
        #expect(changes.map { $0["action"] as? String } == ["removed", "removed"])
        #expect(json["unmatched"] as? [String] == ["nope/*"])
        let left = try CLIFixture.object(try folder.read(".flagscope/local.json"))
        #expect(Set(left.keys) == ["context/locale", "context/platform", "lab/sson"])
    }
}
