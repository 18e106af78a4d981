/// A run of text with one role.
struct Span: Sendable {
    /// The text, as a file or the core gives it (escaped when it is drawn).
    var text: String
    /// How it is drawn.
    var role: StyleRole

    /// A run of `text` drawn as `role`.
    init(_ text: String, _ role: StyleRole = .normal) {
        self.text = text
        self.role = role
    }
}
