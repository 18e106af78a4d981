/// A position in a source file: 1-based line and column (columns count Unicode scalars).
public struct TextLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number, counted in Unicode scalars as libyaml does.
    public var column: Int

    /// Creates a location from 1-based coordinates.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a file.
    public static let start = TextLocation(line: 1, column: 1)

    public static func < (lhs: TextLocation, rhs: TextLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
