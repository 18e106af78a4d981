import Foundation
import TestSupport
import Testing

/// Refusing to start where no browser can be drawn (``TerminalCheck``): one clear line and exit 1.
extension TerminalTests {
    @Suite("Not a terminal")
    struct NotATerminal {
        @Test("Piped stdin and stdout: exit 1 with one clear line, never a curses abort")
        func piped() throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let output = try CLIRunner.run(demo.browserArguments)
            #expect(output.status == 1)
            #expect(output.stdout.isEmpty)
            let lines = output.stderr.split(separator: "\n")
            #expect(lines.count == 1, "stderr: \(output.stderr)")
            #expect(output.stderr.hasPrefix("error: the browser needs a terminal"))
            #expect(output.stderr.contains("flagscope list"))
            #expect(
                !output.stderr.contains("Error opening terminal") && !output.stderr.contains("\u{1B}"),
                "no curses abort, no escape codes")
        }

        @Test("TERM=dumb in a real terminal: exit 1 with one clear line")
        func dumbTerminal() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try TmuxSession(name: "dumb", arguments: demo.browserArguments, environment: ["TERM": "dumb"])
            defer { session.close() }
            let status = try await session.waitForExit()
            #expect(status == 1)
            let screen = try session.screen()
            #expect(screen.contains("error: TERM=dumb cannot move the cursor"), "\(screen)")
            #expect(!screen.contains("Error opening terminal"))
            #expect(session.sttySettings().before == session.sttySettings().after)
            #expect(try session.modes() == .restored)
        }
    }
}
