/// A file that could not be parsed at all: where and why.
package struct DocumentError: Error, Sendable, Equatable {
    /// Where the syntax error was detected.
    package var location: TextLocation
    /// What was wrong, in the reader's words.
    package var message: String

    /// Creates a parse error.
    package init(_ message: String, at location: TextLocation) {
        self.message = message
        self.location = location
    }
}
