import FlagBrowser
import Testing

@Suite("Golden screens of the demo")
struct RendererGoldenScreenTests {
    @Test("The first frame at each size", arguments: [(120, 40), (80, 24), (40, 10), (20, 5)])
    func firstFrame(width: Int, height: Int) throws {
        let demo = try DemoFixture(width: width, height: height)
        defer { demo.remove() }
        try Golden.check(demo.screen, named: "demo-\(width)x\(height)")
    }

    @Test("A shadowed override with every layer in the detail pane", arguments: [(120, 40), (80, 24)])
    func shadowedOverride(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height, pressing: "/results_per<Enter><Tab>") { demo in
            try Golden.check(demo.screen, named: "shadowed-\(width)x\(height)")
        }
    }

    @Test(
        "A targeted flag: its rule trace wrapped (never cut) under its layer, the deciding step marked",
        arguments: [(120, 40), (80, 24)])
    func targetedFlag(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height, pressing: "/rankingModel<Enter>") { demo in
            if width < 90 { try demo.press("<Tab>") }
            let screen = demo.screen
            try Golden.check(screen, named: "targeted-\(width)x\(height)")
            // The detail pane's side of each line (the whole line when it is full-width).
            let pane = screen.split(separator: "\n").map { String($0.split(separator: "│").last ?? $0) }
            let trace = try #require(
                pane.firstIndex { $0.contains("rules chose variant \"personalised\"") }, "\(screen)")
            let traceLines = pane[trace...].prefix { !$0.contains("QA profile") }
            #expect(traceLines.contains { $0.contains("▶ fractional(") }, "\(screen)")
            // Wrapped, not cut: the split's last share is on screen whole with its bar, marked as this
            // device's, and no trace line ends in an ellipsis.
            #expect(traceLines.contains { $0.contains("▶ personalised  █████░░░░░ 50 %") }, "\(screen)")
            #expect(!traceLines.contains { $0.contains("…") }, "\(screen)")
        }
    }

    @Test("An unavailable feature with constraints and next steps", arguments: [(120, 40), (40, 10)])
    func unavailableFeature(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height, pressing: "/smart playlists<Enter>") { demo in
            if width < 90 { try demo.press("<Tab>") }
            try Golden.check(demo.screen, named: "feature-\(width)x\(height)")
        }
    }

    @Test("Help, the enum picker, the text editor and the reset-all confirmation")
    func overlays() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "?") { demo in
            try Golden.check(demo.screen, named: "help-120x40")
            try demo.press("<Esc>/onboardingVariant<Enter>e")
            try Golden.check(demo.screen, named: "picker-120x40")
            try demo.press("<Esc>/resultsPerPage<Enter>e<C-u>500")
            try Golden.check(demo.screen, named: "editor-invalid-120x40")
            try demo.press("<Esc>X")
            try Golden.check(demo.screen, named: "confirm-reset-all-120x40")
        }
    }
}
