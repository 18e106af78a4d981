/// The typed text editor of `e` for numbers, strings, dates, urls and json.
package struct TextEditor: Sendable, Equatable {
    /// The key being edited.
    package var key: String
    /// The text typed so far.
    package var text: [Character]
    /// Cursor position in `text`.
    package var cursor: Int
    /// Why the text does not fit yet (live validation), or `nil` when it does.
    package var problem: String?

    /// Values longer than this many bytes are not opened in the line editor (each keystroke
    /// re-validates the whole text).
    static let sizeLimit = 100_000
}
