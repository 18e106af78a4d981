import Foundation
import Testing

@testable import FlagCore

/// The note for a writable file that does not exist follows the file: re-reading the layer after
/// the first write drops it.
@Suite("missing writable file note")
struct WritableFileNoteCoreTests {
    @Test("The note is a note (not a warning or error), and the workspace re-read after the first write has none")
    func droppedAfterWrite() throws {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", Fixture.workspaceYAML(blueprints: ["app.yml"]))
        try folder.write("remote.json", "{}\n")
        try folder.write("app.yml", "name: App\nflags:\n  alpha: { type: bool, default: false, description: Alpha }\n")
        let workspace = folder.load()
        #expect(workspace.diagnostics.map(\.severity) == [.note], "\(workspace.diagnostics)")
        #expect(!workspace.hasErrors)
        let report = try FlagEditor(workspace: workspace).set(["alpha": .bool(true)], force: false)
        #expect(report.rereadOnly)
        #expect(report.workspace.diagnostics.isEmpty, "\(report.workspace.diagnostics)")
    }
}
