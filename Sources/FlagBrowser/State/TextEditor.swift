/// The typed text editor of `e` for numbers, strings, dates, urls and json.
public struct TextEditor: Sendable, Equatable {
    /// The key being edited.
    public var key: String
    /// The text typed so far.
    public var text: [Character]
    /// Cursor position in `text`.
    public var cursor: Int
    /// Why the text does not fit yet (live validation), or `nil` when it does.
    public var problem: String?

    /// Values longer than this many bytes are not opened in the line editor (each keystroke
    /// re-validates the whole text).
    static let sizeLimit = 100_000
}
