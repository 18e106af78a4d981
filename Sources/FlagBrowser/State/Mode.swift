/// What the keyboard is doing.
package enum Mode: Sendable, Equatable {
    case normal
    case search
    case edit(TextEditor)
    case picker(Picker)
    case confirm(Confirmation)
    case help(scroll: Int)
    /// An export's text (`E`), to copy or write to a file.
    case exported(ExportPane)
}
