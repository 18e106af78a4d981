import FlagCore
import Foundation

/// How wide tables may be: `COLUMNS` when set (so it can be forced, also in pipes), else the
/// terminal's width when standard output is one, else no limit (a file or a pipe gets whole rows).
enum TerminalWidth {
    /// The width to fit, or `nil` for no limit.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0
        {
            return columns
        }
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        return HostPlatform.terminalColumns(of: STDOUT_FILENO)
    }
}
