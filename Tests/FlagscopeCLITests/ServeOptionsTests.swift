import Foundation
import TestSupport
import Testing

/// `--serve [ADDR]` and `--token-env` on the browser's commands (docs/serve.md): the mistakes
/// that stop it before the screen opens or anything listens.
@Suite("--serve on the browser's commands")
struct ServeOptionsTests {
    @Test("A bad address, one other machines reach without a token, --token-env without --serve: exit 64")
    func usage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        for (arguments, words) in [
            (["--serve", "nope"], "--serve 'nope' is not an address: write HOST:PORT"),
            (["--serve", "0.0.0.0:8019"], "--serve 0.0.0.0:8019 reaches other machines: serve it with a token"),
            (["--token-env", "TOKEN"], "--token-env is for --serve: add --serve to serve while browsing"),
            (["demo", "--serve", "10.0.0.1:8016"], "--serve 10.0.0.1:8016 reaches other machines"),
            (
                ["--serve", "0.0.0.0:8019", "--token-env", "FLAGSCOPE_TEST_UNSET"],
                "--token-env FLAGSCOPE_TEST_UNSET: the variable is not set or empty"
            ),
        ] {
            let output = try CLIRunner.run(arguments, in: folder.url)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(words), "\(arguments): \(output.stderr)")
        }
    }

    @Test("--serve alone takes 127.0.0.1:8016, before another option too; with no terminal the browser says so")
    func defaultAddress() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        for arguments in [["--serve"], ["--serve", "--no-color"]] {
            let output = try CLIRunner.run(arguments, in: folder.url)
            #expect(output.status == 1, "\(arguments): \(output.stderr)")
            #expect(!output.stderr.contains("missing value"), "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("terminal"), "\(arguments): \(output.stderr)")
        }
    }
}
