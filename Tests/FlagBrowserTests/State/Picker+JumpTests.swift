import FlagBrowser
import FlagCore
import Foundation
import Testing

@Suite("Pickers: typing jumps to the option that starts with it")
struct PickerJumpTests {
    /// The picker's highlighted row.
    static func highlighted(_ demo: DemoFixture) -> String {
        demo.screen.split(separator: "\n").first { $0.contains("│ ›") }.map(String.init) ?? ""
    }

    @Test(
        "A letter jumps to the first option starting with it, more letters narrow it, the same letter again goes to the next"
    )
    func typeToJump() throws {
        var demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("/onboardingVariant<Enter>e")
        #expect(demo.screen.contains("type to jump"))
        try demo.press("v")
        #expect(Self.highlighted(demo).contains("video"))
        try demo.press("c")
        #expect(Self.highlighted(demo).contains("control"), "no option starts with “vc”: “c” starts over")
        #expect(demo.screen.contains("jump: c"))
        try demo.press("a")
        #expect(Self.highlighted(demo).contains("carousel"), "“ca” narrows to carousel")
        #expect(demo.screen.contains("jump: ca"))
        try demo.press("<BS>")
        #expect(Self.highlighted(demo).contains("control"), "back to “c”")
        try demo.press("c")
        #expect(Self.highlighted(demo).contains("carousel"), "“c” again: the next option starting with c")
        try demo.press("c")
        #expect(Self.highlighted(demo).contains("control"), "and round again")
        try demo.press("x")
        #expect(demo.screen.contains("no option starts with 'x'"))
        #expect(Self.highlighted(demo).contains("control"), "a letter nothing starts with moves nothing")
        try demo.press("<Down>")
        #expect(demo.screen.contains("type to jump"), "a move forgets the letters")
        try demo.press("v<Enter>")
        #expect(try demo.localValues()["lab/onboarding_variant"] as? String == "video")
    }

    @Test("In a picker j, k, g and q are letters to jump with, not moves: the footer and help say how to move")
    func lettersAreNotMoves() throws {
        var demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        try demo.press("/onboardingVariant<Enter>e<Home>j")
        #expect(Self.highlighted(demo).contains("control"))
        #expect(demo.screen.contains("no option starts with 'j'"))
        #expect(demo.screen.contains("↑↓ choose  Enter save  Esc cancel"))
        try demo.press("q")
        guard case .picker = demo.session.state.mode else {
            Issue.record("q closed the picker")
            return
        }
    }
}
