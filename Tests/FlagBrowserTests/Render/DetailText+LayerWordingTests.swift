import FlagBrowser
import FlagCore
import Foundation
import Testing

/// A layer is put into words in one place (`LayerDescription`): `get` and the detail pane say the
/// same thing, and the pane wraps it whole at every size.
@Suite("Layer wording in get and the detail pane")
struct DetailTextLayerWordingTests {
    @Test("A key no layer sets is 'unset' once: its value says why, its default is none, and nothing wins")
    func unsetSaidOnce() throws {
        try DemoFixture.opened(width: 140, height: 40, pressing: "/context/country<Enter>") { demo in
            let lines = demo.screen.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasSuffix("│ value        unset: no layer sets it") }, "\(demo.screen)")
            #expect(lines.contains { $0.hasSuffix("│ default      none") })
            let defaultRow = try #require(
                lines.first { $0.contains("│   default       ") || $0.contains("│ ▶ default") })
            #expect(defaultRow.hasSuffix("│   default       none"), "no ▶ and no wins: \(defaultRow)")
            #expect(!demo.screen.contains("unset (unknown)") && !demo.screen.contains("unset means unknown"))
        }
    }

    @Test(
        "A layer name too long for its column is cut with a space before its state, at every pane width",
        arguments: [(100, 30), (80, 24), (140, 40)])
    func longLayerName(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height) { demo in
            try demo.press("pQA iPhone 15<Enter>/results_per<Enter>" + (width < 90 ? "<Tab>" : ""))
            let row = try #require(
                demo.screen.split(separator: "\n").first { $0.contains("Device: QA iPho") && $0.contains("unset") })
            let name = try #require(row.range(of: "Device: QA iPho"))
            let rest = row[name.upperBound...].drop { $0 != " " && $0 != "…" }
            #expect(rest.hasPrefix("… ") || rest.hasPrefix(" "), "a space parts the name from its state: \(row)")
            #expect(row.contains(" unset"), "\(row)")
            #expect(!row.contains("…unset") && !row.contains("…set"))
        }
    }

    /// A stack with a layer in every state: `set`, `unset`, `typeMismatch`, `excluded`, `missing`, `error`.
    struct EveryState {
        let folder: URL
        var session: BrowserSession

        init(width: Int, height: Int) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "flagscope-wording-\(UUID().uuidString)")
            let files = [
                "flagscope.yml": """
                blueprints: [blueprints/app.yml]
                providers:
                  - { name: Remote, format: json, path: remote.json }
                  - { name: Broken, format: json, path: broken.json }
                  - { name: Gone, format: json, path: profiles/gone.json }
                  - { name: Local, format: json, path: local.json, writable: true }

                """,
                "blueprints/app.yml": """
                name: App
                keyPrefix: lab
                flags:
                  mode:
                    type: enum
                    values: [off, gentle, aggressive]
                    default: off
                    description: How hard to try
                    excludedProviders: [Remote]

                """,
                "remote.json": #"{"lab/mode": "gentle"}"#,
                "broken.json": "{ this is not json",
                "local.json":
                    #"{"lab/mode": "a value far too long to be one of the three values this enum allows, so it is ignored"}"#,
            ]
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            session = BrowserSession(
                workspaceFile: folder.appendingPathComponent("flagscope.yml"), environment: [:],
                width: width, height: height, now: DemoFixture.today)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// The detail pane's text: the part of each screen line right of the tree's border (all of it
    /// when the detail has the whole screen), without the header and footer; lines start with
    /// the pane's one-column margin either way.
    static func detail(_ screen: String, treeWidth: Int) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2).map { line in
            let characters = Array(line)
            return treeWidth == 0 ? String(line) : String(characters.dropFirst(min(characters.count, treeWidth + 1)))
        }
    }

    /// Text with every run of spaces made one: wrapped lines rejoined compare with unwrapped text.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(
        "Every state's reason reads the same in get and in the detail pane, whole at each size",
        arguments: [(120, 40), (80, 24), (200, 60)])
    func sameWordsEverywhere(width: Int, height: Int) throws {
        var workspace = try EveryState(width: width, height: height)
        defer { workspace.remove() }
        for key in try KeyEvent.parse("j" + (width < 90 ? "<Tab>" : "")) { _ = workspace.session.press(key) }
        let state = workspace.session.state
        #expect(state.selectedNode?.flagKey == "lab/mode")
        let resolution = try #require(state.model.resolution("lab/mode"))
        let layers = LayerDescription.all(of: resolution, workspace: state.model.workspace)
        #expect(layers.map(\.stateWord) == ["excluded", "error", "missing", "typeMismatch"])
        let reasons = layers.compactMap { $0.reason?.text }
        #expect(reasons[0] == "listed in the flag's excludedProviders")
        #expect(reasons[1].hasPrefix("broken.json:1:3: "), "an unreadable file says where: \(reasons[1])")
        #expect(reasons[2] == "profiles/gone.json does not exist")
        #expect(reasons[3].hasPrefix("ignored: 'a value far too long"))

        let get = GetReport(resolution: resolution, now: DemoFixture.today, workspace: state.model.workspace).text
        let layout = Layout(width: width, height: height, detailFocused: state.focus == .detail)
        let pane = Self.detail(workspace.session.render().text, treeWidth: layout.showsTree ? layout.treeWidth : 0)
        let paneText = Self.flattened(pane.joined(separator: " "))
        for reason in reasons {
            #expect(get.contains(reason), "get says: \(reason)\n\(get)")
            #expect(
                paneText.contains(Self.flattened(reason)),
                "the pane says it whole at \(width)×\(height): \(reason)\n\(pane.joined(separator: "\n"))")
        }
        // Wrapped, not cut: what is said below a headline (from column 16 of the pane) never ends
        // in …; only a headline's value is cut to leave room for how it stands.
        let start = try #require(pane.firstIndex { $0.contains("Layers, highest first:") })
        let layerLines = pane[start...].prefix { !$0.hasPrefix("   default") }
        let said = layerLines.filter { $0.hasPrefix(String(repeating: " ", count: 17)) }
        #expect(!said.isEmpty && !said.contains { $0.hasSuffix("…") }, "\(layerLines.joined(separator: "\n"))")
        #expect(
            pane.allSatisfy {
                TerminalText.displayWidth(of: $0) <= (layout.showsTree ? width - layout.treeWidth - 1 : width)
            })
    }

    @Test(
        "The demo's long reasons and Remote's notes are whole in the detail pane at 120×40 and 80×24",
        arguments: [(120, 40), (80, 24)])
    func demoNotesWhole(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height) { demo in
            try demo.press("/onboardingVariant<Enter>" + (width < 90 ? "<Tab>" : ""))
            let state = demo.session.state
            let resolution = try #require(state.model.resolution("lab/onboarding_variant"))
            let said = LayerDescription.all(of: resolution, workspace: state.model.workspace).flatMap(\.lines).map(
                \.text)
            #expect(said.count >= 3, "the QA profile's reason and Remote's two conditions")
            let layout = Layout(width: width, height: height, detailFocused: state.focus == .detail)
            var pane = Self.detail(demo.screen, treeWidth: layout.showsTree ? layout.treeWidth : 0)
            // At 80×24 the pane scrolls: read the rest of it too.
            if width < 90 {
                try demo.press("<PgDn>")
                pane += Self.detail(demo.screen, treeWidth: 0)
            }
            let paneText = Self.flattened(pane.joined(separator: " "))
            for line in said {
                #expect(
                    paneText.contains(Self.flattened(line)),
                    "whole at \(width)×\(height): \(line)\n\(pane.joined(separator: "\n"))")
            }
        }
    }

    @Test(
        "A JSON value is pretty-printed in the detail pane: two-space indent, one member per line, long lines cut",
        arguments: [(120, 40), (80, 24)])
    func prettyJSON(width: Int, height: Int) throws {
        try DemoFixture.opened(width: width, height: height) { demo in
            try demo.press("/lab/paywall/config<Enter>" + (width < 90 ? "<Tab>" : ""))
            let layout = Layout(width: width, height: height, detailFocused: demo.session.state.focus == .detail)
            let pane = Self.detail(demo.screen, treeWidth: layout.showsTree ? layout.treeWidth : 0)
            let value = try #require(
                pane.firstIndex { $0.hasPrefix(" value        {") }, "\(pane.joined(separator: "\n"))")
            #expect(
                Array(pane[(value + 1)...(value + 7)]) == [
                    #"                "headline": "Your shows, your way","#,
                    #"                "highlights": ["#,
                    #"                  "smart_playlists","#,
                    #"                  "dynamic_speed""#,
                    #"                ],"#,
                    #"                "showAnnualFirst": false"#,
                    #"              }   from Remote"#,
                ])
        }
    }

    @Test("A JSON member longer than the pane is cut with …, never wrapped mid-word")
    func prettyJSONCutsLongLines() throws {
        try DemoFixture.opened(width: 80, height: 24) { demo in
            let long = String(repeating: "word ", count: 30)
            try Data(#"{"lab/paywall/config": {"headline": "\#(long)", "n": 1}}"#.utf8)
                .write(to: demo.folder.appendingPathComponent(".flagscope/local.json"))
            try Data(#"{"parameters": {}}"#.utf8).write(
                to: demo.folder.appendingPathComponent("remote/remote-config.json"))
            demo.session.apply(.loaded(demo.session.loadModel(), message: nil))
            try demo.press("/lab/paywall/config<Enter><Tab>")
            let pane = Self.detail(demo.screen, treeWidth: 0)
            let headline = try #require(
                pane.first { $0.contains(#""headline": "word word"#) }, "\(pane.joined(separator: "\n"))")
            #expect(headline.hasSuffix("…") && TerminalText.displayWidth(of: headline) <= 80, "\(headline)")
            #expect(pane.contains(#"                "n": 1"#), "\(pane.joined(separator: "\n"))")
            #expect(pane.contains(#"              }   from Local"#), "\(pane.joined(separator: "\n"))")
        }
    }
}
