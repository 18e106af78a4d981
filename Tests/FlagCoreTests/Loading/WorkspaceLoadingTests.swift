import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Loading a workspace: each file is read once, even one with an error; a blueprint that cannot be
/// read does not make every provider key look undeclared; the note for a writable file that does
/// not exist follows the file, so re-reading the layer after the first write drops it.
@Suite("Loading a workspace")
struct WorkspaceLoadingTests {
    @Test("A provider file and a blueprint with a syntax error are each read once, and their line is quoted")
    func brokenFilesAreReadOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "flagscope.yml",
            "blueprints:\n  - app.yml\n  - broken.yml\nproviders:\n  - name: Shared\n    format: json\n    path: shared.json\n"
        )
        try folder.write(
            "app.yml", "name: App\nflags:\n  theme:\n    type: string\n    default: a\n    description: T\n")
        try folder.write("broken.yml", "name: Broken\nflags: [\n")
        try folder.write("shared.json", "{\n  \"app/theme\": \"dark\",\n  \"app/other\": tru\n}\n")
        let fileSystem = CountingFileSystem()
        let workspace = Workspace.load(from: folder.file("flagscope.yml"), fileSystem: fileSystem)
        #expect(fileSystem.reads(of: "shared.json") == 1)
        #expect(fileSystem.reads(of: "broken.yml") == 1)
        let text = workspace.diagnosticRenderer.render(all: workspace.diagnostics)
        #expect(text.contains("shared.json:3:16: error: json provider 'Shared':"), "\(text)")
        #expect(text.contains("  \"app/other\": tru\n"), "\(text)")
        #expect(text.contains("broken.yml:"), "\(text)")
    }

    @Test(
        "While a blueprint cannot be read, provider keys are not called undeclared; one note per provider file says why"
    )
    func noCascade() throws {
        let source = MarkedText("name: App\nflags:\n  alpha:\n    type: bool\n     ‸default: false\n")
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", Fixture.workspaceYAML(blueprints: ["app.yml"]))
        try folder.write("remote.json", #"{"alpha": true, "beta": 1}"#)
        try folder.write("local.json", #"{"alpha": false}"#)
        try folder.write("app.yml", source.text)
        let workspace = folder.load()
        expectDiagnostics(
            workspace,
            exactly: [
                .error("app.yml", source[0], "the indentation is off: line 5"),
                ExpectedDiagnostic(
                    severity: .note, file: "remote.json", location: nil,
                    fragments: ["2 keys not checked against the blueprints: app.yml cannot be read"]),
                ExpectedDiagnostic(
                    severity: .note, file: "local.json", location: nil,
                    fragments: ["1 key not checked against the blueprints: app.yml cannot be read"]),
            ])
        #expect(workspace.unreadBlueprints == ["app.yml"])
    }

    @Test("Once the blueprint reads again, undeclared keys are warned about as usual")
    func warnsWhenReadable() throws {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", Fixture.workspaceYAML(blueprints: ["app.yml"]))
        try folder.write("remote.json", #"{"alpha": true, "beta": 1}"#)
        try folder.write("local.json", "{}")
        try folder.write(
            "app.yml", "name: App\nflags:\n  alpha:\n    type: bool\n    default: false\n    description: Alpha\n")
        let workspace = folder.load()
        #expect(workspace.diagnostics.map(\.severity) == [.warning], "\(workspace.diagnostics.map(\.headline))")
        #expect(
            workspace.diagnostics.first?.message.contains("'beta' in provider 'Remote' is declared by no blueprint")
                == true)
    }

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
