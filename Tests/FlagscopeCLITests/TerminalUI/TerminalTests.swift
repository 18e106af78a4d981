import Foundation
import TestSupport
import Testing

/// Tier 3: the built `flagscope` binary in a real terminal (tmux), driven with keys and read back
/// from the screen, the files it writes and the terminal it leaves behind.
///
/// Serialized so that at most one browser is drawing at a time; each test still has its own tmux
/// server, session and workspace, so none depends on another.
@Suite("Real terminal (tmux)", .serialized)
struct TerminalTests {
    /// Checks what a user sees after the browser ends: the expected exit status, `stty` settings
    /// identical to before, the main screen back (the shell's output, not the browser), the cursor
    /// visible and no keypad or mouse reporting left on.
    static func expectHandedBack(
        _ session: TmuxSession, status expected: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let status = try await session.waitForExit()
        #expect(status == expected, "flagscope exited with \(status)", sourceLocation: sourceLocation)
        let stty = session.sttySettings()
        #expect(
            stty.before != nil && stty.after != nil, "the launch script did not record stty",
            sourceLocation: sourceLocation)
        #expect(
            stty.before == stty.after,
            "stty -g differs after flagscope ended:\nbefore \(stty.before ?? "-")\nafter  \(stty.after ?? "-")",
            sourceLocation: sourceLocation)
        let modes = try session.modes()
        #expect(modes == .restored, "terminal left with \(modes)", sourceLocation: sourceLocation)
        let screen = try session.screen()
        #expect(
            !screen.contains("Flagscope ·") && !screen.contains("q quit"),
            "the browser is still on screen after it ended:\n\(screen)", sourceLocation: sourceLocation)
        #expect(screen.contains("EXIT=\(expected)"), sourceLocation: sourceLocation)
    }

    /// Presses q and checks the browser ended with 0 and handed the terminal back.
    static func quit(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try session.press("q")
        try await expectHandedBack(session, status: 0, sourceLocation: sourceLocation)
    }
}

// MARK: - Ending

extension TerminalTests {
    @Suite("Ending")
    struct Ending {
        /// Opens the demo copy, toggles allowsSSON (a write to end with) and returns the tmux session.
        static func openAndEdit(_ name: String, _ demo: DemoCopy, environment: [String: String] = [:]) async throws
            -> TmuxSession
        {
            let session = try TmuxSession(name: name, arguments: demo.browserArguments, environment: environment)
            try await session.waitForBrowser()
            try session.press("j")
            try await session.waitUntil("allowsSSON selected") { $0.selectedRow?.contains("allowsSSON") == true }
            try session.press("Enter")
            try await demo.waitForLocal("lab/sson = false") { $0["lab/sson"] as? Bool == false }
            try await session.waitUntil("the write confirmed") { $0.statusLine.contains("in Local") }
            return session
        }

        /// A way to end the browser after an edit, and the exit status the shell must see.
        enum Way: String, CaseIterable, Sendable, CustomTestStringConvertible {
            case quit, controlC, sigterm, sigint, crash

            var testDescription: String {
                switch self {
                case .quit: "q quits with 0, the edit is on disk and the terminal is as it was"
                case .controlC:
                    "Ctrl-C ends the browser with 130, like an interrupted program, and restores the terminal"
                case .sigterm: "SIGTERM ends the browser with 143 and restores the terminal"
                case .sigint: "SIGINT from outside ends the browser with 130 and restores the terminal"
                case .crash: "A crash (SIGSEGV) leaves the terminal as it was, then dies of the signal"
                }
            }

            var status: Int32 {
                switch self {
                case .quit: 0
                case .controlC, .sigint: 130
                case .sigterm: 143
                case .crash: 128 + SIGSEGV
                }
            }

            /// The crash is the test trigger on `!`; without the Swift backtracer, the handler
            /// hands SIGSEGV back to the default action.
            var environment: [String: String] {
                self == .crash ? ["FLAGSCOPE_TEST_CRASH": "key", "SWIFT_BACKTRACE": "enable=no"] : [:]
            }

            /// Does it: a key in the terminal, or a signal from outside.
            func end(_ session: TmuxSession) async throws {
                switch self {
                case .quit: try session.press("q")
                case .controlC: try session.press("C-c")
                case .sigterm: #expect(kill(try await session.processID(), SIGTERM) == 0)
                case .sigint: #expect(kill(try await session.processID(), SIGINT) == 0)
                case .crash: try session.press("!")
                }
            }
        }

        @Test(
            "Every way of ending gives its exit status, keeps the edit on disk and hands the terminal back as it was",
            arguments: Way.allCases)
        func ending(way: Way) async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try await Self.openAndEdit(way.rawValue.lowercased(), demo, environment: way.environment)
            defer { session.close() }
            try await way.end(session)
            try await TerminalTests.expectHandedBack(session, status: way.status)
            #expect(try demo.local()["lab/sson"] as? Bool == false, "the write before the ending is intact")
        }
    }
}
