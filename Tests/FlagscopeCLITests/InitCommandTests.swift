import Foundation
import Testing
import TestSupport

/// `flagscope init`: a starter workspace that validates; never overwrites (SPEC §6).
@Suite("init command")
struct InitCommandTests {
    static let starterFiles = ["flagscope.yml", "blueprints/app.yml", ".flagscope/local.json"]

    @Test("init writes the three starter files in an empty folder, and the result validates and lists")
    func startsAWorkspace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["init"], in: folder.url)
        #expect(output.status == 0, "\(CLIFixture.describe(output))")
        for path in Self.starterFiles {
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(path).path), "\(path)")
            #expect(output.stdout.contains("wrote \(path)"))
        }
        #expect(try folder.read(".flagscope/local.json").trimmingCharacters(in: .whitespacesAndNewlines) == "{}")
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(validate.status == 0, "\(CLIFixture.describe(validate))")
        #expect(!validate.stdout.contains("error:"))
        let list = try CLIRunner.run(["list", "--json"], in: folder.url)
        #expect(list.status == 0)
        #expect(!((try CLIFixture.object(list.stdout))["flags"] as? [Any] ?? []).isEmpty)
    }

    @Test("A second init refuses with exit 1 and touches nothing")
    func refusesToOverwrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try CLIRunner.run(["init"], in: folder.url).status == 0)
        try folder.write("blueprints/app.yml", "name: Mine\n")
        let before = try Self.snapshot(folder)
        let again = try CLIRunner.run(["init"], in: folder.url)
        #expect(again.status == 1, "\(CLIFixture.describe(again))")
        #expect(again.stderr.contains("refusing to overwrite"))
        #expect(try Self.snapshot(folder) == before)
        #expect(try folder.read("blueprints/app.yml") == "name: Mine\n")
    }

    @Test("init refuses when any one starter file exists, and writes none of the others")
    func refusesWhenOneExists() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".flagscope/local.json", "{\"mine\": true}\n")
        let output = try CLIRunner.run(["init"], in: folder.url)
        #expect(output.status == 1)
        #expect(output.stderr.contains(".flagscope/local.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("flagscope.yml").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("blueprints/app.yml").path))
        #expect(try folder.read(".flagscope/local.json") == "{\"mine\": true}\n")
    }

    /// Every file under the folder with its contents and modification date.
    static func snapshot(_ folder: TemporaryFolder) throws -> [String: String] {
        var result: [String: String] = [:]
        let manager = FileManager.default
        let base = folder.url.resolvingSymlinksInPath().path
        guard let enumerator = manager.enumerator(at: folder.url, includingPropertiesForKeys: [.contentModificationDateKey]) else { return [:] }
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
            guard values.isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path.replacingOccurrences(of: base, with: "")
            result[path] = "\(values.contentModificationDate?.timeIntervalSince1970 ?? 0) " + (try folder.read(String(path.dropFirst())))
        }
        return result
    }
}
