/// libyaml ends a line at LF, CR, CRLF, NEL (U+0085), U+2028 and U+2029, and at the end of a
/// file without a final line break it reports errors one line further down. Editors (and
/// ``SourceText``) end lines at LF, CRLF and CR only. This maps libyaml's line and column onto the
/// file's lines, so a diagnostic names the line people see and quotes it with the caret in place.
struct LineMap {
    /// One of libyaml's lines: the file line it lies on, the file column it starts at, its length.
    private struct Line {
        var line: Int
        var column: Int
        var length: Int
    }

    /// libyaml's lines, in order.
    private var lines: [Line] = []

    /// Maps the lines of `text`.
    init(_ text: String) {
        var line = 1
        var column = 1
        var length = 0
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where afterCR:
                afterCR = false  // the LF of a CRLF: the line ended at the CR
                continue
            case 0x0A, 0x0D:
                lines.append(Line(line: line, column: column, length: length))
                line += 1
                column = 1
                length = 0
            case 0x85, 0x2028, 0x2029:
                // A line for libyaml, not for editors: the next one goes on after the separator.
                lines.append(Line(line: line, column: column, length: length))
                column += length + 1
                length = 0
            default:
                length += 1
            }
            afterCR = scalar.value == 0x0D
        }
        lines.append(Line(line: line, column: column, length: length))
    }

    /// The file position of libyaml's 1-based `line` and `column`; past the end of a line, just
    /// after its last character; past the end of the file, just after the file's last character.
    func location(line: Int, column: Int) -> TextLocation {
        guard line >= 1 else { return .start }
        guard line <= lines.count else {
            let last = lines[lines.count - 1]
            return TextLocation(line: last.line, column: last.column + last.length)
        }
        let found = lines[line - 1]
        return TextLocation(line: found.line, column: found.column + min(max(column, 1), found.length + 1) - 1)
    }
}

/// Where the nodes of one text are, from libyaml's marks, without building a ``LineMap`` for the
/// usual file.
///
/// A node starts at a character of the text, so its mark is already the file's line and column
/// unless the text holds a line break editors do not count (NEL, U+2028, U+2029). The one mark that
/// lies outside the text is that of a value left empty at the very end of a file without a final
/// line break: libyaml puts it on the line after the last.
struct NodeLocations {
    /// How marks become positions for this text.
    private enum Mapping {
        /// Plain ASCII, the usual file: libyaml's lines are the file's; `count` characters in all,
        /// the last line ending at `endColumn` (and the file with a line break if `endsWithBreak`).
        case ascii(count: Int, endColumn: Int, endsWithBreak: Bool)
        /// libyaml's lines are the file's: `lineCount` of them, the last ending at `endColumn`.
        case direct(lineCount: Int, endColumn: Int)
        /// The text has breaks only libyaml counts: map every mark.
        case mapped(LineMap)
    }

    /// How marks become positions for this text.
    private let mapping: Mapping

    /// Looks over `bytes` (the UTF-8 of `text`) for its line count and unusual breaks, unless it is
    /// ASCII (eight bytes at a time), which needs no more than its last line.
    init(_ bytes: UnsafeBufferPointer<UInt8>, text: String) {
        if Self.isASCII(bytes) {
            var lastLineStart = bytes.count
            while lastLineStart > 0, bytes[lastLineStart - 1] != 0x0A, bytes[lastLineStart - 1] != 0x0D {
                lastLineStart -= 1
            }
            mapping = .ascii(
                count: bytes.count, endColumn: bytes.count - lastLineStart + 1,
                endsWithBreak: lastLineStart == bytes.count)
            return
        }
        var lineCount = 1
        var lastLineStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            // Almost every byte is printable ASCII or a letter's lead byte: one comparison each.
            if byte > 0x0D, byte < 0x85 { continue }
            switch byte {
            case 0x0A:
                if index == 0 || bytes[index - 1] != 0x0D { lineCount += 1 }
                lastLineStart = index + 1
            case 0x0D:
                lineCount += 1
                lastLineStart = index + 1
            case 0x85 where bytes[index - 1] == 0xC2,
                0xA8 where bytes[index - 1] == 0x80 && bytes[index - 2] == 0xE2,
                0xA9 where bytes[index - 1] == 0x80 && bytes[index - 2] == 0xE2:
                // Continuation bytes always follow their lead bytes in valid UTF-8: no bounds to check.
                mapping = .mapped(LineMap(text))
                return
            default:
                break
            }
        }
        var lastLineLength = 0
        for byte in bytes[lastLineStart...] where byte & 0xC0 != 0x80 { lastLineLength += 1 }
        mapping = .direct(lineCount: lineCount, endColumn: lastLineLength + 1)
    }

    /// The file position of a libyaml mark (0-based character index, line and column).
    func location(index: Int, line: Int, column: Int) -> TextLocation {
        switch mapping {
        case .ascii(let count, let endColumn, let endsWithBreak):
            // Past the end of a file without a final line break: libyaml's extra line.
            if index == count, column == 0, line > 0, !endsWithBreak {
                return TextLocation(line: line, column: endColumn)
            }
            return TextLocation(line: line + 1, column: column + 1)
        case .direct(let lineCount, let endColumn):
            return line < lineCount
                ? TextLocation(line: line + 1, column: column + 1) : TextLocation(line: lineCount, column: endColumn)
        case .mapped(let lines):
            return lines.location(line: line + 1, column: column + 1)
        }
    }

    /// Whether every byte is ASCII, or-ing eight bytes at a time so the loop stays branch-free.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var seen: UInt64 = 0
        var offset = 0
        while offset + 8 <= raw.count {
            seen |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < raw.count {
            seen |= UInt64(raw[offset])
            offset += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }
}
