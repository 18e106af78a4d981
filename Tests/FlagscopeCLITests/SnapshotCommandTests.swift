import Foundation
import TestSupport
import Testing

/// `flagscope snapshot`: the browser drawn once, headless, after the keys given.
@Suite("snapshot command")
struct SnapshotCommandTests {
    @Test("snapshot reports an unknown <Key> as it was typed, not lower-cased")
    func unknownSnapshotKeyAsTyped() throws {
        let output = try CLIRunner.run(["snapshot", "--config", CLIFixture.demoWorkspace.path, "--keys", "jj<FooBar>"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: unknown key <FooBar>; keys are <Up>"), "\(output.stderr)")
    }
}
