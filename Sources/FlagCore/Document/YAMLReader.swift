import Yams
// libyaml itself (Yams' C target), for one pass over the parser's events before composing.
internal import CYaml

/// Reads YAML into ``SourceNode``s through `Yams.compose`, which keeps every node's position.
public enum YAMLReader {
    /// Flow nesting deeper than this is refused before the (recursive) composer sees it.
    public static let maximumDepth = 512
    /// Aliases may repeat nodes; a document that expands past this many nodes is refused.
    public static let maximumNodes = 2_000_000
    /// Mapping keys that are collections (flag keys are plain text) may hold this many nodes in
    /// all, aliases expanded: Yams hashes every key to find duplicates, so an alias bomb used as a
    /// key would otherwise take time exponential in its depth.
    public static let maximumCollectionKeyNodes = 10_000

    /// Parses the first document of `text`; an empty document is an empty mapping.
    public static func parse(_ source: String) throws(DocumentError) -> SourceNode {
        // A byte order mark is not a column in anyone's editor.
        let text = source.hasPrefix("\u{FEFF}") ? String(source.unicodeScalars.dropFirst()) : source
        try checkNesting(text)
        let lines = LineMap(text)
        try checkCollectionKeys(text, lines: lines)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw translate(error, text: text, lines: lines)
        } catch {
            throw DocumentError("cannot read YAML: \(error)", at: .start)
        }
        guard let root else { return SourceNode(.mapping([]), at: .start) }
        var budget = maximumNodes
        return try convert(root, budget: &budget, depth: 0, lines: lines)
    }

    /// Parses bytes, reporting invalid UTF-8 at its position.
    public static func parse(_ bytes: [UInt8]) throws(DocumentError) -> SourceNode {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DocumentError("invalid UTF-8", at: TextReading.location(ofFirstInvalidUTF8In: bytes))
        }
        return try parse(text)
    }

    private static func convert(_ node: Node, budget: inout Int, depth: Int, lines: LineMap) throws(DocumentError) -> SourceNode {
        budget -= 1
        let location = node.mark.map { lines.location(line: $0.line, column: $0.column) } ?? .start
        guard budget >= 0 else {
            throw DocumentError("the document expands to more than \(maximumNodes) nodes (aliases repeating aliases?)", at: location)
        }
        guard depth < maximumDepth else {
            throw DocumentError("nesting deeper than \(maximumDepth) levels", at: location)
        }
        switch node {
        case .scalar(let scalar):
            let text = scalar.string
            let tag = scalar.tag.rawValue
            // `computed: !flag` reads as a YAML tag named "!flag" with an empty value: say so.
            if tag.hasPrefix("!"), !tag.hasPrefix("!!"), tag != "!" {
                throw DocumentError("'\(tag)' is read as a YAML tag; quote the value if it starts with '!' (for example \"\(tag)\")", at: location)
            }
            var quoted = scalar.style != .plain
            if !quoted, scalar.tag.rawValue == Tag.Name.str.rawValue,
               PlainScalar.bool(text) != nil || PlainScalar.number(text) != nil
                || SourceNode(.scalar(text, quoted: false), at: location).isNull {
                quoted = true  // an explicit !!str tag on a plain scalar
            }
            return SourceNode(.scalar(text, quoted: quoted), at: location)
        case .mapping(let mapping):
            var pairs: [(key: SourceNode, value: SourceNode)] = []
            pairs.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                pairs.append((try convert(key, budget: &budget, depth: depth + 1, lines: lines),
                              try convert(value, budget: &budget, depth: depth + 1, lines: lines)))
            }
            return SourceNode(.mapping(pairs), at: location)
        case .sequence(let sequence):
            var items: [SourceNode] = []
            items.reserveCapacity(sequence.count)
            for item in sequence { items.append(try convert(item, budget: &budget, depth: depth + 1, lines: lines)) }
            return SourceNode(.sequence(items), at: location)
        case .alias:
            throw DocumentError("unresolved alias", at: location)
        }
    }

    /// Yams' error with its position moved onto the file's lines (see ``LineMap``).
    private static func translate(_ error: YamlError, text: String, lines: LineMap) -> DocumentError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = problem
            if let context {
                let at = lines.location(line: context.mark.line, column: context.mark.column)
                message += " (\(context.text) at line \(at.line), column \(at.column))"
            }
            return DocumentError(message, at: lines.location(line: mark.line, column: mark.column))
        case .reader(let problem, let offset, _, _):
            // libyaml's reader gives no line: find the character it refused (or the offset Yams computed).
            if let (scalar, location) = firstRefusedCharacter(in: text) {
                func hex(_ digits: Int) -> String {
                    let text = String(scalar.value, radix: 16, uppercase: true)
                    return String(repeating: "0", count: max(0, digits - text.count)) + text
                }
                let escape = scalar.value <= 0xFF ? "\\x" + hex(2) : "\\u" + hex(4)
                return DocumentError("the character U+\(hex(4)) (\(TerminalText.escaped(String(scalar)))) is not allowed in YAML; "
                                     + "in a double-quoted string write it as \(escape)", at: location)
            }
            return DocumentError(problem, at: offset.map { location(ofCharacter: $0, in: text) } ?? .start)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let first = lines.location(line: context.mark.line, column: context.mark.column)
            return DocumentError("duplicate key \(names) in a mapping",
                                 at: secondOccurrence(of: duplicates, after: first, in: text) ?? first)
        default:
            return DocumentError("cannot read YAML: \(error)", at: .start)
        }
    }

    /// The first character libyaml's reader refuses (controls other than tab and line breaks,
    /// DEL, C1 controls other than NEL, U+FFFE and U+FFFF) and where it is.
    static func firstRefusedCharacter(in text: String) -> (Unicode.Scalar, TextLocation)? {
        let scalars = text.unicodeScalars
        guard let index = scalars.firstIndex(where: { scalar in
            let value = scalar.value
            return !(value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
                     || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000)
        }) else { return nil }
        return (scalars[index], location(of: index, in: text))
    }

    /// The file position of the character at `offset` (counted in Characters, as Yams reports it).
    private static func location(ofCharacter offset: Int, in text: String) -> TextLocation {
        location(of: text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex, in: text)
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

    /// Yams points at the mapping; the diagnostic belongs on the repeated key. In a block mapping
    /// the keys share a column, so the later line with `name:` at that column is the duplicate.
    private static func secondOccurrence(of names: [String], after start: TextLocation, in text: String) -> TextLocation? {
        let source = SourceText(path: "", text: text, lineBreaks: .crLF)
        var seen: Set<String> = []
        for index in max(0, start.line - 1)..<source.lineCount {
            let scalars = Array((source.line(index + 1) ?? "").unicodeScalars)
            let column = start.column - 1
            guard column < scalars.count else { continue }
            if index > start.line - 1, column > 0, scalars[..<column].contains(where: { $0 != " " }) { continue }
            let rest = String(String.UnicodeScalarView(scalars[column...]))
            for name in names {
                for spelling in [name, "\"\(name)\"", "'\(name)'"] where rest.hasPrefix(spelling) {
                    let after = rest.dropFirst(spelling.count).drop { $0 == " " }
                    guard after.first == ":" else { continue }
                    if seen.contains(name) { return TextLocation(line: index + 1, column: start.column) }
                    seen.insert(name)
                }
            }
        }
        return nil
    }

    /// Refuses runaway flow nesting (`[[[[…`) and block sequences nested on one line (`- - - …`)
    /// before Yams' recursive composer could overflow the stack.
    private static func checkNesting(_ text: String) throws(DocumentError) {
        var depth = 0
        var line = 1
        var column = 0
        var quote: UInt8 = 0
        var inComment = false
        var dashesOnLine = 0
        var onlyDashesSoFar = true
        var afterCR = false
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            defer { previous = (previous.1, byte) }
            if byte & 0xC0 != 0x80 { column += 1 }
            // Lines end at LF, CR and CRLF (one line); libyaml also ends them at NEL, U+2028 and
            // U+2029, which end comments and dash runs but are not lines in an editor.
            let isLF = byte == 0x0A
            let isCR = byte == 0x0D
            let isOtherBreak = (byte == 0x85 && previous.1 == 0xC2) || ((byte == 0xA8 || byte == 0xA9) && previous == (0xE2, 0x80))
            if isLF || isCR || isOtherBreak {
                if isCR || (isLF && !afterCR) {
                    line += 1
                    column = 0
                }
                afterCR = isCR
                inComment = false
                dashesOnLine = 0
                onlyDashesSoFar = true
                continue
            }
            afterCR = false
            if inComment { continue }
            if quote != 0 {
                if byte == quote { quote = 0 }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                quote = byte
                onlyDashesSoFar = false
            case UInt8(ascii: "#"):
                inComment = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                onlyDashesSoFar = false
                if depth > maximumDepth {
                    throw DocumentError("nesting deeper than \(maximumDepth) levels", at: TextLocation(line: line, column: column))
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
                onlyDashesSoFar = false
            case UInt8(ascii: "-"):
                if onlyDashesSoFar {
                    dashesOnLine += 1
                    if dashesOnLine > maximumDepth {
                        throw DocumentError("nesting deeper than \(maximumDepth) levels", at: TextLocation(line: line, column: column))
                    }
                }
            case UInt8(ascii: " "), 0x09:
                break
            default:
                onlyDashesSoFar = false
            }
        }
    }
}

// MARK: - Mapping keys that are collections

extension YAMLReader {
    /// Walks libyaml's events once (no tree is built) and refuses mapping keys that are collections
    /// holding more than ``maximumCollectionKeyNodes`` nodes in all, aliases expanded. Yams hashes
    /// every key of a mapping to find duplicates, walking aliases as often as they are repeated, so
    /// `? *bomb` would otherwise run for hours before any of our own budgets is reached. Syntax
    /// errors stop the walk: the composer reports them, and it stops at the same place.
    static func checkCollectionKeys(_ text: String, lines: LineMap) throws(DocumentError) {
        // Without an alias no key can be larger than the text: only aliases make the walk worth it.
        guard text.utf8.contains(UInt8(ascii: "*")) else { return }
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return }
        var failure: DocumentError?
        bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

            struct Collection {
                var isMapping: Bool
                var anchor: String?
                var mark: yaml_mark_t
                var nodes = 1
                var nextIsKey = true
            }
            let cap = maximumNodes + 1  // sizes saturate here: 9^9 must not overflow
            var open: [Collection] = []
            var anchors: [String: Int] = [:]
            var collectionKeyNodes = 0

            /// Adds a finished node of `nodes` nodes to its parent; false when it is a key too large.
            func finish(nodes: Int, anchor: String?, mark: yaml_mark_t, isCollection: Bool) -> Bool {
                if let anchor { anchors[anchor] = nodes }
                guard let parent = open.indices.last else { return true }
                if open[parent].isMapping {
                    if open[parent].nextIsKey, isCollection || nodes > 1 {
                        collectionKeyNodes = min(cap, collectionKeyNodes + nodes)
                        if collectionKeyNodes > maximumCollectionKeyNodes {
                            let location = lines.location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
                            failure = DocumentError("mapping keys that are collections expand to more than \(maximumCollectionKeyNodes) nodes "
                                                    + "(aliases repeating aliases?); keys must be plain text", at: location)
                            return false
                        }
                    }
                    open[parent].nextIsKey.toggle()
                }
                open[parent].nodes = min(cap, open[parent].nodes + nodes)
                return true
            }
            func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                pointer.map { String(cString: $0) }
            }

            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                var keepGoing = true
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    keepGoing = false
                case YAML_DOCUMENT_START_EVENT:
                    anchors = [:]
                case YAML_ALIAS_EVENT:
                    let size = name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                    keepGoing = finish(nodes: size, anchor: nil, mark: event.start_mark, isCollection: size > 1)
                case YAML_SCALAR_EVENT:
                    keepGoing = finish(nodes: 1, anchor: name(event.data.scalar.anchor), mark: event.start_mark, isCollection: false)
                case YAML_SEQUENCE_START_EVENT:
                    open.append(Collection(isMapping: false, anchor: name(event.data.sequence_start.anchor), mark: event.start_mark))
                case YAML_MAPPING_START_EVENT:
                    open.append(Collection(isMapping: true, anchor: name(event.data.mapping_start.anchor), mark: event.start_mark))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let done = open.popLast() {
                        keepGoing = finish(nodes: done.nodes, anchor: done.anchor, mark: done.mark, isCollection: true)
                    }
                default:
                    break
                }
                yaml_event_delete(&event)
                if !keepGoing { return }
            }
        }
        if let failure { throw failure }
    }
}

// MARK: - libyaml's lines and the file's lines

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

    private var lines: [Line] = []

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
