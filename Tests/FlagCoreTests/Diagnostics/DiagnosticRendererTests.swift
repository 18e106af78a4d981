import Testing

@testable import FlagCore

/// How diagnostics read: a stable order, `path:line:column: severity: message`, the source line and a caret.
@Suite("Diagnostic rendering")
struct DiagnosticRendererTests {
    @Test("Diagnostics read file by file (in order of first appearance), then by position; whole-file ones first")
    func readingOrder() {
        let diagnostics: [Diagnostic] = [
            .error("late", file: "b.yml", at: TextLocation(line: 3, column: 1)),
            .warning("second of a", file: "a.yml", at: TextLocation(line: 1, column: 5)),
            .error("same place, first", file: "b.yml", at: TextLocation(line: 1, column: 9)),
            .error("whole file", file: "b.yml", at: nil),
            .error("same place, second", file: "b.yml", at: TextLocation(line: 1, column: 9)),
            .error("first of a", file: "a.yml", at: TextLocation(line: 1, column: 2)),
            .error("column beats nothing", file: "b.yml", at: TextLocation(line: 1, column: 10)),
        ]
        #expect(
            diagnostics.sortedForReading().map(\.message) == [
                "whole file", "same place, first", "same place, second", "column beats nothing", "late",
                "first of a", "second of a",
            ])
    }

    @Test("The headline is path:line:column: severity: message")
    func headline() {
        #expect(
            Diagnostic.error("boom", file: "blueprints/app.yml", at: TextLocation(line: 7, column: 14)).headline
                == "blueprints/app.yml:7:14: error: boom")
        #expect(
            Diagnostic.warning("old", file: "flagscope.yml", at: TextLocation(line: 1, column: 1)).headline
                == "flagscope.yml:1:1: warning: old")
        #expect(
            Diagnostic.error("cannot read file: no such file", file: "x.yml", at: nil).headline
                == "x.yml: error: cannot read file: no such file")
    }

    /// The caret line: the four-space indent, `columns` spaces, then `^`.
    static func caret(after columns: Int) -> String { "    " + String(repeating: " ", count: columns) + "^" }

    @Test("The rendering quotes the source line and puts a caret under the column")
    func caretUnderColumn() {
        let renderer = DiagnosticRenderer(sources: [
            "blueprints/app.yml": SourceText(
                path: "blueprints/app.yml",
                text: "name: App\nflags:\n  sson: { type: bool, default: \"true\" }\n")
        ])
        let diagnostic = Diagnostic.error(
            "default of 'sson' does not fit its type", file: "blueprints/app.yml",
            at: TextLocation(line: 3, column: 32))
        #expect(
            renderer.render(diagnostic)
                == [
                    "blueprints/app.yml:3:32: error: default of 'sson' does not fit its type",
                    "      sson: { type: bool, default: \"true\" }",
                    Self.caret(after: 31),
                ].joined(separator: "\n"))
    }

    @Test("The caret stays under the column after wide characters, tabs and control characters")
    func caretAlignment() {
        let renderer = DiagnosticRenderer(sources: [
            "a.yml": SourceText(path: "a.yml", text: "  名前: \"x\"\n\tkey: 1\na\u{1B}[31mb\n🚀é: y\n")
        ])
        // Wide CJK characters take two columns each.
        #expect(
            renderer.render(.error("m", file: "a.yml", at: TextLocation(line: 1, column: 7)))
                == "a.yml:1:7: error: m\n      名前: \"x\"\n" + Self.caret(after: 8))
        // A tab is shown as \t (two columns).
        #expect(
            renderer.render(.error("m", file: "a.yml", at: TextLocation(line: 2, column: 2)))
                == "a.yml:2:2: error: m\n    \\tkey: 1\n" + Self.caret(after: 2))
        // An escape character never reaches the terminal raw.
        let escaped = renderer.render(.error("m", file: "a.yml", at: TextLocation(line: 3, column: 7)))
        #expect(escaped == "a.yml:3:7: error: m\n    a\\e[31mb\n" + Self.caret(after: 7))
        #expect(!escaped.unicodeScalars.contains("\u{1B}"))
        // An emoji outside the BMP is one column in the position, two on screen.
        #expect(
            renderer.render(.error("m", file: "a.yml", at: TextLocation(line: 4, column: 3)))
                == "a.yml:4:3: error: m\n    🚀é: y\n" + Self.caret(after: 3))
    }

    @Test("Control characters in a message are escaped in the headline")
    func escapedMessage() {
        let renderer = DiagnosticRenderer(sources: [:])
        let text = renderer.render(
            .error("unknown field 'a\u{1B}]0;pwned\u{07}b'", file: "x.yml", at: TextLocation(line: 1, column: 1)))
        #expect(text == "x.yml:1:1: error: unknown field 'a\\e]0;pwned\\ab'")
    }

    @Test("Without a position or a quotable line, only the headline is printed")
    func headlineOnly() {
        let renderer = DiagnosticRenderer(sources: ["a.yml": SourceText(path: "a.yml", text: "one line\n")])
        #expect(renderer.render(.error("whole", file: "a.yml", at: nil)) == "a.yml: error: whole")
        #expect(
            renderer.render(.error("far", file: "a.yml", at: TextLocation(line: 9, column: 1)))
                == "a.yml:9:1: error: far")
        #expect(
            renderer.render(.error("unknown", file: "b.yml", at: TextLocation(line: 1, column: 1)))
                == "b.yml:1:1: error: unknown")
    }

    @Test("A very long line is cut to a window around the column, with the caret still under it")
    func longLineWindow() {
        let line = String(repeating: "a", count: 249) + "X" + String(repeating: "b", count: 250)
        let renderer = DiagnosticRenderer(sources: ["min.json": SourceText(path: "min.json", text: line)])
        let lines = renderer.render(.error("here", file: "min.json", at: TextLocation(line: 1, column: 250)))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        let shown = Array(lines[1].dropFirst(4))
        let caret = lines[2].dropFirst(4)
        let onlyCaret = caret.allSatisfy { $0 == " " || $0 == "^" }
        #expect(onlyCaret && caret.last == "^")
        #expect(shown.count <= 102)
        #expect(shown.first == "…" && shown.last == "…")
        #expect(shown[caret.count - 1] == "X")
    }

    @Test("A long line with letters outside ASCII is cut at the same scalars as an ASCII one")
    func longLineWindowOutsideASCII() {
        let ascii = String(repeating: "a", count: 249) + "X" + String(repeating: "b", count: 250)
        let accented = String(repeating: "é", count: 249) + "X" + String(repeating: "ü", count: 250)
        func shown(_ line: String, column: Int) -> [String] {
            let renderer = DiagnosticRenderer(sources: ["min.json": SourceText(path: "min.json", text: line + "\nnext")]
            )
            return renderer.render(.error("here", file: "min.json", at: TextLocation(line: 1, column: column)))
                .split(separator: "\n").map(String.init)
        }
        for column in [1, 120, 250, 500, 501] {
            let plain = shown(ascii, column: column)
            let other = shown(accented, column: column)
            #expect(plain[2] == other[2], "the caret of column \(column)")
            #expect(
                plain[1].replacingOccurrences(of: "a", with: "é").replacingOccurrences(of: "b", with: "ü") == other[1])
        }
    }

    @Test("Ten thousand warnings on one 2 MB line (a minified file) each quote a window, quickly")
    func manyDiagnosticsOnOneHugeLine() {
        let item = #"{"name":"toggle","enabled":true},"#
        let line = "[" + String(repeating: item, count: 60_000) + "]"
        let renderer = DiagnosticRenderer(sources: ["min.json": SourceText(path: "min.json", text: line)])
        // Each warning points at the `{` of every fifth item.
        let diagnostics = (0..<10_000).map {
            Diagnostic.warning("w", file: "min.json", at: TextLocation(line: 1, column: 2 + $0 * 5 * item.count))
        }
        let clock = ContinuousClock()
        var text = ""
        let elapsed = clock.measure { text = renderer.render(all: diagnostics) }
        let lines = text.split(separator: "\n").map { Array($0) }
        #expect(lines.count == 30_000)
        #expect(lines.allSatisfy { $0.count <= 106 })
        let caretsUnderBraces = stride(from: 0, to: lines.count, by: 3).allSatisfy { block in
            let caret = lines[block + 2].count - 1
            return lines[block + 1][caret] == "{"
        }
        #expect(caretsUnderBraces)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test("Rendering all diagnostics puts them in reading order")
    func renderAll() {
        let renderer = DiagnosticRenderer(sources: [:])
        let text = renderer.render(all: [
            .error("second", file: "a.yml", at: TextLocation(line: 2, column: 1)),
            .error("first", file: "a.yml", at: TextLocation(line: 1, column: 1)),
        ])
        #expect(text == "a.yml:1:1: error: first\na.yml:2:1: error: second")
    }

    @Test("A loaded workspace renders its own diagnostics with the offending line")
    func workspaceRendering() throws {
        let workspace = try Fixture.load(
            blueprint: """
                name: App
                flags:
                  sson:
                    type: bool
                    default: "true"
                    description: d

                """)
        let rendered = workspace.diagnosticRenderer.render(all: workspace.diagnostics)
        #expect(
            rendered
                == [
                    "blueprints/app.yml:5:14: error: default of 'sson' does not fit its type: expected a bool (true or false), found text \"true\"; remove the quotes",
                    "        default: \"true\"",
                    Self.caret(after: 13),
                ].joined(separator: "\n"))
    }

    @Test("The summary counts errors and warnings with plurals")
    func summary() {
        #expect(Diagnostic.summary(of: []) == "0 errors, 0 warnings")
        #expect(
            Diagnostic.summary(of: [
                .error("a", file: "f", at: nil), .warning("b", file: "f", at: nil),
                .warning("c", file: "f", at: nil),
            ]) == "1 error, 2 warnings")
    }

    @Test("In a file with CRLF line endings the right line is quoted, without its CR")
    func crlfLines() {
        let renderer = DiagnosticRenderer(sources: [
            "win.yml": SourceText(path: "win.yml", text: "name: App\r\nflags:\r\n  sson: x\r\n")
        ])
        #expect(
            renderer.render(.error("m", file: "win.yml", at: TextLocation(line: 3, column: 9)))
                == "win.yml:3:9: error: m\n      sson: x\n" + Self.caret(after: 8))
    }

    @Test("A diagnostic on line 1 of a CRLF file quotes line 1 only, not the whole file")
    func crlfFirstLine() {
        let renderer = DiagnosticRenderer(sources: [
            "win.yml": SourceText(path: "win.yml", text: "name: App\r\nflags:\r\n  sson: x\r\n")
        ])
        #expect(
            renderer.render(.error("m", file: "win.yml", at: TextLocation(line: 1, column: 7)))
                == "win.yml:1:7: error: m\n    name: App\n" + Self.caret(after: 6))
    }
}
