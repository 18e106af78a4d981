import FlagCore

/// How many errors and warnings a workspace has, as the header and the Problems heading say it.
struct ProblemCount: Sendable, Equatable {
    /// Diagnostics that make `validate` fail.
    var errors: Int
    /// The others.
    var warnings: Int
    /// Errors in the workspace's own files: not a server that did not answer, which its layer and
    /// the header's stack already mark, and which a fix of the files cannot clear.
    var workspaceErrors: Int

    /// Counts `diagnostics`.
    init(_ diagnostics: [Diagnostic]) {
        errors = diagnostics.filter { $0.severity == .error }.count
        warnings = diagnostics.count - errors
        workspaceErrors = diagnostics.filter { $0.severity == .error && $0.provider == nil }.count
    }

    /// `2 errors, 1 warning`, naming only what there is (`3 warnings`); empty when there is nothing.
    var text: String {
        var parts: [String] = []
        if errors > 0 { parts.append(Self.plural(errors, "error")) }
        if warnings > 0 { parts.append(Self.plural(warnings, "warning")) }
        return parts.joined(separator: ", ")
    }

    static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}
