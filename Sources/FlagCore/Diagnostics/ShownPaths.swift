import Foundation

/// How diagnostic paths are shown to people: relative to the current folder, so a terminal's or
/// an editor's "jump to file" finds them, or absolute when the file is not under it. (Diagnostics
/// keep workspace-relative paths: that is what `validate --json` documents as `file`.)
package struct ShownPaths: Sendable {
    /// The workspace folder the diagnostic paths are relative to.
    package var workspaceFolder: URL
    /// The folder people run the command from.
    package var currentDirectory: URL
    /// Diagnostic "files" that are no files (an env provider's `environment (PREFIX*)`, a
    /// server's address): shown as they are.
    package var pseudoFiles: Set<String>

    /// Creates the mapping.
    package init(workspaceFolder: URL, currentDirectory: URL, pseudoFiles: Set<String> = []) {
        self.workspaceFolder = workspaceFolder.resolvingSymlinksInPath().standardizedFileURL
        self.currentDirectory = currentDirectory.resolvingSymlinksInPath().standardizedFileURL
        self.pseudoFiles = pseudoFiles
    }

    /// `file` (relative to the workspace folder, or absolute) as seen from the current folder.
    package func shown(_ file: String) -> String {
        guard !pseudoFiles.contains(file) else { return file }
        let absolute = file.hasPrefix("/") ? URL(fileURLWithPath: file) : workspaceFolder.appendingPathComponent(file)
        let path = absolute.standardizedFileURL.path
        let base = currentDirectory.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `message` with the `file:line:column` references it makes to `files` shown the same way
    /// (a duplicate key names the other place it is declared).
    package func shownMessage(_ message: String, files: some Sequence<String>) -> String {
        var result = message
        for file in files where !pseudoFiles.contains(file) {
            let shownFile = shown(file)
            guard shownFile != file else { continue }
            for lead in [" at ", "(also at "] {
                result = result.replacingOccurrences(of: lead + file + ":", with: lead + shownFile + ":")
            }
        }
        return result
    }
}
