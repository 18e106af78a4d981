/// A position in a source file: 1-based line and column (columns count Unicode scalars).
///
/// Stored as two 32-bit numbers: a location sits in every parsed node, provider entry and
/// definition, and at 100k flags the 8 bytes saved on each add up to megabytes. A file whose
/// lines or columns pass 2³¹ cannot be read into memory here anyway; larger numbers are clamped.
package struct TextLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The 1-based line number.
    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// The 1-based column number, counted in Unicode scalars as libyaml does.
    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// Creates a location from 1-based coordinates.
    package init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// The start of a file.
    package static let start = TextLocation(line: 1, column: 1)

    package static func < (lhs: TextLocation, rhs: TextLocation) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    package var description: String { "\(line):\(column)" }
}
