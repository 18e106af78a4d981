/// A message in the status line.
package struct StatusMessage: Sendable, Equatable {
    /// How it reads.
    package enum Kind: Sendable, Equatable { case info, warning, error }
    /// The text.
    package var text: String
    /// Its kind.
    package var kind: Kind

    /// Creates a message.
    package init(_ text: String, _ kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
