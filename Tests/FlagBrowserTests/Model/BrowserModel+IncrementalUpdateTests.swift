import FlagCore
import Foundation
import Testing

@testable import FlagBrowser

/// After an edit the browser re-reads only the writable file and updates the keys that changed:
/// what it shows must be exactly what a fresh load of the same files shows.
@Suite("Browser model updated after a write")
struct BrowserModelIncrementalUpdateTests {
    /// The browser session's model next to one built from scratch from the files as they are now.
    static func expectSameAsFreshLoad(_ demo: DemoFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        let model = demo.session.state.model
        let workspace = Workspace.load(
            from: demo.folder.appendingPathComponent("flagscope.yml"), environment: [:],
            remote: .known(model.workspace.remoteAnswers))
        let fresh = BrowserModel(workspace: workspace, now: DemoFixture.today)
        #expect(model.values == fresh.values, "values, sources and marks", sourceLocation: sourceLocation)
        #expect(
            model.viewMarks.map(\.rawValue) == fresh.viewMarks.map(\.rawValue), "views", sourceLocation: sourceLocation)
        #expect(
            workspace.flags.keys.map(model.hugeValueSize) == workspace.flags.keys.map(fresh.hugeValueSize),
            sourceLocation: sourceLocation)
        #expect(model.explanations == fresh.explanations, "features", sourceLocation: sourceLocation)
        #expect(model.nodes.map(\.id) == fresh.nodes.map(\.id), "tree", sourceLocation: sourceLocation)
        #expect(Set(model.workspace.diagnostics) == Set(workspace.diagnostics), sourceLocation: sourceLocation)
        #expect(model.workspace.unknownKeys == workspace.unknownKeys, sourceLocation: sourceLocation)
        #expect(
            model.workspace.providers.map(\.entries) == workspace.providers.map(\.entries),
            sourceLocation: sourceLocation)
        for key in workspace.flags.keys {
            #expect(model.resolution(key) == fresh.resolution(key), "\(key)", sourceLocation: sourceLocation)
        }
    }

    @Test("A toggle re-reads only the writable file, and the model matches a fresh load")
    func toggle() throws {
        try DemoFixture.opened { demo in
            // Cycle every view first, so each view's rows are worked out (and kept) before the write.
            try demo.press("FFFFFF")
            #expect(!demo.screen.contains("downloadOverCellular"))
            try demo.press("/downloadOverCellular<Enter>")
            let before = demo.session.state.model.value("storage/download_over_cellular")
            try demo.press("<Space>")
            let after = try #require(demo.session.state.model.value("storage/download_over_cellular"))
            #expect(after.value != before?.value)
            #expect(after.source == "Local")
            #expect(demo.session.state.model.isOverridden("storage/download_over_cellular"))
            #expect(demo.screen.contains("✎"), "the row is marked as set in the writable file")
            Self.expectSameAsFreshLoad(demo)
            // The "overridden" view now holds it: the view's rows were worked out again.
            try demo.press("<Escape>F")
            #expect(demo.screen.contains("downloadOverCellular"))
            try demo.press("FFFFF")
            // Undo removes the key again: back to what it was, still matching a fresh load.
            try demo.press("u")
            #expect(demo.session.state.model.value("storage/download_over_cellular") == before)
            Self.expectSameAsFreshLoad(demo)
        }
    }

    @Test("A context key a feature reads: the features and the tree are recomputed, and match a fresh load")
    func contextKey() throws {
        try DemoFixture.opened(width: 120, height: 40, pressing: "/Cover art studio<Enter>l") { demo in
            try demo.press("/permission photos<Enter>")
            try demo.press("e<Up><Up><Up><Up><Up><Down><Down><Down><Down><Enter>")
            #expect(try demo.localValues()["context/permissions/photos"] as? String == "authorized")
            Self.expectSameAsFreshLoad(demo)
        }
    }

    @Test("Another writer's change to the writable file is picked up with ours; a computed flag follows it")
    func concurrentChange() throws {
        try DemoFixture.opened(width: 120, height: 40) { demo in
            // lab/remember_login = lab/sson && context/locale == 'it' (QA says 'it').
            #expect(demo.session.state.model.value("lab/remember_login")?.value == .bool(true))
            try demo.press("/downloadOverCellular<Enter><Space>")
            // Someone else sets the locale in the same file between our writes.
            var local = try demo.localValues()
            local["context/locale"] = "en"
            try JSONSerialization.data(withJSONObject: local).write(
                to: demo.folder.appendingPathComponent(".flagscope/local.json"))
            try demo.press("<Space>")
            #expect(demo.session.state.model.value("lab/remember_login")?.value == .bool(false))
            #expect(demo.session.state.model.value("context/locale")?.value == .string("en"))
            Self.expectSameAsFreshLoad(demo)
        }
    }

    @Test("A write re-reads only the writable file, unless a context key no blueprint declares comes or goes")
    func rereadOnly() throws {
        let demo = try DemoFixture()
        defer { demo.remove() }
        let editor = FlagEditor(workspace: demo.session.state.model.workspace)
        #expect(try editor.set(["storage/download_over_cellular": .bool(true)], force: false).rereadOnly)
        #expect(try editor.set(["context/locale": .string("fr")], force: false).rereadOnly, "a declared context key")
        let added = try editor.set(["context/screen_reader": .string("on")], force: false)
        #expect(!added.rereadOnly, "a new key of the device: loaded again whole")
        #expect(added.workspace.flags["context/screen_reader"]?.origin.file == ".flagscope/local.json")
        let removed = try FlagEditor(workspace: added.workspace).reset(["context/screen_reader"])
        #expect(!removed.rereadOnly, "the key goes with the file that brought it")
        #expect(removed.workspace.flags["context/screen_reader"] == nil)
        #expect(try FlagEditor(workspace: removed.workspace).reset(["context/locale"]).rereadOnly)
    }

    @Test("Reset removes the key; the value falls back to the next layer, matching a fresh load")
    func reset() throws {
        try DemoFixture.opened(pressing: "/downloadOverCellular<Enter><Space>") { demo in
            #expect(demo.session.state.model.value("storage/download_over_cellular")?.source == "Local")
            try demo.press("x")
            #expect(demo.session.state.model.value("storage/download_over_cellular")?.source != "Local")
            Self.expectSameAsFreshLoad(demo)
        }
    }
}
