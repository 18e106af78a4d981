import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

@Suite("Search while typing: a match counter, no match at once, and only the final match's branches opened")
struct ReducerSearchTests {
    @Test(
        "Typed from the Context branch, a query lands on the flag, not on the Problems row below that quotes it; n then reaches the problem"
    )
    func flagsBeforeProblems() throws {
        try DemoFixture.opened(width: 120, height: 30, pressing: "/context/locale<Enter>/new_onboarding") { demo in
            guard case .flag(let key)? = demo.session.state.selectedNode?.kind else {
                Issue.record("no flag selected: \(demo.screen)")
                return
            }
            #expect(key == "new_onboarding")
            try demo.press("<Enter>n")
            guard case .diagnostic(let problem)? = demo.session.state.selectedNode?.kind else {
                Issue.record("n does not reach the problem: \(demo.screen)")
                return
            }
            #expect(problem.message.contains("'new_onboarding' in provider 'QA profile' does not fit"))
        }
    }

    static func lines(_ demo: DemoFixture) -> [String] {
        demo.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("The prompt counts the matches (1/4) while typing and says no match as soon as the query has none")
    func counter() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/ski") { demo in
            var prompt = try #require(Self.lines(demo).last)
            #expect(prompt.hasPrefix("/ski"))
            // The two skip flags, the misspelt key under Unknown keys, and the Problems row about it.
            #expect(prompt.hasSuffix("1/4"), "the counter at the right of the prompt: \(prompt)")
            try demo.press("pq")
            prompt = try #require(Self.lines(demo).last)
            #expect(prompt.hasPrefix("/skipq"))
            #expect(prompt.contains("no match"), "before Enter: \(prompt)")
            try demo.press("<BS><Enter>")
            #expect(demo.screen.contains("search: skip (1/4) — n next, N previous, f filter"))
            try demo.press("n")
            #expect(demo.screen.contains("/skip (2/4)"))
            try demo.press("nnn")
            #expect(demo.screen.contains("/skip (1/4)"), "n wraps round")
            try demo.press("N")
            #expect(demo.screen.contains("/skip (4/4)"), "N wraps back")
        }
    }

    @Test("Typing leaves open only the branches of the final match: an earlier match's branch closes again")
    func onlyFinalBranches() throws {
        try DemoFixture.opened(width: 120, height: 60) { demo in
            let before = demo.session.state.expanded
            try demo.press("/sha")
            #expect(demo.session.state.selectedNode?.label.contains("Sleep timer") == true)
            #expect(demo.screen.contains("▾ ✓ Podcast player"), "Sleep timer's parent feature opened to show it")
            try demo.press("r")
            #expect(demo.session.state.selectedNode?.label.contains("Share with friends") == true)
            #expect(demo.screen.contains("▸ ✓ Podcast player"), "opened for “sha” only, closed again for “shar”")
            #expect(
                demo.session.state.expanded == before,
                "Share with friends is at the top of Features: nothing else opened")
            try demo.press("<Enter>")
            #expect(demo.session.state.expanded == before)
        }
    }

    @Test("Esc goes back to where the search started, with the branches its matches opened closed")
    func escapeGoesBack() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            let before = demo.session.state.expanded
            try demo.press("jj")
            let start = demo.session.state.selectedNode?.id
            try demo.press("/fuzzy")
            #expect(demo.session.state.selectedNode?.flagKey == "lab/search/fuzzy_match_threshold")
            #expect(demo.screen.contains("▾ search"))
            try demo.press("<Esc>")
            #expect(demo.session.state.selectedNode?.id == start)
            #expect(demo.session.state.expanded == before)
            #expect(demo.screen.contains("▸ search"))
        }
    }

    @Test("Search finds collapsed rows, n and N walk the matches, f keeps only matches and their ancestors")
    func searchAndFilter() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/skip<Enter>") { demo in
            #expect(demo.session.state.selectedNode?.flagKey == "playback/skip_interval")
            try demo.press("n")
            #expect(demo.session.state.selectedNode?.flagKey == "playback/skip_back_interval")
            try demo.press("N")
            #expect(demo.session.state.selectedNode?.flagKey == "playback/skip_interval")
            try demo.press("f")
            let screen = demo.screen
            #expect(screen.contains("filter: skip"))
            #expect(screen.contains("Podcast app"))
            #expect(!screen.contains("allowsSSON"))
            try demo.press("<Esc>")
            #expect(demo.screen.contains("allowsSSON"))
        }
    }
}

@Suite("Search counter past a thousand matches")
struct SearchCounterLimitTests {
    @Test("Past 1000 matches the counter says 1000+ and the next match is still found; a narrower query counts again")
    func manyMatches() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flags = (0..<1_500).map { "  flag\($0): { type: bool, default: false, description: Flag \($0) }" }
        try folder.write("blueprints/app.yml", "name: App\nflags:\n" + flags.joined(separator: "\n") + "\n")
        try folder.write("flagscope.yml", "blueprints: [blueprints/app.yml]\n")
        var session = BrowserSession(
            workspaceFile: folder.file("flagscope.yml"), environment: [:], width: 100, height: 30)
        func lastLine() -> String { session.render().text.split(separator: "\n").last.map(String.init) ?? "" }

        try session.press("/flag")
        #expect(lastLine().hasSuffix("1000+"), "\(lastLine())")
        try session.press("<Enter>")
        #expect(lastLine() == "search: flag (1000+) — n next, N previous, f filter")
        #expect(session.state.selection.map { "\($0)" }?.contains("flag0") == true)
        try session.press("n")
        #expect(lastLine() == "/flag (1000+)")
        #expect(session.state.selection.map { "\($0)" }?.contains("flag1") == true)
        try session.press("/flag149")
        #expect(lastLine().hasSuffix("1/11"), "flag149 and flag1490…1499: \(lastLine())")
    }
}
