import FlagBrowser
import FlagCore
import Testing

/// The frame the renderer draws into and the terminal backend copies: a cell a column, text
/// laid out by display width, never a control character in a cell.
@Suite("Screen buffer")
struct ScreenBufferTests {
    /// Each cell's text of row `y`, `|`-separated, so wide characters' right halves show as empty.
    static func cells(_ buffer: ScreenBuffer, row y: Int) -> String {
        (0..<buffer.width).map { buffer[$0, y].text }.joined(separator: "|")
    }

    @Test("Text is written at its place; the columns used come back and trailing blanks are not part of a line")
    func plain() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        #expect(buffer.write("flag", x: 2, y: 1, role: .key) == 4)
        #expect(buffer.text == "\n  flag")
        #expect(buffer[2, 1].role == .key && buffer[6, 1].role == .normal)
    }

    @Test("Text wider than the room is cut with …, at the right edge or at a limit")
    func cut() {
        var buffer = ScreenBuffer(width: 8, height: 2)
        #expect(buffer.write("resultsPerPage", x: 0, y: 0) == 8)
        #expect(buffer.write("resultsPerPage", x: 0, y: 1, limit: 5) == 5)
        #expect(buffer.text == "results…\nresu…")
    }

    @Test("A wide character takes its cell and an empty one after it, and is never cut in half")
    func wide() {
        var buffer = ScreenBuffer(width: 5, height: 2)
        #expect(buffer.write("日本語", x: 0, y: 0) == 5)
        #expect(Self.cells(buffer, row: 0) == "日||本||…")
        buffer.write("a日", x: 3, y: 1)
        #expect(Self.cells(buffer, row: 1) == " | | |a|…")
        #expect(ScreenBuffer.width(of: "日") == 2 && ScreenBuffer.width(of: "👩‍👩‍👧") == 2)
    }

    @Test("A combining mark stays in its letter's cell, and a zero-width character joins the cell before it")
    func combining() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        #expect(buffer.write("cafe\u{301}!", x: 0, y: 0) == 5)
        #expect(buffer[3, 0].text == "e\u{301}" && buffer[4, 0].text == "!")
        // A zero-width character is a grapheme of its own, and takes no cell of its own either.
        #expect(buffer.write("a\u{200B}b", x: 0, y: 0) == 2)
        #expect(buffer[0, 0].text == "a\u{200B}" && buffer[1, 0].text == "b")
    }

    @Test(
        "Control characters and escape sequences land as visible text, never in a cell raw",
        arguments: ["\u{1B}[2J", "\u{1B}]52;c;eA==\u{07}", "a\u{9B}b", "x\u{202E}y", "\r\n\t\u{7F}"])
    func controls(raw: String) {
        var buffer = ScreenBuffer(width: 40, height: 1)
        buffer.write(raw, x: 0, y: 0)
        #expect(buffer.line(0) == TerminalText.escaped(raw))
        for cell in buffer.cells {
            #expect(
                !cell.text.unicodeScalars.contains(where: TerminalText.needsEscape),
                "\(cell.text.unicodeScalars.map(\.value))")
        }
    }

    @Test("Writing off the frame does nothing, and a frame of no size has no cells")
    func bounds() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        #expect(buffer.write("x", x: 0, y: 1) == 0)
        #expect(buffer.write("x", x: 0, y: -1) == 0)
        #expect(buffer.write("x", x: 4, y: 0) == 0)
        #expect(buffer.write("x", x: 1, y: 0, limit: 0) == 0)
        #expect(buffer.text.isEmpty)
        #expect(ScreenBuffer(width: -3, height: -1).cells.isEmpty)
    }

    @Test("fill writes a run of one character and paint changes only the role, both clipped to the frame")
    func fillAndPaint() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.write("abc", x: 0, y: 0)
        buffer.fill("─", x: 4, y: 0, count: 10, role: .border)
        buffer.paint(x: -1, y: 0, count: 3, role: .selection)
        #expect(buffer.line(0) == "abc ──")
        #expect(buffer.cells.map(\.role) == [.selection, .selection, .normal, .normal, .border, .border])
        buffer.fill(x: 0, y: 3, count: 2)
        #expect(buffer.line(0) == "abc ──")
    }

    @Test("Two frames are equal when their cells and cursor are")
    func equality() {
        var one = ScreenBuffer(width: 3, height: 1)
        var two = ScreenBuffer(width: 3, height: 1)
        #expect(one == two)
        one.cursor = (1, 0)
        #expect(one != two)
        two.cursor = (1, 0)
        #expect(one == two)
        two.write("x", x: 0, y: 0)
        #expect(one != two)
    }
}
