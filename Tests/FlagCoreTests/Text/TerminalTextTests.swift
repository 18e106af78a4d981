import Foundation
import Testing

@testable import FlagCore

/// `TerminalText` is the boundary between text from files, servers and arguments, which anyone
/// may have written, and the terminal, which obeys what it is sent. What crosses it is shown,
/// never obeyed: every control character and every escape sequence arrives as visible text, and
/// what is measured is what the terminal draws.
@Suite("Terminal text: escaping and measuring")
struct TerminalTextTests {
    /// Whether `text` still holds anything a terminal would act on.
    static func drivesTerminal(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                return true
            default: return false
            }
        }
    }

    @Test("Plain text, accented and wide text included, comes back as it is")
    func plainTextUnchanged() {
        for text in ["", "plain", "Größe: 12 €", "日本語のフラグ", "e\u{301}te\u{301}", "🙂 ok", "tab-free"] {
            #expect(TerminalText.escaped(text) == text)
        }
    }

    @Test(
        "The C0 controls a shell spells have their short escapes",
        arguments: [
            (0x00, #"\0"#), (0x07, #"\a"#), (0x08, #"\b"#), (0x09, #"\t"#), (0x0A, #"\n"#), (0x0B, #"\v"#),
            (0x0C, #"\f"#), (0x0D, #"\r"#), (0x1B, #"\e"#),
        ] as [(UInt32, String)])
    func namedControls(value: UInt32, shown: String) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(TerminalText.escaped("a" + String(Character(scalar)) + "b") == "a" + shown + "b")
    }

    @Test(
        "Every other C0 control, DEL and every C1 control shows as its code point",
        arguments: Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) as [UInt32])
    func everyControlEscaped(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(TerminalText.needsEscape(scalar))
        let shown = TerminalText.escaped(String(Character(scalar)))
        #expect(!Self.drivesTerminal(shown), "U+\(String(value, radix: 16)) reached the terminal")
        #expect(shown.hasPrefix("\\"))
        if ![0x00, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B].contains(value) {
            #expect(shown == "\\u{" + String(value, radix: 16, uppercase: true) + "}")
        }
    }

    @Test(
        "Escape sequences arrive as text: colours, clearing, the cursor, titles, the clipboard, links",
        arguments: [
            ("\u{1B}[31mred\u{1B}[0m", #"\e[31mred\e[0m"#),
            ("\u{1B}[2J\u{1B}[H", #"\e[2J\e[H"#),
            ("\u{1B}[10;5Hmoved", #"\e[10;5Hmoved"#),
            ("\u{1B}]0;pwned\u{07}", #"\e]0;pwned\a"#),
            // OSC 52 sets the clipboard, ended by BEL or by ST (ESC \).
            ("\u{1B}]52;c;cm0gLXJmIH4=\u{07}", #"\e]52;c;cm0gLXJmIH4=\a"#),
            ("\u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\", #"\e]52;c;cm0gLXJmIH4=\e\"#),
            // OSC 8 makes a link whose text hides its target.
            (
                "\u{1B}]8;;https://evil.example\u{1B}\\docs\u{1B}]8;;\u{1B}\\",
                #"\e]8;;https://evil.example\e\docs\e]8;;\e\"#
            ),
            // DCS, and the 8-bit CSI and OSC that some terminals still obey.
            ("\u{1B}P+q544e\u{1B}\\", #"\eP+q544e\e\"#),
            ("\u{9B}2J", #"\u{9B}2J"#),
            ("\u{9D}52;c;eA==\u{9C}", #"\u{9D}52;c;eA==\u{9C}"#),
            ("a\rb\u{08}\u{08}c\u{7F}", #"a\rb\b\bc\u{7F}"#),
        ])
    func escapeSequences(raw: String, shown: String) {
        let escaped = TerminalText.escaped(raw)
        #expect(escaped == shown)
        #expect(!Self.drivesTerminal(escaped))
    }

    @Test(
        "Bidi overrides, isolates and marks, and the line and paragraph separators, are shown, not obeyed",
        arguments: [
            0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029,
        ]
            as [UInt32])
    func bidiControls(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let escaped = TerminalText.escaped("user\(Character(scalar))gnp.exe")
        #expect(escaped == "user\\u{\(String(value, radix: 16, uppercase: true))}gnp.exe")
    }

    @Test("Zero-width characters pass and take no column; they cannot move the cursor or colour anything")
    func zeroWidth() {
        // Zero-width space, non-joiner, joiner, word joiner, byte order mark.
        for scalar in ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}"] {
            let text = "a" + scalar + "b"
            #expect(TerminalText.escaped(text) == text)
            #expect(TerminalText.displayWidth(of: text) == 2, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("Combining marks take no column and stay with their letter when text is cut")
    func combining() {
        let text = "e\u{301}e\u{301}e\u{301}"
        #expect(TerminalText.displayWidth(of: text) == 3)
        #expect(TerminalText.truncated(text, toWidth: 2) == "e\u{301}…")
        #expect(TerminalText.padded("e\u{301}", toWidth: 3) == "e\u{301}  ")
        // A mark piled on a mark still measures as its letter.
        #expect(TerminalText.displayWidth(of: "a\u{300}\u{301}\u{302}\u{303}") == 1)
    }

    @Test(
        "Wide characters take two columns, and cutting never splits one",
        arguments: [
            ("日本語", 6, 5, "日本…"), ("日本語", 6, 4, "日…"), ("日本語", 6, 6, "日本語"), ("a🙂b", 4, 3, "a…"),
            ("한국어 키", 9, 8, "한국어 …"), ("ｆｕｌｌ", 8, 3, "ｆ…"),
        ] as [(String, Int, Int, String)])
    func wide(text: String, width: Int, cut: Int, shown: String) {
        #expect(TerminalText.displayWidth(of: text) == width)
        let truncated = TerminalText.truncated(text, toWidth: cut)
        #expect(truncated == shown)
        #expect(TerminalText.displayWidth(of: truncated) <= cut)
        #expect(TerminalText.displayWidth(of: TerminalText.padded(text, toWidth: cut)) == cut)
    }

    @Test("Invalid UTF-8 read into a String shows as U+FFFD, one column each; an 8-bit C1 byte never gets through")
    func invalidUTF8() {
        // A lone continuation byte, an 8-bit CSI (0x9B), an overlong ESC (C0 9B), a cut-off
        // three-byte sequence, then a real ESC.
        let bytes: [UInt8] = [0x41, 0x80, 0x9B, 0x32, 0x4A, 0xC0, 0x9B, 0xE6, 0x97, 0x1B, 0x5B, 0x6D]
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = TerminalText.escaped(text)
        #expect(escaped == "A\u{FFFD}\u{FFFD}2J\u{FFFD}\u{FFFD}\u{FFFD}\\e[m")
        #expect(!Self.drivesTerminal(escaped))
        #expect(TerminalText.displayWidth(of: "\u{FFFD}") == 1)
    }

    @Test("No scalar up to U+3000 drives the terminal once escaped, and the escapes are plain text")
    func sweep() throws {
        var text = ""
        for value in UInt32(0)...0x3000 { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
        let escaped = TerminalText.escaped(text)
        #expect(!Self.drivesTerminal(escaped))
        // The escapes are plain text: escaping them again changes nothing.
        #expect(TerminalText.escaped(escaped) == escaped)
    }

    @Test("Wrapped text is escaped, cut at words, and a word wider than the line is cut into lines")
    func wrapped() {
        #expect(TerminalText.wrapped("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TerminalText.wrapped("\u{1B}[2J clear", width: 20) == [#"\e[2J clear"#])
        #expect(TerminalText.wrapped("abcdefghij", width: 4) == ["abc", "def", "ghij"])
        #expect(TerminalText.wrapped("", width: 4) == [""])
        let huge = String(repeating: "x ", count: 1_000_000)
        #expect(TerminalText.wrapped(huge, width: 80, limit: 200).count == 3)
    }

    @Test("A huge text is measured and cut by its head, and sizes read as people read them")
    func boundedWork() {
        let huge = String(repeating: "日", count: 1_000_000)
        #expect(TerminalText.leading(huge, columns: 10).count == 6)
        #expect(TerminalText.truncated(huge, toWidth: 10) == String(repeating: "日", count: 4) + "…")
        #expect(TerminalText.capped("abcdef", limit: 3) == "abc…")
        #expect(TerminalText.capped("abc", limit: 3) == "abc")
        #expect(TerminalText.byteCount(512) == "512 bytes")
        #expect(TerminalText.byteCount(3_400) == "3.4 KB")
        #expect(TerminalText.byteCount(5_200_000) == "5.2 MB")
    }
}
