import FlagBrowser
import FlagCore
import Foundation
import Testing

@Suite("Pickers: typed text, spaces included, finds options until Enter or Esc")
struct PickerJumpTests {
    /// The picker's highlighted row.
    static func highlighted(_ demo: DemoFixture) -> String {
        demo.screen.split(separator: "\n").first { $0.contains("│ ›") }.map(String.init) ?? ""
    }

    /// The picker box's text: its lines from the title to the bottom edge.
    static func box(_ demo: DemoFixture) -> String {
        let lines = demo.screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let top = lines.firstIndex(where: { $0.contains("┌─ ") }) else { return "" }
        let bottom = lines[top...].firstIndex { $0.contains("└─") } ?? lines.count - 1
        return lines[top...bottom].joined(separator: "\n")
    }

    /// The device a session simulates, as the header names it.
    static func device(_ demo: DemoFixture) -> String? {
        demo.session.state.model.workspace.activeDevice?.name
    }

    @Test("Typing a device's whole name, spaces and all, then Enter simulates that device and runs no key as a command")
    func deviceNameWithSpaces() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            let before = try demo.localFile()
            try demo.press("pQA iPhone 15")
            guard case .picker = demo.session.state.mode else {
                Issue.record("a space or a letter closed the picker")
                return
            }
            #expect(Self.highlighted(demo).contains("QA iPhone 15 (subscriber)"))
            #expect(demo.screen.contains("find: qa iphone 15 · 1 of 4"))
            try demo.press("<Enter>")
            #expect(Self.device(demo) == "QA iPhone 15 (subscriber)")
            #expect(try demo.localFile() == before, "no typed letter reached the browser's keys and wrote a value")
        }
    }

    @Test("A text several devices hold shows them all, the others hidden; Enter takes the highlighted one")
    func severalMatches() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "pQA iPhone") { demo in
            #expect(Self.box(demo).contains("QA iPhone 13 (location denied)"))
            #expect(Self.box(demo).contains("QA iPhone 15 (subscriber)"))
            #expect(!Self.box(demo).contains("QA iPad Air"), "a device without the text is not shown")
            #expect(demo.screen.contains("2 of 4"))
            try demo.press("<Down><Enter>")
            #expect(Self.device(demo) == "QA iPhone 15 (subscriber)", "↓ moved among the shown devices")
        }
    }

    @Test("Any word of an option finds it; BS shows more again; a character nothing holds is refused and said")
    func narrowAndWiden() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/onboardingVariant<Enter>e") { demo in
            #expect(demo.screen.contains("type to find"))
            try demo.press("o")
            #expect(demo.screen.contains("find: o · 3 of 3"), "control, carousel and video all hold an o")
            try demo.press("u")
            #expect(Self.highlighted(demo).contains("carousel"), "“ou” is only in carousel")
            #expect(!Self.box(demo).contains("video"))
            try demo.press("x")
            #expect(demo.screen.contains("no option holds 'oux'"))
            #expect(demo.screen.contains("find: ou · 1 of 3"), "the refused character is not kept")
            try demo.press("<BS>")
            #expect(Self.box(demo).contains("video"), "taking the u back shows the others again")
            try demo.press("<End><Enter>")
            #expect(try demo.localValues()["lab/onboarding_variant"] as? String == "video")
        }
    }

    @Test("In a picker j, k, g, q and Space are text to find with, not moves: the footer and help say how to move")
    func lettersAreNotMoves() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/onboardingVariant<Enter>e<Home>j") { demo in
            #expect(Self.highlighted(demo).contains("control"))
            #expect(demo.screen.contains("no option holds 'j'"))
            #expect(demo.screen.contains("↑↓ choose  Enter save  Esc cancel"))
            try demo.press("q<Space>")
            guard case .picker = demo.session.state.mode else {
                Issue.record("q or Space closed the picker")
                return
            }
            try demo.press("<Esc>")
            #expect(try demo.localValues()["lab/onboarding_variant"] == nil, "Esc wrote nothing")
        }
    }
}
