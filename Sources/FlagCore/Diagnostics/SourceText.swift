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
        keptLines = nil
    }

    /// Keeps only the lines numbered in `wanted` of a file's bytes: quoting the error of a
    /// file that may be hundreds of megabytes costs its line, not a second copy of the file (nor
    /// a second read). Lines end as ``init(path:text:)`` says for `path`.
    package init(path: String, bytes: [UInt8], keepingLines wanted: Set<Int>) {
        self.path = path
        text = ""
        lineStarts = [0]
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
}
