import Foundation

/// A table of a Markdown page, for the tests that hold a page's table to the code it describes
/// (docs/architecture.md's targets against Package.swift, docs/browser.md's keys against the keymap).
package struct MarkdownTable: Sendable {
    /// One row: its line in the page (1-based) and its cells, trimmed.
    package struct Row: Sendable {
        /// The row's line number in the page.
        package var line: Int
        /// The cells, left to right, without the outer pipes.
        package var cells: [String]
    }

    /// The heading the table stands under (`Keys`, `The line editor`), without its `#`s.
    package var heading: String
    /// The header row's cells (`key`, `does`).
    package var header: [String]
    /// The rows below the separator.
    package var rows: [Row]

    /// Every table of the page at `path` (relative to the repository), in order; tables inside
    /// fenced code blocks are not tables.
    package static func tables(inPage path: String) throws -> [MarkdownTable] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
        var tables: [MarkdownTable] = []
        var heading = ""
        var fenced = false
        var open: MarkdownTable?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { fenced.toggle() }
            guard !fenced, trimmed.hasPrefix("|") else {
                if let table = open { tables.append(table) }
                open = nil
                if !fenced, trimmed.hasPrefix("#") {
                    heading = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            let cells = Self.cells(of: trimmed)
            if open == nil {
                open = MarkdownTable(heading: heading, header: cells, rows: [])
            } else if !cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) {
                open?.rows.append(Row(line: index + 1, cells: cells))
            }
        }
        if let table = open { tables.append(table) }
        return tables
    }

    /// The cells of a table line: split at the pipes that are outside code spans.
    static func cells(of line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var inCode = false
        for character in line {
            if character == "`" { inCode.toggle() }
            if character == "|", !inCode {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        // The outer pipes leave an empty cell at each end.
        return Array(cells.dropFirst().dropLast())
    }

    /// The code spans of `text`, in order: the `names` a cell gives in backticks.
    package static func codeSpans(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 ? String(part) : nil
        }
    }
}
