/// A problem found in a rule while compiling it: a schema violation or a rule that cannot work.
package struct RuleProblem: Sendable, Hashable {
    /// What is wrong.
    package var message: String
    /// Where.
    package var location: TextLocation?

    /// Creates a problem.
    package init(_ message: String, at location: TextLocation?) {
        self.message = message
        self.location = location
    }
}
