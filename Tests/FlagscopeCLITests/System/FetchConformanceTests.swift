import Foundation
import TestSupport
import Testing

/// `Scripts/fetch-conformance`: the public suites at the commits the docs pin, into the folder
/// the conformance runner reads.
@Suite("Scripts/fetch-conformance")
struct FetchConformanceTests {
    static let script = Repository.root.appendingPathComponent("Scripts/fetch-conformance")

    /// Runs the script with `arguments` and the environment's `FLAGSCOPE_CONFORMANCE_GIT` set to `template`.
    static func run(_ arguments: [String], template: String) throws -> (status: Int32, output: String) {
        try CLIFixture.bash([script.path] + arguments, environment: ["FLAGSCOPE_CONFORMANCE_GIT": template])
    }

    @Test(
        "Every commit the script fetches is the one docs/rules.md#the-conformance-data names, and every suite is there")
    func commitsAreTheDocumented() throws {
        let script = try String(contentsOf: Self.script, encoding: .utf8)
        let docs = try String(contentsOf: Repository.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let table = try #require(docs.components(separatedBy: "### The conformance data").last)
        let fetched = script.matches(of: try Regex(#"fetch ([\w-]+/[\w-]+) ([0-9a-f]{40})"#)).map {
            (String($0.output[1].substring ?? ""), String($0.output[2].substring ?? ""))
        }
        #expect(
            fetched.count == 6,
            "flagd-testbed, flagd-schemas, the Unleash specification, OFREP, GrowthBook's cases and LaunchDarkly's harness"
        )
        for (repository, commit) in fetched {
            #expect(
                table.contains("\(repository), ") && table.contains("commit \(commit.prefix(8))"),
                "\(repository) at \(commit) is not what docs/rules.md pins")
        }
    }

    @Test("A repository without the pinned commit stops the script with exit 1, naming it; nothing is left behind")
    func missingCommit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // An empty repository for every suite: no pinned commit can be found in it.
        let empty = folder.file("mirror/empty.git")
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", "--bare", empty.path]
        try git.run()
        git.waitUntilExit()
        let result = try Self.run([folder.file("conformance").path], template: empty.path)
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "error: open-feature/flagd-testbed has no commit 82ba89ec8db498fa51368e558e4d87642d9e93c4"),
            "\(result.output)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.file("conformance").path)) ?? []
        #expect(left.isEmpty, "no half-fetched suite: \(left)")
    }
}
