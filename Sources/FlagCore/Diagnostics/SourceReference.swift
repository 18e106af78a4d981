/// A place in a workspace file: the file (relative to the workspace) and the position.
package struct SourceReference: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the workspace folder.
    package var file: String
    /// The position in it.
    package var location: TextLocation

    /// Creates a reference.
    package init(file: String, location: TextLocation) {
        self.file = file
        self.location = location
    }

    /// `file:line:column`.
    package var description: String { "\(file):\(location.line):\(location.column)" }
}
