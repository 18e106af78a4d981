import FlagCore

extension DetailText {
    /// A problem as `validate` prints it: the headline wrapped, then the quoted line and its caret,
    /// cut rather than wrapped so the caret stays under its column.
    static func diagnosticLines(_ diagnostic: Diagnostic, _ model: BrowserModel, _ out: inout Builder) {
        let role: StyleRole = diagnostic.severity == .error ? .error : .warning
        out.text((diagnostic.severity == .error ? "✗ " : "! ") + diagnostic.severity.rawValue, role)
        out.text(diagnostic.headline, .normal)
        let quoted = model.workspace.diagnosticRenderer.render(diagnostic).split(separator: "\n").dropFirst()
        if !quoted.isEmpty {
            out.blank()
            for line in quoted { out.append([Span(String(line), .muted)]) }
        }
        out.blank()
        let consequence =
            diagnostic.severity == .error
            ? "The workspace has errors, so some of what it declares is missing above. "
            : ""
        out.text(
            consequence + "Fix the file and save it: the browser reloads it within a second (r reloads now).", .muted)
    }

    /// A key a provider sets that no blueprint declares: where it is set, its value, the key it
    /// was likely meant to be, and how to remove it when it is in the writable file.
    static func unknownKeyLines(_ unknown: UnknownKey, _ model: BrowserModel, _ out: inout Builder) {
        out.text(unknown.key, .warning)
        out.text("No blueprint declares this key; apps reading it get nothing.", .muted)
        out.blank()
        out.field("provider", unknown.provider)
        out.field("file", unknown.file + (unknown.location.map { ":\($0.line):\($0.column)" } ?? ""))
        if let value = unknown.value { out.field("value", value.preview(limit: PreviewLimits.detail)) }
        if let suggestion = unknown.suggestion { out.field("did you mean", suggestion, .key) }
        if unknown.provider == model.writableProvider {
            out.blank()
            out.text("x removes it from \(unknown.provider).", .muted)
        }
    }
}
