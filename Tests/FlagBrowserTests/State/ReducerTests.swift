import FlagBrowser
import FlagCore
import Foundation
import Testing

/// Keys through the reducer and its effects on a copy of the demo: edits, pickers, resets, views
/// and hidden flags, and the selection kept across reloads.
@Suite("Browser flows: keys through the reducer and effects, on a temp workspace")
struct ReducerTests {
    @Test("Space on a bool writes the flipped value to the local file and says where it went")
    func toggleWrites() throws {
        try DemoFixture.opened(pressing: "/allowsSSON<Enter><Space>") { demo throws in
            #expect(try demo.localValues()["lab/sson"] as? Bool == false)
            // Remote still wins: the warning comes first, then where the value went.
            #expect(
                demo.session.state.status?.text
                    == "⚠ Remote still wins with true: edit remote/remote-config.json · saved false in Local (.flagscope/local.json)"
            )
            #expect(
                demo.screen.contains(
                    "⚠ Remote still wins with true: edit remote/remote-config.json · saved false in Local")
            )
        }
    }

    @Test("An invalid edit is refused with the reason; a valid one is written; undo and redo write back")
    func editUndoRedo() throws {
        try DemoFixture.opened { demo in
            let before = try demo.localFile()
            try demo.press("/maxEpisodesPerFeed<Enter>e<C-u>abc")
            #expect(demo.screen.contains("✗ 'abc' is not a whole number"))
            try demo.press("<Enter>")
            #expect(try demo.localFile() == before)
            #expect(
                demo.screen.contains("✗ not saved: 'abc' is not a whole number"),
                "the editor stays open with the reason")
            try demo.press("<C-u>300<Enter>")
            #expect(try demo.localValues()["max_episodes_per_feed"] as? Int == 300)
            #expect(demo.screen.contains("set max_episodes_per_feed = 300 in Local"))
            try demo.press("u")
            #expect(try demo.localValues()["max_episodes_per_feed"] == nil)
            #expect(demo.screen.contains("undid: max_episodes_per_feed = 300"))
            try demo.press("<C-r>")
            #expect(try demo.localValues()["max_episodes_per_feed"] as? Int == 300)
        }
    }

    @Test("Enum values are chosen from a picker")
    func enumPicker() throws {
        try DemoFixture.opened(pressing: "/rankingModel<Enter><Enter>") { demo in
            #expect(demo.screen.contains("set lab/search/ranking"))
            #expect(demo.screen.contains("› "))
            try demo.press("<Esc>")
            try demo.press("e<Down><Enter>")
            #expect(try demo.localValues()["lab/search/ranking"] != nil)
        }
    }

    @Test("A locked flag is not edited from the browser")
    func lockedRefused() throws {
        try DemoFixture.opened { demo in
            let before = try demo.localFile()
            try demo.press("/apiEnvironment<Enter>e")
            #expect(demo.screen.contains("is locked"))
            #expect(try demo.localFile() == before)
        }
    }

    @Test("x resets the selected key; X lists every key, asks, and removes them all on y")
    func resets() throws {
        try DemoFixture.opened(pressing: "/boomFeature<Enter>x") { demo in
            #expect(try demo.localValues()["lab/secrets/boom_feature"] == nil)
            #expect(demo.screen.contains("removed lab/secrets/boom_feature from Local"))
            try demo.press("X")
            #expect(demo.screen.contains("Remove these"))
            #expect(demo.screen.contains("playback/auto_play_next = false"))
            try demo.press("n")
            #expect(try demo.localValues().count > 0)
            try demo.press("Xy")
            #expect(try demo.localValues().isEmpty)
            try demo.press("u")
            #expect(try demo.localValues()["playback/auto_play_next"] as? Bool == false)
        }
    }

    @Test("F cycles the views and the header names the active one")
    func views() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "F") { demo in
            #expect(demo.screen.contains("view: overridden"))
            #expect(demo.screen.contains("boomFeature"))
            #expect(!demo.screen.contains("showEuConsent"))
            try demo.press("FF")
            #expect(demo.screen.contains("view: unavailable features"))
            #expect(demo.screen.contains("Top Shelf"))
            #expect(!demo.screen.contains("Podcast QR codes"))
            try demo.press("F")
            #expect(demo.screen.contains("view: problems"))
            #expect(demo.screen.contains("playback/skip_interv"))
            // What can go: the expired flag and the override Remote shadows, not the others.
            try demo.press("F")
            #expect(demo.screen.contains("view: stale"))
            #expect(demo.screen.contains("legacyPlayerUI") && demo.screen.contains("resultsPerPage"))
            #expect(!demo.screen.contains("allowsSSON"))
            try demo.press("F")
            #expect(!(demo.screen.split(separator: "\n").first ?? "").contains("view:"))
        }
    }

    @Test("Hidden flags show only after '.'")
    func hidden() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/crashOnLaunch<Enter>") { demo in
            #expect(demo.screen.contains("no match for 'crashOnLaunch'"))
            try demo.press(".")
            try demo.press("/crashOnLaunch<Enter>")
            #expect(demo.session.state.selectedNode?.flagKey == "lab/secrets/deep/crash_on_launch")
        }
    }

    @Test("A constraint row edits its context key: authorizing the permission changes the feature")
    func whatIf() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/Cover art studio<Enter>l") { demo in
            try demo.press("/permission photos<Enter>")
            try demo.press("e")
            #expect(demo.screen.contains("set context/permissions/photos"))
            try demo.press("<Up><Up><Up><Up><Up><Down><Down><Down><Down><Enter>")
            #expect(try demo.localValues()["context/permissions/photos"] as? String == "authorized")
        }
    }

    @Test("The selection survives a reload and a resize")
    func selectionKept() throws {
        try DemoFixture.opened(pressing: "/resultsPerPage<Enter>") { demo throws in
            demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
            #expect(demo.session.state.selectedNode?.flagKey == "lab/search/results_per_page")
            demo.session.apply(.resize(width: 30, height: 8))
            #expect(
                demo.screen.split(separator: "\n").joined(separator: " ").contains(
                    "terminal too small (need 40×10, have 30×8)"))
            demo.session.apply(.resize(width: 100, height: 30))
            #expect(demo.session.state.selectedNode?.flagKey == "lab/search/results_per_page")
            #expect(demo.screen.contains("› "))
        }
    }

    @Test("Space on a feature without a user toggle says what Space does and where to go instead; nothing is written")
    func spaceExplains() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            let before = try demo.localFile()
            try demo.press("/smart playlists<Enter><Space>")
            #expect(
                demo.screen.contains(
                    "Space toggles a bool; Smart playlists has no user toggle — → shows its constraints, e on one simulates it"
                ))
            #expect(try demo.localFile() == before)
            try demo.press("gg<Space>")
            #expect(
                demo.screen.contains("nothing to toggle here: Space toggles a bool flag (Enter or → opens a branch)"))
        }
    }
}
