import Foundation
import OrderedCollections

/// The `validate` command's output.
package struct ValidateReport: Sendable {
    /// The workspace that was checked.
    package var workspace: Workspace
    /// The folder the command runs in: people get paths relative to it (`nil`: relative to the workspace).
    package var currentDirectory: URL?

    /// The workspace's diagnostics, and a note for each stale flag or idle override
    /// (docs/code.md#stale-flags).
    package var diagnostics: [Diagnostic]

    /// Creates a report as of `now` (for `expires`); paths are shown relative to
    /// `currentDirectory` when given.
    package init(workspace: Workspace, currentDirectory: URL? = nil, now: Date = Date()) {
        self.workspace = workspace
        self.currentDirectory = currentDirectory
        diagnostics =
            workspace.diagnostics + Self.staleNotes(StaleReport(workspace: workspace, now: now).notes, workspace)
    }

    /// The most stale notes `validate` writes; `flagscope stale` lists every one.
    static let staleNoteLimit = 20

    /// The stale notes, at most ``staleNoteLimit`` of them and then one that counts the rest.
    static func staleNotes(_ notes: [Diagnostic], _ workspace: Workspace) -> [Diagnostic] {
        guard notes.count > staleNoteLimit else { return notes }
        let file = WorkspacePath.displayPath(of: workspace.config.file, in: workspace.folder)
        return Array(notes.prefix(staleNoteLimit)) + [
            .note(
                "\(notes.count - staleNoteLimit) more stale flags and overrides: flagscope stale lists them all",
                file: file, at: nil)
        ]
    }

    /// Every diagnostic with its quoted line, then a summary.
    package var text: String {
        let diagnostics = diagnostics.sortedForReading()
        let counts = [
            Plural.count(workspace.blueprints.count, "blueprint"),
            Plural.count(workspace.flags.values.filter { !$0.isGenerated }.count, "flag"),
            Plural.count(workspace.features.count, "feature"),
            Plural.count(workspace.config.providers.count, "provider"),
        ]
        // Device profiles are counted once a workspace has some: most have none.
        let devices = workspace.deviceFiles.isEmpty ? [] : [Plural.count(workspace.devices.count, "device")]
        let summary = (counts + devices).joined(separator: ", ")
        guard !diagnostics.isEmpty else { return "✓ workspace is valid: \(summary)" }
        let renderer = currentDirectory.map(workspace.diagnosticRenderer(from:)) ?? workspace.diagnosticRenderer
        let rendered = renderer.render(all: diagnostics)
        let verdict = diagnostics.containsErrors ? "✗" : "✓"
        return rendered + "\n\n\(verdict) \(Diagnostic.summary(of: diagnostics)) (\(summary))"
    }

    /// `{"diagnostics":[{"file","path","line","column","severity","message"}]}`: `file` relative to
    /// the workspace folder (the documented contract), `path` as seen from the current folder.
    package var json: JSONValue {
        let paths = currentDirectory.map(workspace.shownPaths(from:))
        let items: [JSONValue] = diagnostics.sortedForReading().map { diagnostic in
            var object: OrderedDictionary<String, JSONValue> = ["file": .string(diagnostic.file)]
            object["path"] = .string(paths?.shown(diagnostic.file) ?? diagnostic.file)
            object["line"] = diagnostic.location.map { .int($0.line) } ?? .null
            object["column"] = diagnostic.location.map { .int($0.column) } ?? .null
            object["severity"] = .string(diagnostic.severity.rawValue)
            object["message"] = .string(diagnostic.message)
            return .object(object)
        }
        return .object(["diagnostics": .array(items), "valid": .bool(!workspace.hasErrors)])
    }
}
