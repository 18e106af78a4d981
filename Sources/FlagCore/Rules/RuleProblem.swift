/// A problem found in a rule while compiling it: a schema violation or a rule that cannot work.
package struct RuleProblem: Sendable, Hashable {
    /// What is wrong.
    package var message: String
    /// Where.
    package var location: TextLocation?
    /// An error for a rule that cannot work; a warning for one the SDK still evaluates its own
    /// way (an unknown operator fails its condition, a missing segment matches nothing).
    package var severity: Diagnostic.Severity = .error

    /// Creates a problem.
    package init(_ message: String, at location: TextLocation?, severity: Diagnostic.Severity = .error) {
        self.message = message
        self.location = location
        self.severity = severity
    }
}
