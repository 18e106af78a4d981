import FlagBrowser
import FlagCore
import Foundation
import Testing

/// The line editor: the shell's keys (Ctrl-W, Ctrl-K, Ctrl-A, Ctrl-E, Ctrl-U, Alt-b, Alt-f) edit
/// the text, and a value too large to edit is refused with where to set it instead.
@Suite("The line editor's shell keys: Ctrl-W, Ctrl-K, Ctrl-A, Ctrl-E, Ctrl-U, Alt-b, Alt-f")
struct ReducerLineEditorTests {
    /// The editor's line: the label, then the text.
    static func editorLine(_ demo: DemoFixture) -> String {
        demo.screen.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test("Word and line keys edit the text where the cursor is, none cancels the edit, and Enter saves the result")
    func wordAndLineKeys() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/promoBanner<Enter>e<C-u>summer sale today") { demo in
            #expect(Self.editorLine(demo).hasPrefix("store/catalog/promo_banner_text (string): summer sale today"))
            try demo.press("<M-b><C-w>")
            #expect(
                Self.editorLine(demo).hasPrefix("store/catalog/promo_banner_text (string): summer today"),
                "Alt-b went before “today”, Ctrl-W took “sale ”")
            try demo.press("<C-k>now")
            #expect(Self.editorLine(demo).contains(": summer now"), "Ctrl-K took “today”")
            try demo.press("<C-a><M-f><M-b>")
            #expect(demo.session.state.editorCursor == 0, "Alt-f to the end of “summer”, Alt-b back to its start")
            try demo.press("<C-a>big <M-f>!<C-e>.")
            #expect(
                Self.editorLine(demo).contains(": big summer! now."),
                "Ctrl-A to the start, Alt-f past “summer”, Ctrl-E to the end")
            guard case .edit = demo.session.state.mode else {
                Issue.record("the edit was cancelled")
                return
            }
            try demo.press("<Enter>")
            #expect(try demo.localValues()["store/catalog/promo_banner_text"] as? String == "big summer! now.")
        }
    }

    @Test(
        "Ctrl-U deletes back to the start of the line, keeping what is after the cursor; Del and Ctrl-D delete under it"
    )
    func lineStartAndDelete() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/promoBanner<Enter>e<C-u>old words<M-b><C-u>") {
            demo in
            #expect(Self.editorLine(demo).contains("(string): words"))
            try demo.press("<Del><C-d>")
            #expect(Self.editorLine(demo).contains("(string): rds"))
            try demo.press("<Esc>")
            #expect(demo.screen.contains("edit cancelled"))
            #expect(try demo.localValues()["store/catalog/promo_banner_text"] == nil)
        }
    }

    @Test(
        "Alt-d deletes the word after the cursor; an Alt key the editor has no use for changes nothing and does not cancel"
    )
    func altDAndStrayAlt() throws {
        try DemoFixture.opened(
            width: 120, height: 40, pressing: "/promoBanner<Enter>e<C-u>one two three<C-a><M-f><M-d>"
        ) { demo in
            #expect(Self.editorLine(demo).contains("(string): one three"))
            try demo.press("<M-x>")
            #expect(Self.editorLine(demo).contains("(string): one three"))
            #expect(demo.session.state.editorCursor == 3)
        }
    }

    @Test(
        "Outside the editor an Alt key is Esc then the key: Esc closes the help, q quits"
    )
    func altElsewhere() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "?<M-j>") { demo in
            #expect(demo.session.state.mode == .normal)
            #expect(demo.session.state.selectedNode?.label == "allowsSSON", "Esc closed the help, j moved down")
            try demo.press("<M-q>")
            #expect(demo.session.finished)
        }
    }

    @Test("Alt keys arrive as one key in --keys notation, <M-b>, and typed text keeps its case")
    func altNotation() throws {
        #expect(try KeyEvent.parse("<M-b><m-F>x") == [.alt("b"), .alt("F"), .character("x")])
    }

    @Test("The line editor refuses a multi-megabyte value and points to `flagscope set`")
    func editorRefusesHugeValue() throws {
        try DemoFixture.openedWithHugeValues(width: 120, height: 40, pressing: "/context/region<Enter>e") {
            demo throws in
            #expect(demo.session.state.mode == .normal)
            #expect(
                demo.screen.contains("holds 5.0 MB, too large for the line editor; `flagscope set` writes it"),
                "\(demo.screen)")
        }
    }
}

extension BrowserState {
    /// The line editor's cursor, when it is open.
    var editorCursor: Int? {
        if case .edit(let editor) = mode { return editor.cursor }
        return nil
    }
}
