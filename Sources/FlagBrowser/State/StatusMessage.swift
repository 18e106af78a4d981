/// A message in the status line.
public struct StatusMessage: Sendable, Equatable {
    /// How it reads.
    public enum Kind: Sendable, Equatable { case info, warning, error }
    /// The text.
    public var text: String
    /// Its kind.
    public var kind: Kind

    /// Creates a message.
    public init(_ text: String, _ kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
