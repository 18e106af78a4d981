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
    /// What Enter does with the text: save it as the key's value, or name a new device profile.
    package var purpose: Purpose = .value
    /// The export whose file name is typed (``Purpose/exportFile``), shown again after.
    package var exported: ExportPane?

    /// What a line editor is for.
    package enum Purpose: Sendable, Equatable {
        /// A value for ``key``, written to the writable provider.
        case value
        /// The name of the device profile `S` saves.
        case deviceName
        /// The file an export (`E`) is written to.
        case exportFile
    }

    /// Values longer than this many bytes are not opened in the line editor (each keystroke
    /// re-validates the whole text).
    static let sizeLimit = 100_000
}
