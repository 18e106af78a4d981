import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Source text with `‸` markers: the markers are removed and their positions kept, so a test
/// states where a diagnostic must point by writing the marker right before the offending text.
struct MarkedText {
    /// The marker character (never part of a fixture's real content).
    static let marker: Unicode.Scalar = "‸"

    /// The text without markers.
    let text: String
    /// The 1-based line and column (in Unicode scalars) of each marker, in order.
    let marks: [TextLocation]

    init(_ marked: String) {
        var text = String.UnicodeScalarView()
        var marks: [TextLocation] = []
        var line = 1
        var column = 1
        for scalar in marked.unicodeScalars {
            if scalar == Self.marker {
                marks.append(TextLocation(line: line, column: column))
                continue
            }
            text.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.text = String(text)
        self.marks = marks
    }

    /// The position of the marker at `index` (0-based).
    subscript(index: Int) -> TextLocation { marks[index] }
}

/// One blueprint as written in a file, with `‸` markers where its diagnostics must point.
struct WrittenBlueprint: Sendable, CustomTestStringConvertible {
    /// Where it is written; the ending says YAML or JSON.
    let file: String
    /// Its text, markers included.
    let marked: String

    var testDescription: String { file }
}

/// A temporary workspace folder: write files (``TestFolder``), load the workspace, remove everything.
struct FixtureFolder: TestFolder {
    let url: URL

    init() throws {
        url = try TemporaryFolder.makeUnique(prefix: "flagscope-core")
    }

    /// Loads the workspace whose file is `workspaceFile`.
    func load(_ workspaceFile: String = "flagscope.yml") -> Workspace {
        Workspace.load(from: file(workspaceFile))
    }
}

/// Builds small workspaces for tests.
enum Fixture {
    /// The providers every fixture workspace declares (so `excludedProviders` has names to check against).
    static let providerNames = ["Remote", "Local", "Environment"]

    /// A workspace file listing `blueprints` and a three-layer provider stack.
    static func workspaceYAML(blueprints: [String]) -> String {
        WorkspaceFile.remoteAndLocal(
            blueprints: blueprints, localPath: "local.json",
            moreProviders: """
                  - name: Environment
                    format: env
                    prefix: FLAGSCOPE_

                """)
    }

    /// Writes the workspace file, empty provider files and `files`, loads, and cleans up.
    static func load(_ files: [String: String], workspace: String? = nil, blueprintOrder: [String]? = nil) throws
        -> Workspace
    {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        let blueprints = blueprintOrder ?? files.keys.sorted()
        try folder.write("flagscope.yml", workspace ?? workspaceYAML(blueprints: blueprints))
        try folder.write("remote.json", "{}\n")
        try folder.write("local.json", "{}\n")
        for (path, text) in files { try folder.write(path, text) }
        return folder.load()
    }

    /// Loads a workspace made of one blueprint file.
    static func load(blueprint text: String, at path: String = "blueprints/app.yml") throws -> Workspace {
        try load([path: text])
    }

    /// A blueprint with a single bool flag, `sson`, for tests about the workspace file itself.
    static let oneFlagBlueprint = """
        name: App
        flags:
          sson: { type: bool, default: false, description: d }

        """

    /// Loads the workspace file `text` (written as `file`) over ``oneFlagBlueprint`` at
    /// `blueprints/app.yml` and empty provider files named remote, local, qa and other `.json`.
    static func load(workspaceFile text: String, as file: String = "flagscope.yml") throws -> Workspace {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write(file, text)
        try folder.write("blueprints/app.yml", oneFlagBlueprint)
        for name in ["remote.json", "local.json", "qa.json", "other.json"] { try folder.write(name, "{}\n") }
        return folder.load(file)
    }

    /// Loads a workspace made of one blueprint file given as raw bytes (for encoding and syntax errors).
    static func load(_ path: String, bytes: [UInt8]) throws -> Workspace {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", workspaceYAML(blueprints: [path]))
        try folder.write("remote.json", "{}\n")
        try folder.write("local.json", "{}\n")
        try folder.write(path, bytes: bytes)
        return folder.load()
    }
}

/// A diagnostic a test expects: where, how serious, and words its message must contain.
struct ExpectedDiagnostic: CustomStringConvertible {
    var severity: Diagnostic.Severity
    var file: String
    var location: TextLocation?
    var fragments: [String]

    static func error(_ file: String, _ location: TextLocation?, _ fragments: String...) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .error, file: file, location: location, fragments: fragments)
    }

    static func warning(_ file: String, _ location: TextLocation?, _ fragments: String...) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .warning, file: file, location: location, fragments: fragments)
    }

    func matches(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == severity && diagnostic.file == file && diagnostic.location == location
            && fragments.allSatisfy { diagnostic.message.contains($0) }
    }

    var description: String {
        "\(file):\(location.map(\.description) ?? "-"): \(severity.rawValue): …\(fragments.joined(separator: "…"))…"
    }
}

extension Diagnostic {
    /// One line per diagnostic, for failure messages.
    static func listing(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.isEmpty ? "(no diagnostics)" : diagnostics.map { "  " + $0.headline }.joined(separator: "\n")
    }
}

/// Expects the workspace to report exactly `expected` (each matched once, nothing else).
func expectDiagnostics(
    _ workspace: Workspace, exactly expected: [ExpectedDiagnostic],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectDiagnostics(workspace.diagnostics, exactly: expected, sourceLocation: sourceLocation)
}

/// Expects `diagnostics` to be exactly `expected` (each matched once, nothing else).
func expectDiagnostics(
    _ diagnostics: [Diagnostic], exactly expected: [ExpectedDiagnostic],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var remaining = diagnostics
    var missing: [ExpectedDiagnostic] = []
    for item in expected {
        if let index = remaining.firstIndex(where: item.matches) {
            remaining.remove(at: index)
        } else {
            missing.append(item)
        }
    }
    if !missing.isEmpty || !remaining.isEmpty {
        Issue.record(
            """
            missing: \(missing.map(\.description).joined(separator: "\n         "))
            unexpected: \(Diagnostic.listing(remaining))
            all diagnostics:
            \(Diagnostic.listing(diagnostics))
            """, sourceLocation: sourceLocation)
    }
}

/// Expects the workspace to report `expected` among its diagnostics.
func expectDiagnostic(
    _ workspace: Workspace, _ expected: ExpectedDiagnostic, sourceLocation: SourceLocation = #_sourceLocation
) {
    if !workspace.diagnostics.contains(where: expected.matches) {
        Issue.record(
            "missing: \(expected)\nall diagnostics:\n\(Diagnostic.listing(workspace.diagnostics))",
            sourceLocation: sourceLocation)
    }
}

/// Expects a workspace without any diagnostic.
func expectClean(_ workspace: Workspace, sourceLocation: SourceLocation = #_sourceLocation) {
    if !workspace.diagnostics.isEmpty {
        Issue.record(
            "expected no diagnostics:\n\(Diagnostic.listing(workspace.diagnostics))", sourceLocation: sourceLocation)
    }
}
