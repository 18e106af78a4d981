import Foundation
import Testing

@testable import FlagCore

/// A workspace file with `‸` where each diagnostic it gives must point, and those diagnostics in
/// the markers' order: a row of the tables of tests whose subject is the workspace file itself
/// (where a mistake is reported, and in which words).
struct MarkedWorkspaceFile: Sendable, CustomTestStringConvertible {
    /// A diagnostic the file must give at its marker: how serious, and words its message holds.
    struct Said: Sendable {
        /// Error or warning.
        var severity: Diagnostic.Severity
        /// Words the message must contain.
        var fragments: [String]

        /// An error whose message contains each of `fragments`.
        static func error(_ fragments: String...) -> Said { Said(severity: .error, fragments: fragments) }

        /// A warning whose message contains each of `fragments`.
        static func warning(_ fragments: String...) -> Said { Said(severity: .warning, fragments: fragments) }
    }

    /// What the row shows, as the test run names it.
    var summary: String
    /// The file's name: `flagscope.yml`, or `flagscope.json` for JSON.
    var file = "flagscope.yml"
    /// The text, markers included.
    var marked: String
    /// For each marker in order, the diagnostic there.
    var said: [Said]

    var testDescription: String { summary }

    /// The row for a YAML workspace file of `blueprints/app.yml` and the provider entries
    /// `providers` (list items, markers included).
    init(_ summary: String = "", providers: String, _ said: Said...) {
        self.summary = summary
        marked = "blueprints: [blueprints/app.yml]\nproviders:\n" + providers + "\n"
        self.said = said
    }

    /// The row for a whole workspace file `marked`, written as `file`.
    init(_ summary: String = "", file: String = "flagscope.yml", marked: String, _ said: Said...) {
        self.summary = summary
        self.file = file
        self.marked = marked
        self.said = said
    }

    /// Loads the file with `load` (its text and name) and expects exactly the diagnostics of the
    /// row, each at its marker; returns the workspace for what else a test checks.
    @discardableResult
    func check(
        _ load: (_ text: String, _ file: String) throws -> Workspace, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Workspace {
        let source = MarkedText(marked)
        #expect(source.marks.count == said.count, "one diagnostic for each marker", sourceLocation: sourceLocation)
        let workspace = try load(source.text, file)
        let expected = zip(source.marks, said).map { location, said in
            ExpectedDiagnostic(severity: said.severity, file: file, location: location, fragments: said.fragments)
        }
        expectDiagnostics(workspace, exactly: expected, sourceLocation: sourceLocation)
        return workspace
    }
}
