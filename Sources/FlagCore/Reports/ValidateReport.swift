import OrderedCollections

/// The `validate` command's output.
public struct ValidateReport: Sendable {
    /// The workspace that was checked.
    public var workspace: Workspace

    /// Creates a report.
    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Every diagnostic with its quoted line, then a summary.
    public var text: String {
        let diagnostics = workspace.diagnostics.sortedForReading()
        let counts = [Plural.count(workspace.blueprints.count, "blueprint"),
                      Plural.count(workspace.flags.values.filter { !$0.isGenerated }.count, "flag"),
                      Plural.count(workspace.features.count, "feature"),
                      Plural.count(workspace.config.providers.count, "provider")].joined(separator: ", ")
        guard !diagnostics.isEmpty else { return "✓ workspace is valid: \(counts)" }
        let rendered = workspace.diagnosticRenderer.render(all: diagnostics)
        let verdict = diagnostics.containsErrors ? "✗" : "✓"
        return rendered + "\n\n\(verdict) \(Diagnostic.summary(of: diagnostics)) (\(counts))"
    }

    /// `{"diagnostics":[{"file","line","column","severity","message"}]}`.
    public var json: JSONValue {
        let items: [JSONValue] = workspace.diagnostics.sortedForReading().map { diagnostic in
            var object: OrderedDictionary<String, JSONValue> = ["file": .string(diagnostic.file)]
            object["line"] = diagnostic.location.map { .int($0.line) } ?? .null
            object["column"] = diagnostic.location.map { .int($0.column) } ?? .null
            object["severity"] = .string(diagnostic.severity.rawValue)
            object["message"] = .string(diagnostic.message)
            return .object(object)
        }
        return .object(["diagnostics": .array(items), "valid": .bool(!workspace.hasErrors)])
    }
}
