import Foundation
import TestSupport
import Testing

/// What `demo` did (copied, restored) is said before the browser opens, and on its first status
/// line: the browser's screen covers whatever was printed just before it.
@Suite("demo messages", .serialized)
struct DemoCommandMessagesTests {
    @Test("demo --reset --no-browser says it restored the demo first, before the validation summary")
    func resetSaysSoFirst() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let environment = ["XDG_STATE_HOME": state.url.path]
        let first = try CLIRunner.run(["demo", "--no-browser"], environment: environment)
        let destination = state.url.appendingPathComponent("flagscope/demo").path
        #expect(first.stdout.hasPrefix("copied the demo workspace to \(destination)\n"), "\(first.stdout)")
        let again = try CLIRunner.run(["demo", "--no-browser"], environment: environment)
        #expect(!again.stdout.contains("copied"), "a second run copies nothing: \(again.stdout)")
        let reset = try CLIRunner.run(["demo", "--reset", "--no-browser"], environment: environment)
        #expect(reset.status == 0, "\(CLIFixture.describe(reset))")
        let lines = reset.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "restored the demo workspace to \(destination)", "\(reset.stdout)")
        let summary = try #require(lines.firstIndex { $0.hasPrefix("✓") }, "\(reset.stdout)")
        #expect(summary > 0)
    }

    @Test("Without a terminal, the copy is announced before the browser refuses to open (one stream, in order)")
    func announcedBeforeTheBrowser() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(CLIRunner.executable.path)' demo 2>&1"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.url.path
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        let copied = try #require(lines.firstIndex { $0.hasPrefix("copied the demo workspace to ") }, "\(output)")
        let refusal = try #require(lines.firstIndex { $0.hasPrefix("error:") }, "\(output)")
        #expect(copied < refusal, "\(output)")
    }

    @Test("In a terminal, the browser opens with the copy on its status line")
    func statusLineSaysIt() async throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let session = try TmuxSession(
            name: "demo-greeting", arguments: ["demo"], environment: ["XDG_STATE_HOME": state.url.path])
        defer { session.close() }
        let screen = try await session.waitForBrowser()
        #expect(screen.statusLine.contains("copied the demo workspace to"), "\(screen)")
        try session.press("q")
        #expect(try await session.waitForExit() == 0)
    }
}
