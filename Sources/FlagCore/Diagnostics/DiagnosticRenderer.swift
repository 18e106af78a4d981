/// Renders diagnostics for people: headline, the quoted source line and a caret under the column.
package struct DiagnosticRenderer: Sendable {
    private var sources: [String: SourceText]
    /// How paths are shown; `nil`: as the diagnostics hold them (relative to the workspace folder).
    private var paths: ShownPaths?

    /// Creates a renderer that can quote lines from `sources` (keyed by diagnostic path), showing
    /// paths as `paths` says.
    package init(sources: [String: SourceText], paths: ShownPaths? = nil) {
        self.sources = sources
        self.paths = paths
    }

    /// The first line of a diagnostic: `path:line:column: severity: message`, escaped.
    package func headline(_ diagnostic: Diagnostic) -> String {
        guard let paths else { return diagnostic.headline }
        return diagnostic.headline(
            path: paths.shown(diagnostic.file),
            message: paths.shownMessage(diagnostic.message, files: sources.keys))
    }

    /// The full human rendering of one diagnostic; control characters in quoted text are escaped.
    package func render(_ diagnostic: Diagnostic) -> String {
        var output = headline(diagnostic)  // already escaped
        guard let location = diagnostic.location, !diagnostic.hidesSourceLine,
            let shown = sources[diagnostic.file]?.quoted(line: location.line, column: location.column)
        else { return output }
        output += "\n    " + TerminalText.escaped(shown.text)
        // The caret sits under the escaped prefix, so escapes that widen text keep it aligned.
        let prefix = TerminalText.escaped(shown.prefixBeforeColumn)
        output += "\n    " + String(repeating: " ", count: TerminalText.displayWidth(of: prefix)) + "^"
        return output
    }

    /// Renders all diagnostics followed by a one-line summary.
    package func render(all diagnostics: [Diagnostic]) -> String {
        diagnostics.sortedForReading().map(render).joined(separator: "\n")
    }
}

extension Diagnostic {
    /// A summary such as `2 errors, 1 warning`, with `, 1 note` when there are notes.
    package static func summary(of diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let notes = diagnostics.filter { $0.severity == .note }.count
        let warnings = diagnostics.count - errors - notes
        return "\(Plural.count(errors, "error")), \(Plural.count(warnings, "warning"))"
            + (notes > 0 ? ", \(Plural.count(notes, "note"))" : "")
    }
}
