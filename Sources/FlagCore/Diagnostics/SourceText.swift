/// The text of one source file, kept so diagnostics can quote the offending line.
public struct SourceText: Sendable {
    /// The file as shown in diagnostics.
    public let path: String
    private let lines: [Substring.UnicodeScalarView]

    /// Splits `text` into lines once (by scalars: "\r\n" is one Character, so Characters would not split it).
    public init(path: String, text: String) {
        self.path = path
        self.lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring.UnicodeScalarView($0) }
    }

    /// The 1-based line, without its line terminator, or `nil` past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        var line = lines[number - 1]
        if line.last == "\r" { line = line.dropLast() }
        return String(String.UnicodeScalarView(line))
    }
}
