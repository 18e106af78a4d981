import FlagBrowser
import FlagCore
import Foundation
import Testing

/// `E`: the view's overrides exported from the browser (docs/export.md), shown in a pane, copied
/// or written to a file.
@Suite("E exports the view's overrides")
struct ReducerExportTests {
    @Test("E offers every format but simctl; launch-arguments shows the demo's five overrides in a pane")
    func pickAndShow() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "E") { demo in
            let picker = demo.screen
            #expect(picker.contains("export the view's overrides as"))
            for format in ["launch-arguments", "xcscheme", "env", "json", "plist", "flagd"] {
                #expect(picker.contains(format), "\(format)")
            }
            #expect(!picker.contains("simctl"))
            try demo.press("<Enter>")
            let pane = demo.screen
            #expect(pane.contains("launch-arguments · 5 keys"), "\(pane)")
            for line in [
                "-lab/search/results_per_page 25", "-lab/secrets/boom_feature YES", "-playback/auto_play_next NO",
                "-store/catalog/featured_shows_count 24", "-player/sleep_timer/user_toggled NO",
            ] {
                #expect(pane.contains(line), "\(line)")
            }
            #expect(pane.contains("launch-arguments: 5 overrides of the view — y copies, w writes a file"))
            try demo.press("<Esc>")
            #expect(demo.session.state.mode == .normal)
        }
    }

    @Test("With a filter, only the overrides among the rows shown; env names variables with the demo's prefix")
    func filtered() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/lab/<Enter>f") { demo in
            try demo.press("E<Down><Down><Enter>")
            let pane = demo.screen
            #expect(pane.contains("env · 2 keys"), "\(pane)")
            #expect(pane.contains("FLAGSCOPE_DEMO_LAB__SEARCH__RESULTS_PER_PAGE=25"))
            #expect(pane.contains("FLAGSCOPE_DEMO_LAB__SECRETS__BOOM_FEATURE=true"))
            #expect(!pane.contains("AUTO_PLAY_NEXT"))
        }
    }

    @Test("y asks the terminal to copy the text; w writes a file in the workspace folder, never over one")
    func copyAndWrite() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "E<End><Enter>y") { demo in
            let request = demo.session.takeCopyRequest()
            let copied = try #require(request)
            #expect(copied.contains(#""$schema": "https://flagd.dev/schema/v0/flags.json""#))
            #expect(demo.screen.contains("copied"))
            // A path, outside the folder or into the workspace's own folders, is refused as typed.
            try demo.press("w../escape.json<Enter>")
            #expect(
                demo.screen.contains("a file name, not a path: it is written in the workspace folder"), "\(demo.screen)"
            )
            #expect(
                !FileManager.default.fileExists(
                    atPath: demo.folder.deletingLastPathComponent().appendingPathComponent("escape.json").path))
            try demo.press("<Esc>")
            try demo.press("w")
            #expect(demo.screen.contains("write the export to:"))
            try demo.press("flags.flagd.json<Enter>")
            #expect(demo.screen.contains("wrote flags.flagd.json in the workspace folder"))
            let written = try Data(contentsOf: demo.folder.appendingPathComponent("flags.flagd.json"))
            #expect(String(decoding: written, as: UTF8.self) == copied)
            try demo.press("wflags.flagd.json<Enter>")
            #expect(demo.screen.contains("not written: flags.flagd.json exists; w again with another name"))
            try demo.press("w<Esc>")
            #expect(demo.screen.contains("nothing written"))
            #expect(demo.screen.contains("flagd · 5 keys"), "Esc goes back to the export")
        }
    }
}
