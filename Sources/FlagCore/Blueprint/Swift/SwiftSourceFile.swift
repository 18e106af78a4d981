import Foundation
import SwiftParser
import SwiftSyntax

/// One `.swift` file parsed (never compiled): its syntax tree and how to turn a node's
/// position into the `line:column` diagnostics use.
struct SwiftSourceFile {
    /// The file, relative to the workspace folder.
    let path: String
    /// The parsed file.
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter
    /// The lines' bytes, to count columns in Unicode scalars (SwiftSyntax counts UTF-8 bytes).
    private let lines: [ArraySlice<UInt8>]

    /// Parses `text`; SwiftSyntax recovers from any syntax error, so this never fails.
    init(path: String, text: String) {
        self.path = path
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: path, tree: tree)
        lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    /// Where `node` starts (after its leading trivia: comments and blanks).
    func location(of node: some SyntaxProtocol) -> TextLocation {
        let position = node.startLocation(converter: converter)
        var column = position.column
        if position.line >= 1, position.line <= lines.count {
            let line = lines[position.line - 1]
            let bytes = line.prefix(max(0, position.column - 1))
            if !bytes.allSatisfy({ $0 < 0x80 }) {
                column = String(decoding: bytes, as: UTF8.self).unicodeScalars.count + 1
            }
        }
        return TextLocation(line: position.line, column: column)
    }

    /// A reference to `node` for the model (`declared`, diagnostics).
    func reference(_ node: some SyntaxProtocol) -> SourceReference {
        SourceReference(file: path, location: location(of: node))
    }

    /// Line `number` (from 1) without its indentation, cut at 200 characters.
    func lineText(_ number: Int) -> String {
        guard number >= 1, number <= lines.count else { return "" }
        let text = String(decoding: lines[number - 1], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 200 ? String(text.prefix(199)) + "…" : text
    }

    /// Whether the parser had to recover from broken syntax somewhere in the file.
    var hasSyntaxErrors: Bool { tree.hasError }
}
