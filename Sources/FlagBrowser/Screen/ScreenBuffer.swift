import FlagCore

/// One frame of the terminal: a grid of cells, each a grapheme with its display width and role.
///
/// Rendering writes the whole frame here; the backend diffs it against the screen. Text is
/// escaped before it lands here, so a cell never holds a control character.
package struct ScreenBuffer: Sendable, Equatable {
    /// One cell. A wide character occupies its cell and a following `continuation` cell.
    package struct Cell: Sendable, Equatable {
        /// The grapheme shown, `" "` for blank, `""` for the right half of a wide character.
        package var text: String
        /// The style role.
        package var role: StyleRole

        static let blank = Cell(text: " ", role: .normal)
    }

    /// Columns.
    package let width: Int
    /// Rows.
    package let height: Int
    /// Row-major cells.
    package private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown (editors), if anywhere.
    package var cursor: (x: Int, y: Int)?

    /// A blank frame.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    package static func == (lhs: ScreenBuffer, rhs: ScreenBuffer) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
            && lhs.cursor?.x == rhs.cursor?.x && lhs.cursor?.y == rhs.cursor?.y
    }

    /// The cell at a position.
    package subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` at (x, y), at most `limit` columns (to the right edge by default), cutting
    /// with `…` when it does not fit. Control characters are escaped. Returns the columns used.
    @discardableResult
    package mutating func write(_ text: String, x: Int, y: Int, role: StyleRole = .normal, limit: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let available = min(limit ?? (width - x), width - max(0, x))
        guard available > 0 else { return 0 }
        // Only the part that can show is escaped and measured: a huge text costs one line.
        let safe = TerminalText.escaped(String(TerminalText.leading(text, columns: available)))
        var column = x
        var used = 0
        let needsCut = TerminalText.displayWidth(of: safe) > available
        let budget = needsCut ? available - 1 : available
        for character in safe {
            let characterWidth = Self.width(of: character)
            if characterWidth == 0 {
                // A combining mark joins the previous cell's grapheme.
                if column > x, column - 1 < width, y * width + column - 1 < cells.count {
                    cells[y * width + column - 1].text.append(character)
                }
                continue
            }
            if used + characterWidth > budget { break }
            if column >= 0 {
                cells[y * width + column] = Cell(text: String(character), role: role)
                if characterWidth == 2, column + 1 < width {
                    cells[y * width + column + 1] = Cell(text: "", role: role)
                }
            }
            column += characterWidth
            used += characterWidth
        }
        if needsCut, column < width, column >= 0 {
            cells[y * width + column] = Cell(text: "…", role: role)
            used += 1
        }
        return used
    }

    /// Fills a run of cells with one character (spaces to clear, `─` for rules).
    package mutating func fill(_ character: Character = " ", x: Int, y: Int, count: Int, role: StyleRole = .normal) {
        guard y >= 0, y < height else { return }
        let start = max(0, x)
        let end = min(width, x + count)
        guard start < end else { return }
        for column in start..<end { cells[y * width + column] = Cell(text: String(character), role: role) }
    }

    /// Sets the role of a run of cells (selection highlight) without changing their text.
    package mutating func paint(x: Int, y: Int, count: Int, role: StyleRole) {
        guard y >= 0, y < height else { return }
        let start = max(0, x)
        let end = min(width, x + count)
        guard start < end else { return }
        for column in start..<end { cells[y * width + column].role = role }
    }

    /// The frame as plain text, one line per row, trailing blanks removed (snapshots, tests).
    package var text: String {
        (0..<height).map(line).joined(separator: "\n")
    }

    /// One row as plain text without trailing blanks.
    package func line(_ y: Int) -> String {
        var result = ""
        for x in 0..<width { result += cells[y * width + x].text }
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// Display columns of a grapheme, by the same wcwidth the terminal uses.
    package static func width(of character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars { total += TerminalText.width(of: scalar) }
        return min(2, total)
    }
}
