import FlagBrowser
import FlagCore
import Foundation
import Testing

@Suite("The help overlay: fits every width, scrolls with the paging keys, says what is below")
struct HelpOverlayTests {
    /// The text inside the help box, row by row (between its side borders).
    static func boxRows(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line -> String? in
            let characters = Array(line)
            guard let left = characters.firstIndex(of: "│"), let right = characters.lastIndex(of: "│"), right > left + 1
            else { return nil }
            return String(characters[(left + 1)..<right]).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(
        "At every size the whole help can be read: nothing is cut, paging reaches the legend's last line, the indicator counts what is below",
        arguments: [(40, 10), (60, 16), (80, 24), (120, 40)])
    func readableAtEverySize(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height, pressing: "?") { demo in
            #expect(demo.screen.contains("↓"), "more lines than fit at \(width)×\(height)")
            if width >= 60 { #expect(demo.screen.contains("more below ↓ (")) }
            var seen: [String] = []
            var pages = 0
            while true {
                let screen = demo.screen
                let rows = Self.boxRows(screen)
                #expect(!rows.contains { $0.contains("…") }, "a help line is cut at \(width)×\(height):\n\(screen)")
                seen += rows
                if !screen.contains("more below ↓") && !screen.contains(" more ─") { break }
                pages += 1
                guard pages < 60 else {
                    Issue.record("PgDn never reaches the end")
                    return
                }
                try demo.press("<PgDn>")
            }
            let text = seen.joined(separator: " ")
            #expect(text.contains("the wheel scrolls"), "the legend's last line is reached")
            #expect(
                text.contains("constraint satisfied,") && text.contains("determined, other platform"),
                "the constraints legend is whole")
            #expect(demo.screen.contains("└─ ↑ "), "at the bottom the indicator says what is above")
            try demo.press("<Home>")
            #expect(demo.screen.contains("Essentials"))
            #expect(!demo.screen.contains("└─ ↑ "))
            try demo.press("<End>")
            #expect(
                !demo.screen.contains("more below ↓") && !demo.screen.contains(" more ─"), "End shows the last line")
            let atEnd = demo.screen
            try demo.press("<PgDn>j<Down>")
            #expect(demo.screen == atEnd, "no scrolling past the end")
            try demo.press("g")
            #expect(demo.screen.contains("Essentials"))
            try demo.press("G")
            #expect(demo.screen == atEnd, "G is End")
            try demo.press("<Esc>")
            #expect(demo.session.state.mode == .normal)
        }
    }

    @Test("Every key the help lists for itself does what it says")
    func helpKeysFromTheTable() throws {
        try DemoFixture.opened(width: 80, height: 24) { demo in
            for binding in Keymap.help.bindings {
                for key in binding.keys {
                    try demo.press("?")
                    _ = demo.session.press(.pageDown)
                    guard case .help(let middle) = demo.session.state.mode else {
                        Issue.record("help did not open")
                        return
                    }
                    _ = demo.session.press(key)
                    let mode = demo.session.state.mode
                    switch binding.command {
                    case .close: #expect(mode == .normal, "\(key) closes the help")
                    case .lineDown: #expect(mode == .help(scroll: middle + 1), "\(key)")
                    case .lineUp: #expect(mode == .help(scroll: middle - 1), "\(key)")
                    case .pageDown: #expect(mode.helpScroll ?? 0 > middle, "\(key)")
                    case .pageUp: #expect(mode == .help(scroll: 0), "\(key)")
                    case .top: #expect(mode == .help(scroll: 0), "\(key)")
                    case .bottom: #expect(mode.helpScroll ?? 0 > middle, "\(key)")
                    }
                    if mode != .normal { _ = demo.session.press(.escape) }
                }
            }
        }
    }

    @Test("The wheel scrolls the help while it is open")
    func wheel() throws {
        try DemoFixture.opened(width: 80, height: 24, pressing: "?") { demo throws in
            demo.session.apply(.mouse(MouseEvent(kind: .wheelDown, x: 40, y: 10)))
            #expect(demo.session.state.mode == .help(scroll: 3))
            #expect(demo.screen.contains("↑ 3 above"))
        }
    }
}

extension Mode {
    /// The help's scroll, when the help is open.
    var helpScroll: Int? {
        if case .help(let scroll) = self { return scroll }
        return nil
    }
}
