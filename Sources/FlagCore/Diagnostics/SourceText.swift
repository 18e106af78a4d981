/// The text of one source file, kept so diagnostics can quote the offending line.
package struct SourceText: Sendable {
    /// The file as shown in diagnostics.
    package let path: String
    private let text: String
    /// UTF-8 offset where each line starts ("\r\n" keeps its "\r", which `line(_:)` drops): one
    /// byte scan, so a multi-megabyte file costs about a millisecond.
    private let lineStarts: [Int]

    /// Which characters end a line: they must agree with how the file's reader counts lines.
    package enum LineBreaks: Sendable {
        /// "\n" (and so "\r\n"), as the JSON reader counts lines.
        case lineFeed
        /// "\n", "\r\n" and a lone "\r", as editors do and as the YAML reader reports lines.
        case crLF
    }

    /// Indexes the lines of `text`; `.yml` and `.yaml` files also end lines at a lone "\r"
    /// (the YAML reader's convention), other files at "\n" only.
    package init(path: String, text: String) {
        let lower = path.lowercased()
        self.init(
            path: path, text: text, lineBreaks: lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") ? .crLF : .lineFeed)
    }

    /// Indexes the lines of `text`, ending lines at `lineBreaks`.
    package init(path: String, text: String, lineBreaks: LineBreaks) {
        self.path = path
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        var starts = [0]
        text.utf8.withContiguousStorageIfAvailable { bytes in
            switch lineBreaks {
            case .lineFeed:
                for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
            case .crLF:
                for (offset, byte) in bytes.enumerated()
                where byte == 0x0A
                    || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A))
                {
                    starts.append(offset + 1)
                }
            }
        }
        lineStarts = starts
    }

    /// How many lines the text has (a final line break starts an empty last line).
    package var lineCount: Int { lineStarts.count }

    /// The 1-based line, without its line terminator, or `nil` past the end.
    package func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        var end =
            number < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number] - 1) : utf8.endIndex
        if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}
