import Foundation
import TestSupport
import Testing

/// `flagscope init`: a starter workspace that validates; never overwrites (docs/commands.md).
@Suite("init command")
struct InitCommandTests {
    static let starterFiles = ["flagscope.yml", "blueprints/app.yml", ".flagscope/local.json", ".flagscope/.gitignore"]

    @Test("init writes the starter files in an empty folder, and the result validates and lists")
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

    @Test(
        "The starter blueprint has a feature with a product and a permission: validate is clean and explain shows both")
    func exampleFeature() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try CLIRunner.run(["init"], in: folder.url).status == 0)
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(
            validate.stdout == "✓ workspace is valid: 1 blueprint, 3 flags, 1 feature, 2 providers\n",
            "\(validate.stdout)")
        let explain = try CLIRunner.run(["explain", "photo_import"], in: folder.url)
        #expect(explain.status == 0, "\(CLIFixture.describe(explain))")
        #expect(
            explain.stdout.hasPrefix("? Import photos from the library (photo_import) is unknown"), "\(explain.stdout)")
        let rows = explain.stdout.split(separator: "\n").map(CLIFixture.cells)
        #expect(
            rows.contains {
                $0.first == "permission" && $0.contains("photos") && $0.contains("context/permissions/photos")
            }, "\(explain.stdout)")
        #expect(
            rows.contains { $0.first == "purchase" && $0.contains("pro") && $0.contains("context/purchases/PRO0001") },
            "\(explain.stdout)")
        // Simulating the device makes it available.
        for (key, value) in [("context/permissions/photos", "authorized"), ("context/purchases/PRO0001", "purchased")] {
            #expect(try CLIRunner.run(["set", key, value], in: folder.url).status == 0)
        }
        #expect(
            try CLIRunner.run(["explain", "photo_import"], in: folder.url).stdout.hasPrefix(
                "✓ Import photos from the library (photo_import) is available"))
    }

    @Test("The .gitignore beside the local file covers the lock file a write leaves there")
    func ignoresLocks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try CLIRunner.run(["init"], in: folder.url).status == 0)
        #expect(try CLIRunner.run(["set", "new_onboarding", "true"], in: folder.url).status == 0)
        let locks = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent(".flagscope").path
        )
        .filter { $0.hasSuffix(".lock") }
        #expect(locks == ["local.json.lock"])
        let patterns = try folder.read(".flagscope/.gitignore").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(patterns == ["*.lock"])
        #expect(fnmatch("*.lock", locks[0], 0) == 0)
    }

    @Test("init refuses when only the .gitignore exists")
    func refusesOverGitignore() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".flagscope/.gitignore", "mine\n")
        let output = try CLIRunner.run(["init"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr.contains("refusing to overwrite existing file: .flagscope/.gitignore"), "\(output.stderr)")
        #expect(try folder.read(".flagscope/.gitignore") == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("flagscope.yml").path))
    }

    /// Every file under the folder with its contents and modification date.
    static func snapshot(_ folder: TemporaryFolder) throws -> [String: String] {
        var result: [String: String] = [:]
        let manager = FileManager.default
        let base = folder.url.resolvingSymlinksInPath().path
        guard
            let enumerator = manager.enumerator(
                at: folder.url, includingPropertiesForKeys: [.contentModificationDateKey])
        else { return [:] }
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
            guard values.isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path.replacingOccurrences(of: base, with: "")
            result[path] =
                "\(values.contentModificationDate?.timeIntervalSince1970 ?? 0) "
                + (try folder.read(String(path.dropFirst())))
        }
        return result
    }
}
