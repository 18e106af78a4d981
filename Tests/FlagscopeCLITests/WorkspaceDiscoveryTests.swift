import Foundation
import TestSupport
import Testing

@Suite("Finding the workspace")
struct WorkspaceDiscoveryTests {
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
}
