/// The text of one source file, kept so diagnostics can quote the offending line.
package struct SourceText: Sendable {
    /// The file as shown in diagnostics.
    package let path: String
    private let text: String
    /// UTF-8 offset where each line starts ("\r\n" keeps its "\r", which `line(_:)` drops): one
    /// byte scan, so a multi-megabyte file costs about a millisecond.
    private let lineStarts: [Int]
    /// Only these lines, by number, when the text was not kept (see ``init(path:bytes:keepingLines:)``).
    private let keptLines: [Int: String]?
    /// The 0-based numbers, ascending, of the lines that hold a byte outside ASCII: on every other
    /// line a column is a byte offset, so quoting column 1,000,000 of a minified file's only line
    /// costs a window, not a walk over the line (10,000 warnings on one 2 MB line took 47 s).
    private let nonASCIILines: [Int]

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
        var nonASCII: [Int] = []
        text.utf8.withContiguousStorageIfAvailable { bytes in
            let endsAtLoneCR = lineBreaks == .crLF
            var lineHasNonASCII = false
            for offset in bytes.indices {
                let byte = bytes[offset]
                if byte >= 0x80 {
                    lineHasNonASCII = true
                } else if byte == 0x0A
                    || (endsAtLoneCR && byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A))
                {
                    if lineHasNonASCII { nonASCII.append(starts.count - 1) }
                    lineHasNonASCII = false
                    starts.append(offset + 1)
                }
            }
            if lineHasNonASCII { nonASCII.append(starts.count - 1) }
        }
        lineStarts = starts
        nonASCIILines = nonASCII
        keptLines = nil
    }

    /// Keeps only the lines numbered in `wanted` of a file's bytes: quoting the error of a
    /// file that may be hundreds of megabytes costs its line, not a second copy of the file (nor
    /// a second read). Lines end as ``init(path:text:)`` says for `path`.
    package init(path: String, bytes: [UInt8], keepingLines wanted: Set<Int>) {
        self.path = path
        text = ""
        lineStarts = [0]
        nonASCIILines = []
        let lower = path.lowercased()
        let endsAtLoneCR = lower.hasSuffix(".yml") || lower.hasSuffix(".yaml")
        var kept: [Int: String] = [:]
        let last = wanted.max() ?? 0
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var start = 0
            var offset = 0
            func keep(_ end: Int) {
                guard wanted.contains(line) else { return }
                var stop = end
                if stop > start, buffer[stop - 1] == 0x0D { stop -= 1 }
                kept[line] = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<stop]), as: UTF8.self)
            }
            while offset < buffer.count, line <= last {
                let byte = buffer[offset]
                let endsLine =
                    byte == 0x0A
                    || (endsAtLoneCR && byte == 0x0D && (offset + 1 == buffer.count || buffer[offset + 1] != 0x0A))
                if endsLine {
                    keep(offset + (byte == 0x0D ? 1 : 0))
                    line += 1
                    start = offset + 1
                }
                offset += 1
            }
            if line <= last { keep(buffer.count) }
        }
        keptLines = kept
    }

    /// How many lines the text has (a final line break starts an empty last line).
    package var lineCount: Int { lineStarts.count }

    /// The 1-based line, without its line terminator, or `nil` past the end (or, for a text
    /// kept in part, when that line was not kept).
    package func line(_ number: Int) -> String? {
        if let keptLines { return keptLines[number] }
        guard number >= 1, number <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        var end =
            number < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number] - 1) : utf8.endIndex
        if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// The line to quote under a diagnostic at `column` (1-based, in Unicode scalars): the whole
    /// line, or for a line longer than `window` scalars a window around the column with `…` where
    /// it was cut, and the part of it before the column (for the caret). `nil` like ``line(_:)``.
    package func quoted(line number: Int, column: Int, window: Int = 100) -> (
        text: String, prefixBeforeColumn: String
    )? {
        if keptLines == nil, number >= 1, number <= lineStarts.count, !Self.contains(nonASCIILines, number - 1) {
            return quotedASCII(line: number, column: column, window: window)
        }
        guard let line = line(number) else { return nil }
        return Self.clip(Array(line.unicodeScalars), column: column, window: window)
    }

    /// ``quoted(line:column:window:)`` on a line of ASCII bytes, where scalars are bytes: it
    /// decodes only the window.
    private func quotedASCII(line number: Int, column: Int, window: Int) -> (text: String, prefixBeforeColumn: String) {
        let utf8 = text.utf8
        let lineStart = lineStarts[number - 1]
        var lineEnd = number < lineStarts.count ? lineStarts[number] - 1 : utf8.count
        if lineEnd > lineStart, utf8[utf8.index(utf8.startIndex, offsetBy: lineEnd - 1)] == 0x0D { lineEnd -= 1 }
        let count = lineEnd - lineStart
        let (start, end, index) = Self.window(count: count, column: column, window: window)
        func slice(_ from: Int, _ to: Int) -> String {
            let lower = utf8.index(utf8.startIndex, offsetBy: lineStart + from)
            let upper = utf8.index(utf8.startIndex, offsetBy: lineStart + to)
            return String(decoding: utf8[lower..<upper], as: UTF8.self)
        }
        let lead = start > 0 ? "…" : ""
        let tail = end < count ? "…" : ""
        return (lead + slice(start, end) + tail, lead + slice(start, index))
    }

    /// ``quoted(line:column:window:)`` on a line's scalars.
    private static func clip(_ scalars: [Unicode.Scalar], column: Int, window: Int) -> (
        text: String, prefixBeforeColumn: String
    ) {
        let (start, end, index) = Self.window(count: scalars.count, column: column, window: window)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<end])
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[start..<index])
        let lead = start > 0 ? "…" : ""
        return (lead + String(text) + (end < scalars.count ? "…" : ""), lead + String(prefix))
    }

    /// Which scalars of a line of `count` a quote shows: all of a short line, else `window` of
    /// them starting half a window before the column; and where the column is.
    private static func window(count: Int, column: Int, window: Int) -> (start: Int, end: Int, index: Int) {
        let index = max(0, min(column - 1, count))
        guard count > window else { return (0, count, index) }
        let start = max(0, index - window / 2)
        return (start, min(count, start + window), index)
    }

    /// Whether the ascending `numbers` hold `number` (a binary search).
    private static func contains(_ numbers: [Int], _ number: Int) -> Bool { numbers.sortedContains(number) }
}
