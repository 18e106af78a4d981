import CNcursesw
import Foundation

/// Why the browser cannot start on this terminal.
package struct TerminalUnavailable: Error, Sendable, CustomStringConvertible {
    /// One clear line, and what to do instead.
    package var description: String
}

/// Checks, before curses is touched, that standard input and output are a terminal that can
/// address the cursor, so a pipe, `TERM=dumb` or an unknown `TERM` get one clear line instead
/// of curses' own abort.
package enum TerminalCheck {
    /// Throws when the browser cannot run here.
    package static func verify(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(TerminalUnavailable)
    {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalUnavailable(
                description:
                    "the browser needs a terminal (standard input and output are not one); use `flagscope list`, `get` or `snapshot` in scripts"
            )
        }
        guard let term = environment["TERM"], !term.isEmpty else {
            throw TerminalUnavailable(
                description:
                    "TERM is not set, so the terminal's capabilities are unknown; set it (for example TERM=xterm-256color)"
            )
        }
        guard term != "dumb" else {
            throw TerminalUnavailable(
                description:
                    "TERM=dumb cannot move the cursor; run the browser in a full terminal, or use `flagscope list`")
        }
        var status: Int32 = 0
        guard fs_setupterm(term, STDOUT_FILENO, &status) == OK else {
            throw TerminalUnavailable(
                description:
                    "unknown terminal type '\(term)' (no terminfo entry); set TERM to one that exists, such as xterm-256color"
            )
        }
        let cup = fs_tigetstr("cup")
        let unusable = cup == nil || Int(bitPattern: cup) == -1
        fs_free_terminfo()
        if unusable {
            throw TerminalUnavailable(
                description: "terminal '\(term)' cannot address the cursor; use a full terminal, or `flagscope list`")
        }
    }
}
