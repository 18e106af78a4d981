import Foundation
import TestSupport
import Testing

/// A typo in the writable file's path: `validate` says the file does not exist and will be
/// created on the first write, without failing.
@Suite("missing writable file")
struct WritableFileNoteTests {
    static func workspace(localPath: String) -> String {
        CLIFixture.workspace(blueprints: ["blueprints/app.yml"])
            .replacingOccurrences(of: "path: .flagscope/local.json", with: "path: \(localPath)")
    }

    @Test("validate notes a writable file that does not exist, at the path: value, and still passes")
    func notedAtThePath() throws {
        let folder = try CLIFixture.folder(["flagscope.yml": Self.workspace(localPath: ".flagscope/lcoal.json")])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("flagscope.yml:9:11: note: ") }, "\(output.stdout)")
        #expect(
            lines[index]
                == "flagscope.yml:9:11: note: .flagscope/lcoal.json does not exist; it will be created on the first write to 'Local' (check the path if you expected an existing file)"
        )
        #expect(lines[index + 1] == "        path: .flagscope/lcoal.json")
        #expect(lines[index + 2] == "              ^")
        #expect(output.stdout.contains("✓ 0 errors, 0 warnings, 1 note"), "\(output.stdout)")

        let json = try CLIFixture.object(try CLIRunner.run(["validate", "--json"], in: folder.url).stdout)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["severity"] as? String == "note")
        #expect(diagnostics.first?["line"] as? Int == 9)
        #expect(json["valid"] as? Bool == true)
    }

    @Test("After the first set creates the file, the note is gone; an existing file never gets one")
    func goneOnceWritten() throws {
        let folder = try CLIFixture.folder(["flagscope.yml": Self.workspace(localPath: "overrides.json")])
        defer { folder.remove() }
        #expect(try CLIRunner.run(["validate"], in: folder.url).stdout.contains("note: overrides.json does not exist"))
        let set = try CLIRunner.run(["set", "lab/sson", "true"], in: folder.url)
        #expect(set.status == 0, "\(CLIFixture.describe(set))")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("overrides.json").path))
        let after = try CLIRunner.run(["validate"], in: folder.url)
        #expect(after.stdout.hasPrefix("✓ workspace is valid"), "\(after.stdout)")
    }
}
