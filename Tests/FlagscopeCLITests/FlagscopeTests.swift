import Foundation
import TestSupport
import Testing

/// The root command: a mistyped subcommand answered like a mistyped option, usage errors worded like
/// every other message, and help whose examples are real keys.
@Suite("flagscope")
struct FlagscopeTests {
    @Test(
        "A mistyped subcommand suggests the one meant and lists them all; exit 64",
        arguments: [
            (["lsit"], "error: unknown command 'lsit'; did you mean 'list'? Commands are demo, init, validate, list, "),
            (["--config", "x.yml", "exlpain", "a"], "error: unknown command 'exlpain'; did you mean 'explain'? "),
            (["--no-color", "frobnicate"], "error: unknown command 'frobnicate'; commands are demo, init, validate, "),
        ])
    func mistyped(arguments: [String], prefix: String) throws {
        let output = try CLIRunner.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix(prefix), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test("The commands --context is refused on name exactly the commands whose --help offers it")
    func contextTakersAreTheRealOnes() throws {
        let refused = try CLIRunner.run(["set", "x", "1", "--context", "a=b"])
        let message = try #require(
            refused.stderr.split(separator: ";").first?.components(separatedBy: "only applies to ").last)
        let named = message.replacingOccurrences(of: " and the browser", with: "").components(separatedBy: ", ")
        let help = try CLIRunner.run(["--help"]).stdout
        // A command's row starts two spaces in; its wrapped description further.
        let commands = help.components(separatedBy: "SUBCOMMANDS:").last!.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  See") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        let taking = try commands.filter { try CLIRunner.run([$0, "--help"]).stdout.contains("--context <key=value>") }
        #expect(!taking.isEmpty)
        #expect(Set(named) == Set(taking), "message: \(named); --help: \(taking)")
    }

    @Test("Usage errors say `error:` in lower case, as every other message does")
    func usageErrorLabel() throws {
        let missing = try CLIRunner.run(["get"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("error: missing expected argument '<key>'"), "\(missing.stderr)")
        let unknown = try CLIRunner.run(["list", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: unknown option '--bogus'"), "\(unknown.stderr)")
        for output in [missing, unknown] { #expect(!output.stderr.contains("Error:"), "\(output.stderr)") }
    }

    @Test("The example keys in get --help and set --help are real keys of the demo")
    func helpExamplesAreDemoKeys() throws {
        for command in ["get", "set"] {
            let help = try CLIRunner.run([command, "--help"])
            #expect(help.status == 0)
            let example = try #require(help.stdout.firstMatch(of: /such as\s+([a-z_\/]+)\./)?.1, "\(help.stdout)")
            let get = try CLIRunner.run(["get", String(example), "--config", CLIFixture.demoWorkspace.path])
            #expect(get.status == 0, "\(command) --help names \(example): \(CLIFixture.describe(get))")
        }
    }
}
