import Yams

/// Reads YAML into ``SourceNode``s through `Yams.compose`, which keeps every node's position.
public enum YAMLReader {
    /// Flow nesting deeper than this is refused before the (recursive) composer sees it.
    public static let maximumDepth = 512
    /// Aliases may repeat nodes; a document that expands past this many nodes is refused.
    public static let maximumNodes = 2_000_000

    /// Parses the first document of `text`; an empty document is an empty mapping.
    public static func parse(_ source: String) throws(DocumentError) -> SourceNode {
        // A byte order mark is not a column in anyone's editor.
        let text = source.hasPrefix("\u{FEFF}") ? String(source.unicodeScalars.dropFirst()) : source
        try checkNesting(text)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw translate(error, text: text)
        } catch {
            throw DocumentError("cannot read YAML: \(error)", at: .start)
        }
        guard let root else { return SourceNode(.mapping([]), at: .start) }
        var budget = maximumNodes
        return try convert(root, budget: &budget, depth: 0)
    }

    /// Parses bytes, reporting invalid UTF-8 at its position.
    public static func parse(_ bytes: [UInt8]) throws(DocumentError) -> SourceNode {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DocumentError("invalid UTF-8", at: TextReading.location(ofFirstInvalidUTF8In: bytes))
        }
        return try parse(text)
    }

    private static func convert(_ node: Node, budget: inout Int, depth: Int) throws(DocumentError) -> SourceNode {
        budget -= 1
        let location = node.mark.map { TextLocation(line: $0.line, column: $0.column) } ?? .start
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
                throw DocumentError("'\(TerminalText.escaped(tag))' is read as a YAML tag; quote the value if it starts with '!' (for example \"\(TerminalText.escaped(tag))\")", at: location)
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
                pairs.append((try convert(key, budget: &budget, depth: depth + 1),
                              try convert(value, budget: &budget, depth: depth + 1)))
            }
            return SourceNode(.mapping(pairs), at: location)
        case .sequence(let sequence):
            var items: [SourceNode] = []
            items.reserveCapacity(sequence.count)
            for item in sequence { items.append(try convert(item, budget: &budget, depth: depth + 1)) }
            return SourceNode(.sequence(items), at: location)
        case .alias:
            throw DocumentError("unresolved alias", at: location)
        }
    }

    private static func translate(_ error: YamlError, text: String) -> DocumentError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = problem
            if let context { message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))" }
            return DocumentError(message, at: TextLocation(line: mark.line, column: mark.column))
        case .reader(let problem, _, _, _):
            return DocumentError(problem, at: .start)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\(TerminalText.escaped($0))'" }.joined(separator: ", ")
            let first = TextLocation(line: context.mark.line, column: context.mark.column)
            return DocumentError("duplicate key \(names) in a mapping",
                                 at: secondOccurrence(of: duplicates, after: first, in: text) ?? first)
        default:
            return DocumentError("cannot read YAML: \(error)", at: .start)
        }
    }

    /// Yams points at the mapping; the diagnostic belongs on the repeated key. In a block mapping
    /// the keys share a column, so the later line with `name:` at that column is the duplicate.
    private static func secondOccurrence(of names: [String], after start: TextLocation, in text: String) -> TextLocation? {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        var seen: Set<String> = []
        for index in (start.line - 1)..<lines.count {
            let scalars = Array(lines[index])
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
        for byte in text.utf8 {
            if byte & 0xC0 != 0x80 { column += 1 }
            if byte == 0x0A {
                line += 1
                column = 0
                inComment = false
                dashesOnLine = 0
                onlyDashesSoFar = true
                if quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") { continue }
                continue
            }
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
