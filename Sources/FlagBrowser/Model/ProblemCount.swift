import FlagCore

/// How many errors, warnings and notes a workspace has, as the header and the Problems heading say it.
struct ProblemCount: Sendable, Equatable {
    /// Diagnostics that make `validate` fail.
    var errors: Int
    /// Diagnostics worth a look that do not fail `validate`.
    var warnings: Int
    /// What `validate` only mentions (a writable file still to be created, keys not checked
    /// while a blueprint cannot be read).
    var notes: Int
    /// Errors in the workspace's own files: not a server that did not answer, which its layer and
    /// the header's stack already mark, and which a fix of the files cannot clear.
    var workspaceErrors: Int

    /// Counts `diagnostics`.
    init(_ diagnostics: [Diagnostic]) {
        errors = diagnostics.filter { $0.severity == .error }.count
        warnings = diagnostics.filter { $0.severity == .warning }.count
        notes = diagnostics.count - errors - warnings
        workspaceErrors = diagnostics.filter { $0.severity == .error && $0.provider == nil }.count
    }

    /// `2 errors, 1 warning`, naming only what there is (`3 warnings`); empty when there is nothing.
    var text: String {
        [(errors, "error"), (warnings, "warning"), (notes, "note")]
            .filter { $0.0 > 0 }
            .map { Plural.count($0.0, $0.1) }
            .joined(separator: ", ")
    }
}
