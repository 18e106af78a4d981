/// Plain words for the libyaml errors a mis-indented line causes: "mapping values are not
/// allowed in this context" and "did not find expected key" say what the parser saw, not what
/// the user did. Both are reported at the line that is off, from its first character.
enum YAMLIndentation {
    /// A clearer error for libyaml's `problem`, found at `problemAt` while parsing the node that
    /// starts at `contextAt` (file positions), or `nil` when the problem is not about indentation.
    static func explain(problem: String, problemAt: TextLocation, contextAt: TextLocation?, text: String)
        -> DocumentError?
    {
        let source = SourceText(path: ".yml", text: text)
        guard let line = source.line(problemAt.line) else { return nil }
        let indent = indentation(of: line)
        let above = previousContentLine(before: problemAt.line, in: source)
        switch problem {
        case "mapping values are not allowed in this context":
            // `key: value` then a deeper `other: …`: the deeper line continues the value above,
            // and its colon is where libyaml gives up.
            let firstColon = keyColon(in: line)
            if firstColon == problemAt.column, let above, indent > above.indent {
                return DocumentError(
                    "the indentation is off: line \(problemAt.line) starts at column \(indent + 1), deeper than the line above "
                        + "(column \(above.indent + 1)), so it reads as the rest of that value; "
                        + "keys of one mapping start in the same column",
                    at: TextLocation(line: problemAt.line, column: indent + 1))
            }
            if let firstColon, firstColon < problemAt.column {
                return DocumentError(
                    "\(problem): a second ': ' on this line; if it is part of the text, put the value in quotes",
                    at: problemAt)
            }
            return nil
        case "did not find expected key":
            // A key that starts between two levels: deeper than its mapping's keys, but not as
            // deep as the keys of the mapping above it.
            guard let contextAt, indent + 1 != contextAt.column, problemAt.column == indent + 1 else { return nil }
            var message = "the indentation is off: line \(problemAt.line) starts at column \(indent + 1), "
            if let above, above.indent > indent {
                message +=
                    "between the keys at column \(contextAt.column) (line \(contextAt.line)) and column \(above.indent + 1) (line \(above.line)); "
                    + "indent it like one of them"
            } else {
                message += "but the keys of its mapping start at column \(contextAt.column) (line \(contextAt.line))"
            }
            return DocumentError(message, at: TextLocation(line: problemAt.line, column: indent + 1))
        default:
            return nil
        }
    }

    /// Leading spaces.
    private static func indentation(of line: String) -> Int {
        line.unicodeScalars.prefix { $0 == " " }.count
    }

    /// The nearest line above `number` with something other than spaces or a comment.
    private static func previousContentLine(before number: Int, in source: SourceText) -> (line: Int, indent: Int)? {
        var candidate = number - 1
        while candidate >= 1, let text = source.line(candidate) {
            let trimmed = text.drop { $0 == " " }
            if !trimmed.isEmpty, !trimmed.hasPrefix("#") { return (candidate, indentation(of: text)) }
            candidate -= 1
        }
        return nil
    }

    /// The column of the first `:` that ends a plain key (followed by a space or the end of the line).
    private static func keyColon(in line: String) -> Int? {
        let scalars = Array(line.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == ":" {
            if index + 1 == scalars.count || scalars[index + 1] == " " { return index + 1 }
        }
        return nil
    }
}
