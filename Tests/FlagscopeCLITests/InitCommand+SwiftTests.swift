import Foundation
import TestSupport
import Testing

/// `flagscope init --swift FOLDER`: a workspace that reads the app's Swift sources.
@Suite("init --swift")
struct InitCommandSwiftTests {
    @Test("init --swift Sources writes a workspace whose blueprints are the Swift sources; validate and list read them")
    func writesSwiftWorkspace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Sources/App/AppFlags.swift", SwiftAppWorkspace.flags)
        let output = try CLIRunner.run(["init", "--swift", "Sources"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("wrote flagscope.yml"))
        #expect(try folder.read("flagscope.yml").contains("  - Sources/**/*.swift\n"))
        #expect(!folder.exists("blueprints/app.yml"))
        let list = try CLIRunner.run(["list"], in: folder.url)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("show_onboarding"), "\(list.stdout)")
        #expect(list.stdout.contains("fetch_limit"), "\(list.stdout)")
    }

    @Test("init --swift with a folder that does not exist: exit 1, nothing written")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["init", "--swift", "Nowhere"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "error: no folder 'Nowhere' here; nothing was written\n  hint: no folder here holds .swift files: run init in the app's folder, or create it with `mkdir -p Nowhere` first\n",
            "\(output.stderr)")
        #expect(try folder.listing().isEmpty)
    }

    @Test(
        "init --swift Sources where the sources are elsewhere suggests the folders that hold .swift files, never the command that failed"
    )
    func suggestsTheRealFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/Model/Flags.swift", "struct Flags {}\n")
        try folder.write("AppTests/FlagsTests.swift", "struct FlagsTests {}\n")
        try folder.write(".build/checkouts/Lib/Lib.swift", "struct Lib {}\n")
        try folder.write("Docs/readme.md", "# docs\n")
        let before = try folder.listing()
        let output = try CLIRunner.run(["init", "--swift", "Sources"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr.hasSuffix(
                "  hint: these hold Swift sources: `flagscope init --swift App`, `flagscope init --swift AppTests`\n"),
            "\(output.stderr)")
        #expect(!output.stderr.contains("--swift Sources`"))
        #expect(try folder.listing() == before)
        let typo = try CLIRunner.run(["init", "--swift", "apptest"], in: folder.url)
        #expect(
            typo.stderr.contains("hint: these hold Swift sources: `flagscope init --swift AppTests`, "),
            "\(typo.stderr)")
    }
}
