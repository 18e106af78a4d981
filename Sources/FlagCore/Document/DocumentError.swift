/// A file that could not be parsed at all: where and why.
public struct DocumentError: Error, Sendable, Equatable {
    /// Where the syntax error was detected.
    public var location: TextLocation
    /// What was wrong, in the reader's words.
    public var message: String

    /// Creates a parse error.
    public init(_ message: String, at location: TextLocation) {
        self.message = message
        self.location = location
    }
}
