import FlagBrowser
import Foundation
import TestSupport
import Testing

/// docs/browser.md's key tables say what the keymap does: the help overlay and the footer are
/// read from the `Keymap`, and the page is held to it here, so all three agree. Each table of the
/// page stands under the heading of its mode; a row names keys in code spans (`Ctrl-R`, `↑ k`)
/// and says what they do, alternatives split by ` / ` in both columns (`x` / `X` | reset the key
/// / reset all).
@Suite("Keymap and docs/browser.md")
struct KeymapDocsTests {
    /// A binding with its command erased, so the tables of every mode can be listed together.
    struct Bound: Sendable {
        /// The keys that trigger it.
        var keys: [KeyEvent]
        /// What the help overlay says it does.
        var help: String
        /// Its command, for messages.
        var command: String
    }

    /// The bindings of `table`.
    static func bound<Action>(_ table: KeyTable<Action>) -> [Bound] {
        table.bindings.map { Bound(keys: $0.keys, help: $0.help, command: "\($0.command)") }
    }

    /// Each heading of docs/browser.md that has a key table, and the keymap tables it documents.
    static let sections: [String: [Bound]] = [
        "Keys": bound(Keymap.normal) + bound(Keymap.everywhere),
        "Questions": bound(Keymap.confirm),
        "The export pane": bound(Keymap.exported),
        "Searching": bound(Keymap.search),
        "The line editor": bound(Keymap.editor),
        "Pickers": bound(Keymap.picker),
        "Help": bound(Keymap.help),
    ]

    /// One alternative of a page row: the keys it names and what the page says they do.
    struct Alternative {
        /// The row's line in the page.
        var line: Int
        /// The keys, as read from the code spans.
        var keys: [KeyEvent]
        /// What they do, in the page's words.
        var text: String
        /// The words that tell this alternative from the others of its row (`first` in `first
        /// option / last option`): all its words when it stands alone.
        var meaning: Set<String>
    }

    /// A key as the page writes it: `↑`, `Enter`, `PgDn`, `Ctrl-R`, `Alt-b`, `x`; `nil` for a
    /// word that names no key.
    static func key(_ token: String) -> KeyEvent? {
        let named: [String: KeyEvent] = [
            "↑": .up, "↓": .down, "←": .left, "→": .right, "Enter": .enter, "Esc": .escape, "Tab": .tab,
            "Space": .space, "PgUp": .pageUp, "PgDn": .pageDown, "Home": .home, "End": .end, "BS": .backspace,
            "Del": .delete,
        ]
        if let key = named[token] { return key }
        if token.hasPrefix("Ctrl-"), token.count == 6, let letter = token.last {
            return .control(Character(letter.lowercased()))
        }
        if token.hasPrefix("Alt-"), token.count == 5, let letter = token.last { return .alt(letter) }
        return token.count == 1 ? .character(Character(token)) : nil
    }

    /// `text` split at ` / ` outside code spans.
    static func alternatives(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            current.append(character)
            if !inCode, current.hasSuffix(" / ") {
                parts.append(String(current.dropLast(3)))
                current = ""
            }
        }
        return parts + [current]
    }

    /// The words that carry meaning: lower-cased, without the small words every sentence has
    /// (`up` and `no` carry it).
    static func words(_ text: String) -> Set<String> {
        let small: Set<String> = [
            "a", "an", "to", "of", "in", "on", "at", "is", "it", "or", "as", "by", "be", "if", "go", "the", "and",
            "for",
            "its", "any", "not", "are", "but", "you", "one", "own", "with", "from", "when", "then", "that", "this",
            "into", "what", "while", "each", "every", "other", "there", "does", "only", "again",
        ]
        return Set(text.lowercased().split { !$0.isLetter }.map(String.init).filter { !small.contains($0) })
    }

    /// Whether the page's words and the help's share a word (`scroll` and `scrolls` are one).
    static func shareMeaning(_ page: Set<String>, _ help: String) -> Bool {
        words(help).contains { word in
            page.contains {
                $0 == word || ($0.count >= 4 && word.count >= 4 && ($0.hasPrefix(word) || word.hasPrefix($0)))
            }
        }
    }

    /// The key tables of docs/browser.md, by heading, as alternatives; a key the page writes
    /// that names no key is an issue.
    static func page() throws -> [String: [Alternative]] {
        var found: [String: [Alternative]] = [:]
        for table in try MarkdownTable.tables(inPage: "docs/browser.md") where table.header == ["key", "does"] {
            #expect(
                sections[table.heading] != nil,
                "docs/browser.md: the key table under “\(table.heading)” is of no keymap table")
            for row in table.rows {
                let keys = alternatives(row.cells[0])
                let texts = alternatives(row.cells[1])
                // Words split as the keys are say what each does; otherwise the row's words do.
                let split = texts.count == keys.count && keys.count > 1
                let shared = split ? texts.map(words).reduce(words(texts[0])) { $0.intersection($1) } : []
                for (index, part) in keys.enumerated() {
                    var events: [KeyEvent] = []
                    for token in MarkdownTable.codeSpans(in: part).flatMap({ $0.split(separator: " ").map(String.init) }
                    ) {
                        guard let event = key(token) else {
                            Issue.record("docs/browser.md:\(row.line): `\(token)` is no key")
                            continue
                        }
                        events.append(event)
                    }
                    let text = split ? texts[index] : row.cells[1]
                    let own = words(text).subtracting(shared)
                    found[table.heading, default: []].append(
                        Alternative(line: row.line, keys: events, text: text, meaning: own.isEmpty ? words(text) : own))
                }
            }
        }
        return found
    }

    @Test("The page's keys are read: a row, its alternatives and a control key")
    func pageRead() throws {
        let page = try Self.page()
        #expect(Set(page.keys) == Set(Self.sections.keys))
        let undo = try #require(page["Keys"]?.first { $0.keys == [.control("r")] })
        #expect(undo.text.hasPrefix("redo"))
        #expect(Self.alternatives("`/` then `n N` / `f`") == ["`/` then `n N`", "`f`"])
    }

    @Test("Every binding of the keymap is on the page, with all its keys in one place and words of the same meaning")
    func everyBindingDocumented() throws {
        let page = try Self.page()
        for (heading, bindings) in Self.sections.sorted(by: { $0.key < $1.key }) {
            let rows = page[heading] ?? []
            for binding in bindings {
                guard let row = rows.first(where: { Set(binding.keys).isSubset(of: $0.keys) }) else {
                    Issue.record(
                        "docs/browser.md#\(heading): no row names all of \(binding.keys) (\(binding.command): \(binding.help))"
                    )
                    continue
                }
                #expect(
                    Self.shareMeaning(row.meaning, binding.help),
                    "docs/browser.md:\(row.line): “\(row.text)” shares no word with \(binding.command)'s help, “\(binding.help)”"
                )
            }
        }
    }

    @Test("The page names no key its mode lacks, and says of each key what the keymap does with it")
    func noKeyTheKeymapLacks() throws {
        for (heading, rows) in try Self.page() {
            let bindings = Self.sections[heading] ?? []
            for row in rows {
                for key in row.keys {
                    guard let binding = bindings.first(where: { $0.keys.contains(key) }) else {
                        Issue.record("docs/browser.md:\(row.line): \(key) does nothing under “\(heading)”")
                        continue
                    }
                    #expect(
                        Self.shareMeaning(row.meaning, binding.help),
                        "docs/browser.md:\(row.line): \(key) is \(binding.command) (“\(binding.help)”), not “\(row.text)”"
                    )
                }
            }
        }
    }
}
