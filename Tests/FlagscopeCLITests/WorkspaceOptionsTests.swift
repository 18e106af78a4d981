import Foundation
import TestSupport
import Testing

@Suite("Finding the workspace")
struct WorkspaceOptionsTests {
    @Test("Without a workspace, list says so, names what to try, and exits 1")
    func notFound() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 1)
        #expect(output.stderr.contains("no flagscope.yml found in \(folder.url.path) or its parents"))
        #expect(output.stderr.contains("flagscope demo"))
        #expect(output.stderr.contains("flagscope init"))
    }

    @Test("The demo workspace validates from a fresh checkout")
    func demoValidates() throws {
        let output = try CLIRunner.run(["validate", "--config", Repository.demoWorkspaceFile.path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("✓"))
    }

    @Test("--config takes the folder that holds flagscope.yml; a folder without one says what was looked for")
    func configFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo(to: "demo")
        let list = try CLIRunner.run(["get", "lab/sson", "--config", "demo"], in: folder.url)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("lab/sson  (bool)"), "\(list.stdout)")
        let validate = try CLIRunner.run(["validate", "--config", "demo/"], in: folder.url)
        #expect(validate.status == 0, "\(validate.stderr)")
        let empty = try CLIRunner.run(["validate", "--config", "demo/blueprints"], in: folder.url)
        #expect(empty.status == 1)
        #expect(
            empty.stderr
                == "error: no workspace file in the folder demo/blueprints (looked for flagscope.yml, flagscope.yaml, flagscope.json)\n  hint: give the workspace file, or the folder that holds it; create one there with `flagscope init`\n"
        )
    }

    @Test("No workspace found is an error like any other: `error: no flagscope.yml found in …`")
    func noWorkspaceIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("error: no flagscope.yml found in "), "\(output.stderr)")
        #expect(output.stderr.contains("hint: try `flagscope demo`"))
    }

    @Test("A command stopped by workspace errors counts them in words: `the workspace has 1 error`")
    func stoppedByErrors() throws {
        let folder = try CLIFixture.folder([
            "blueprints/app.yml": "name: App\nflags:\n  a: { type: bool, default: 3 }\n"
        ])
        defer { folder.remove() }
        let output = try CLIRunner.run(["list"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stderr.contains("the workspace has 1 error; run `flagscope validate` for details"),
            "\(output.stderr)")
    }
}
