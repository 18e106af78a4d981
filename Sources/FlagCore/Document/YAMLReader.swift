// libyaml itself (Yams' C target): its events are read straight into ``SourceNode``s.
internal import CYaml

/// Reads YAML into ``SourceNode``s from libyaml's events, which keep every node's position.
package enum YAMLReader {
    /// Nodes nested deeper than this are refused, before anything walking the tree could run out of stack.
    package static let maximumDepth = 512
    /// Aliases may repeat nodes; a document that expands past this many nodes is refused.
    package static let maximumNodes = 2_000_000
    /// Mapping keys that are collections (flag keys are plain text) may hold this many nodes in
    /// all, aliases expanded: keys are compared to find duplicates, so an alias bomb used as a key
    /// would otherwise take time exponential in its depth.
    package static let maximumCollectionKeyNodes = 10_000

    /// Parses the first document of `text`; an empty document is an empty mapping.
    package static func parse(_ source: String) throws(DocumentError) -> SourceNode {
        // A byte order mark is not a column in anyone's editor.
        var text = source.hasPrefix("\u{FEFF}") ? String(source.unicodeScalars.dropFirst()) : source
        guard !text.isEmpty else { return SourceNode(.mapping([]), at: .start) }
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            YAMLComposer.compose(bytes, text: text)
        }
        return try (result ?? .failure(DocumentError("cannot read YAML: the text is not contiguous UTF-8", at: .start)))
            .get()
    }

    /// Parses bytes, reporting invalid UTF-8 at its position.
    package static func parse(_ bytes: [UInt8]) throws(DocumentError) -> SourceNode {
        guard let text = String(wellFormedUTF8: bytes) else {
            throw DocumentError("invalid UTF-8", at: TextReading.location(ofFirstInvalidUTF8In: bytes))
        }
        return try parse(text)
    }

    /// libyaml's error, with its position moved onto the file's lines (see ``LineMap``) and its
    /// words as Yams passed them on, which users have seen.
    static func libyamlError(_ parser: yaml_parser_t, text: String) -> DocumentError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_READER_ERROR:
            // The reader gives no line: find the character it refused (or the byte it stopped at).
            if let (scalar, location) = firstRefusedCharacter(in: text) {
                func hex(_ digits: Int) -> String {
                    let text = String(scalar.value, radix: 16, uppercase: true)
                    return String(repeating: "0", count: max(0, digits - text.count)) + text
                }
                let escape = scalar.value <= 0xFF ? "\\x" + hex(2) : "\\u" + hex(4)
                return DocumentError(
                    "the character U+\(hex(4)) (\(TerminalText.escaped(String(scalar)))) is not allowed in YAML; "
                        + "in a double-quoted string write it as \(escape)", at: location)
            }
            let index = text.utf8.index(
                text.utf8.startIndex, offsetBy: parser.problem_offset, limitedBy: text.utf8.endIndex)?
                .samePosition(in: text)
            return DocumentError(problem, at: index.map { location(of: $0, in: text) } ?? .start)
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            let lines = LineMap(text)
            let problemAt = lines.location(line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
            let contextAt =
                parser.context == nil
                ? nil : lines.location(line: parser.context_mark.line + 1, column: parser.context_mark.column + 1)
            if let explained = YAMLIndentation.explain(
                problem: problem, problemAt: problemAt, contextAt: contextAt, text: text)
            {
                return explained
            }
            var message = problem
            if let context = parser.context {
                let at = lines.location(line: parser.context_mark.line + 1, column: parser.context_mark.column + 1)
                message += " (\(String(cString: context)) at line \(at.line), column \(at.column))"
            }
            return DocumentError(
                message, at: lines.location(line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1))
        case YAML_MEMORY_ERROR:
            return DocumentError("cannot read YAML: Memory error", at: .start)
        default:
            return DocumentError("cannot read YAML: \(problem)", at: .start)
        }
    }

    /// The first character libyaml's reader refuses (controls other than tab and line breaks,
    /// DEL, C1 controls other than NEL, U+FFFE and U+FFFF) and where it is.
    static func firstRefusedCharacter(in text: String) -> (Unicode.Scalar, TextLocation)? {
        let scalars = text.unicodeScalars
        guard
            let index = scalars.firstIndex(where: { scalar in
                let value = scalar.value
                return
                    !(value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
                    || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000)
            })
        else { return nil }
        return (scalars[index], location(of: index, in: text))
    }

    /// The file position (lines end at LF, CRLF and CR) of `index`.
    private static func location(of index: String.Index, in text: String) -> TextLocation {
        var line = 1
        var column = 1
        var afterCR = false
        for scalar in text.unicodeScalars[..<index] {
            if scalar == "\n", afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return TextLocation(line: line, column: column)
    }
}
