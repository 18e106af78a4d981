/// What a piece of text *is*; the terminal backend maps roles to colours in one place, and to
/// bold/reverse/underline when colour is off, so nothing depends on colour alone.
package enum StyleRole: UInt8, Sendable, Hashable, CaseIterable {
    case normal
    case header
    case headerDim
    case border
    case selection
    case selectionInactive
    case muted
    case key
    case valueTrue
    case valueFalse
    case value
    case source
    case overridden
    case warning
    case error
    case success
    case footerKey
    case footer
    case status
    case statusWarning
    case input
    case match
}
