import FlagCore
import Foundation

/// The user's editor opened at a file's line (`o` in the browser): `$VISUAL`, else `$EDITOR`,
/// else `vi`, run by a shell as `editor +LINE FILE` — the variable may hold arguments
/// (`code -w`), as git and crontab read it.
package struct EditorLaunch: Sendable, Equatable, CustomStringConvertible {
    /// The editor's command as the variable holds it.
    package let editor: String
    /// The file, and how it is shown.
    package let file: URL
    package let shown: String
    package let line: Int

    package init(environment: [String: String], file: URL, shown: String, line: Int) {
        let chosen = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        editor = chosen ?? "vi"
        self.file = file
        self.shown = shown
        self.line = line
    }

    /// `vi +12 blueprints/podcast.yml`.
    package var description: String { "\(editor) +\(line) \(shown)" }

    /// Runs the editor in the terminal's foreground group and waits for it; the terminal must
    /// be handed over first.
    package func run() {
        // The variable is shell text; the line and the file are arguments, never parsed.
        let status = HostPlatform.runInForeground(
            "/bin/sh", ["-c", editor + #" "$@""#, "editor", "+\(line)", file.path])
        if status == nil { FileHandle.standardError.write(Data("cannot run /bin/sh for \(editor)\n".utf8)) }
    }
}
