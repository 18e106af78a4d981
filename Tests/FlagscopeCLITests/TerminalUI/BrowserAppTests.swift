import Foundation
import TestSupport
import Testing

// MARK: - Looking around

/// The browser in a real terminal (``BrowserApp``): looking around, editing, and remote providers
/// that never hold up the screen. Nested in TerminalTests, so one browser draws at a time.
extension TerminalTests {
    @Suite("Looking around")
    struct Browsing {
        @Test("flagscope demo opens the browser: header, tree, detail and key hints")
        func demoStarts() async throws {
            let state = try TemporaryFolder()
            defer { state.remove() }
            let session = try TmuxSession(
                name: "start", arguments: ["demo"], environment: ["XDG_STATE_HOME": state.url.path])
            defer { session.close() }

            let screen = try await session.waitForBrowser()
            let header = try #require(screen.lines.first)
            #expect(header.contains("Flagscope"))
            #expect(
                header.contains("Remote › Local✎ › Rollouts › Toggles › Experiments › Releases › QA profile › …"),
                "\(header)")
            #expect(screen.lines.count == 30)
            for row in [
                "▾ User Experiments", "allowsSSON", "▸ search", "▾ Podcast app", "▾ Store & Catalog", "Features",
            ] {
                #expect(screen.contains(row), "missing \(row)")
            }
            #expect(try #require(screen.selectedRow).contains("User Experiments"))
            #expect(screen.contains("contains     20 flags"), "detail pane of the selected collection")
            #expect(screen.lines[28].contains("? help") && screen.lines[28].contains("q quit"), "footer hints")
            let demo = state.url.appendingPathComponent("flagscope/demo")
            #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("flagscope.yml").path))
            #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent(".flagscope/local.json").path))

            try await TerminalTests.quit(session)
            #expect(try session.screen().contains("copied the demo workspace to \(demo.path)"))
        }

        @Test("j and k move the › selection; l and h expand and collapse a collection")
        func navigate() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("navigate")
            defer {
                session.close()
                demo.remove()
            }

            try session.press("j")
            try await session.waitUntil("the selection on allowsSSON") {
                $0.selectedRow?.contains("allowsSSON") == true
            }
            try session.press("j")
            try await session.waitUntil("the selection on rememberLogin") {
                $0.selectedRow?.contains("rememberLogin") == true
            }
            try session.press("k")
            var screen = try await session.waitUntil("the selection back on allowsSSON") {
                $0.selectedRow?.contains("allowsSSON") == true
            }
            #expect(screen.lines.filter { $0.hasPrefix("›") }.count == 1, "exactly one selected row")
            #expect(screen.contains("lab/sson"), "the detail pane follows the selection")

            try session.press("Down", "Down", "Down", "Down", "Down", "Down")
            screen = try await session.waitUntil("the selection on the collapsed search collection") {
                $0.selectedRow?.contains("▸ search") == true
            }
            #expect(!screen.contains("resultsPerPage"))

            try session.press("l")
            screen = try await session.waitUntil("search expanded") { $0.selectedRow?.contains("▾ search") == true }
            #expect(screen.contains("resultsPerPage"))
            #expect(screen.contains("fuzzyMatchThreshold"))

            try session.press("h")
            screen = try await session.waitUntil("search collapsed again") {
                $0.selectedRow?.contains("▸ search") == true
            }
            #expect(!screen.contains("resultsPerPage"))

            try session.press("Right", "Right")
            screen = try await session.waitUntil("→ twice: expand, then its first child") {
                $0.selectedRow?.contains("resultsPerPage") == true
            }
            try session.press("Left")
            try await session.waitUntil("← goes to the parent") { $0.selectedRow?.contains("▾ search") == true }

            try await TerminalTests.quit(session)
        }

        @Test("/sson then Enter selects allowsSSON and shows lab/sson in the detail pane")
        func search() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("search")
            defer {
                session.close()
                demo.remove()
            }

            try session.press("/")
            try session.type("sson")
            try await session.waitUntil("the search prompt /sson") { $0.statusLine.hasPrefix("/sson") }
            try session.press("Enter")
            let screen = try await session.waitUntil("allowsSSON selected after the search") {
                $0.selectedRow?.contains("allowsSSON") == true && $0.statusLine.contains("search: sson")
            }
            #expect(
                screen.row(containing: "│ lab/sson") != nil,
                "the detail pane beside the tree at 100 columns names the key")
            #expect(screen.contains("Offer sign-in through the listener's company"))
            #expect(screen.contains("▶ Remote        set          true  wins"))

            try await TerminalTests.quit(session)
        }

        @Test("? shows the key table over the browser, End pages to the legend's end, Esc closes it")
        func help() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("help")
            defer {
                session.close()
                demo.remove()
            }

            try session.press("?")
            // Wait for the whole overlay: a capture can land between two halves of one frame.
            let screen = try await session.waitUntil("the help is drawn") {
                $0.contains("Keys — Esc closes") && $0.contains("more below ↓")
            }
            for line in [
                "↑ k         move up", "Space       toggle bool", "p           pick a device profile",
                "c           compare with a device",
            ] {
                #expect(screen.contains(line), "help lacks “\(line)”")
            }
            try session.press("End")
            try await session.waitUntil("the end of the legend") {
                $0.contains("the wheel") && $0.contains("above") && !$0.contains("more below ↓")
            }
            try session.press("Escape")
            try await session.waitUntil("the help closed") {
                !$0.contains("Keys — Esc closes") && $0.contains("allowsSSON")
            }

            try await TerminalTests.quit(session)
        }

        @Test("Shrunk below 40×10 it says so and keeps running; grown back, the tree returns")
        func resize() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("resize")
            defer {
                session.close()
                demo.remove()
            }
            try session.press("j")
            try await session.waitUntil("allowsSSON selected") { $0.selectedRow?.contains("allowsSSON") == true }

            try session.resize(width: 30, height: 8)
            let tiny = try await session.waitUntil("the too-small message") {
                $0.flowed.contains("terminal too small (need 40×10, have 30×8)")
            }
            #expect(!tiny.contains("allowsSSON"))

            try session.resize(width: 100, height: 30)
            let screen = try await session.waitForBrowser()
            #expect(!screen.contains("too small"))
            #expect(try #require(screen.selectedRow).contains("allowsSSON"), "the selection survives the resize")

            try await TerminalTests.quit(session)
        }
    }
}

// MARK: - Editing

extension TerminalTests {
    @Suite("Editing")
    struct Editing {
        @Test("Space toggles a bool: the row flips, the local file has it, the status says where")
        func toggle() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            #expect(try demo.local()["playback/auto_play_next"] as? Bool == false)
            let session = try TmuxSession(name: "toggle", arguments: demo.browserArguments)
            defer { session.close() }
            try await session.waitForBrowser()
            try session.search("auto_play")
            try await session.waitUntil("autoPlayNext selected") { $0.selectedRow?.contains("autoPlayNext") == true }

            try session.press("Space")
            try await demo.waitForLocal("playback/auto_play_next = true") {
                $0["playback/auto_play_next"] as? Bool == true
            }
            let screen = try await session.waitUntil("the status line about the write") {
                $0.statusLine.contains("set playback/auto_play_next = true in Local (.flagscope/local.json)")
            }
            let row = try #require(screen.selectedRow)
            #expect(row.contains("true Local ✎"), "row: \(row)")
            #expect(!screen.statusLine.contains("still wins"))
            #expect(try demo.local()["lab/search/results_per_page"] as? Int == 40, "other keys are kept")

            try await TerminalTests.quit(session)
        }

        @Test("Enter on a bool that Remote overrides writes Local and warns that Remote still wins")
        func toggleShadowed() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            #expect(try demo.local()["lab/sson"] == nil)
            let session = try TmuxSession(name: "shadowed", arguments: demo.browserArguments)
            defer { session.close() }
            try await session.waitForBrowser()
            try session.press("j")
            try await session.waitUntil("allowsSSON selected") { $0.selectedRow?.contains("allowsSSON") == true }

            try session.press("Enter")
            try await demo.waitForLocal("lab/sson = false") { $0["lab/sson"] as? Bool == false }
            // The warning first, what to do about it, then where the value went.
            let screen = try await session.waitUntil("the status line about the write") {
                $0.statusLine.hasPrefix(
                    "⚠ Remote still wins with true: edit remote/remote-config.json · saved false in Local")
            }
            #expect(try #require(screen.selectedRow).contains("true Remote ✎"))
            #expect(screen.contains("Local         set          false  shadowed"))

            try await TerminalTests.quit(session)
        }

        @Test("Editing an int: an invalid value is flagged live and not saved; a valid one is written")
        func editInt() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("edit")
            defer {
                session.close()
                demo.remove()
            }
            try session.search("results_per")
            try await session.waitUntil("resultsPerPage selected") {
                $0.selectedRow?.contains("resultsPerPage") == true
            }

            try session.press("e")
            try await session.waitUntil("the editor") { $0.statusLine.hasPrefix("lab/search/results_per_page (int):") }
            try session.press("C-u")
            try session.type("abc")
            var screen = try await session.waitUntil("the editor holding abc") { $0.statusLine.hasSuffix("(int): abc") }
            let validation = screen.lines[screen.lines.count - 2]
            #expect(validation.contains("✗"), "validation line: \(validation)")
            #expect(
                validation.contains("'abc' is not a whole number (allowed: 5 to 100)"), "validation line: \(validation)"
            )

            try session.press("Enter")
            screen = try await session.waitUntil("the editor still open") { $0.statusLine.hasSuffix("(int): abc") }
            #expect(try demo.local()["lab/search/results_per_page"] as? Int == 40, "an invalid value is not saved")

            try session.press("C-u")
            try session.type("500")
            screen = try await session.waitUntil("500 flagged") {
                $0.lines[$0.lines.count - 2].contains("✗") && $0.statusLine.hasSuffix(": 500")
            }
            #expect(screen.lines[screen.lines.count - 2].contains("above the maximum"))

            try session.press("C-u")
            try session.type("50")
            screen = try await session.waitUntil("50 accepted") {
                $0.statusLine.hasSuffix(": 50") && $0.lines[$0.lines.count - 2].contains("✓")
            }
            try session.press("Enter")
            try await demo.waitForLocal("lab/search/results_per_page = 50") {
                $0["lab/search/results_per_page"] as? Int == 50
            }
            screen = try await session.waitUntil("the status line about the write") {
                $0.statusLine.hasPrefix(
                    "⚠ Remote still wins with 25: edit remote/remote-config.json · saved 50 in Local")
            }
            #expect(screen.contains("Local         set          50"))

            try await TerminalTests.quit(session)
        }

        @Test("u restores the key's previous state in the file (absent or old value); Ctrl-R redoes")
        func undoRedo() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("undo")
            defer {
                session.close()
                demo.remove()
            }

            // A key that was not in the file: undo removes it again.
            try session.press("j")
            try await session.waitUntil("allowsSSON selected") { $0.selectedRow?.contains("allowsSSON") == true }
            try session.press("Enter")
            try await demo.waitForLocal("lab/sson = false") { $0["lab/sson"] as? Bool == false }
            try session.press("u")
            try await demo.waitForLocal("no lab/sson") { $0["lab/sson"] == nil && $0["playback/auto_play_next"] != nil }
            var screen = try await session.waitUntil("the undo status") { $0.statusLine.hasPrefix("undid:") }
            #expect(screen.statusLine.contains("lab/sson"))
            #expect(
                try #require(screen.selectedRow).contains("true Remote") && !(screen.selectedRow ?? "").contains("✎"))

            // A key that was in the file: undo writes the old value back.
            try session.search("auto_play")
            try await session.waitUntil("autoPlayNext selected") { $0.selectedRow?.contains("autoPlayNext") == true }
            try session.press("Space")
            try await demo.waitForLocal("playback/auto_play_next = true") {
                $0["playback/auto_play_next"] as? Bool == true
            }
            try session.press("u")
            try await demo.waitForLocal("playback/auto_play_next = false again") {
                $0["playback/auto_play_next"] as? Bool == false
            }
            screen = try await session.waitUntil("the row back to false") {
                $0.selectedRow?.contains("false Local ✎") == true
            }
            #expect(screen.statusLine.hasPrefix("undid:"))

            try session.press("C-r")
            try await demo.waitForLocal("playback/auto_play_next = true after redo") {
                $0["playback/auto_play_next"] as? Bool == true
            }
            screen = try await session.waitUntil("the redo status") { $0.statusLine.hasPrefix("redid:") }
            #expect(try #require(screen.selectedRow).contains("true Local ✎"))

            try await TerminalTests.quit(session)
        }

        @Test("x removes the key from the local file and the row falls back to the next layer")
        func resetKey() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("reset")
            defer {
                session.close()
                demo.remove()
            }
            try session.search("auto_play")
            try await session.waitUntil("autoPlayNext from Local") {
                $0.selectedRow?.contains("autoPlayNext            false Local ✎") == true
            }

            try session.press("x")
            try await demo.waitForLocal("no playback/auto_play_next") {
                $0["playback/auto_play_next"] == nil && $0["lab/search/results_per_page"] as? Int == 40
            }
            let screen = try await session.waitUntil("the row back on the default") {
                $0.selectedRow?.contains("true default") == true
            }
            #expect(screen.statusLine.contains("playback/auto_play_next"), "status: \(screen.statusLine)")
            #expect(!(screen.selectedRow ?? "").contains("✎"))

            try await TerminalTests.quit(session)
        }

        @Test("A file changed by someone else is reloaded within a second or two, keeping the selection")
        func externalChange() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("reload")
            defer {
                session.close()
                demo.remove()
            }
            try session.search("sson")
            var screen = try await session.waitUntil("allowsSSON selected") {
                $0.selectedRow?.contains("allowsSSON") == true
            }
            #expect(screen.contains("Local         unset"))

            let set = try CLIRunner.run(["set", "lab/sson", "false", "--config", demo.workspaceFile.path])
            #expect(set.status == 0, "\(set.stdout)\(set.stderr)")
            screen = try await session.waitUntil("the reloaded value", timeout: 2.5) {
                $0.contains("Local         set          false") && $0.statusLine.contains("reloaded")
            }
            let row = try #require(screen.selectedRow)
            #expect(
                row.contains("allowsSSON") && row.contains("✎"), "the selection stays on allowsSSON, now marked: \(row)"
            )
            #expect(screen.statusLine.contains("local.json"))

            try await TerminalTests.quit(session)
        }
    }
}

// MARK: - Remote providers

extension TerminalTests {
    @Suite("Remote providers")
    struct Remote {
        @Test(
            "The first frame shows the tree and fetching… while the server still thinks; its answer lands later; r asks again; errors reach the status line"
        )
        func firstFrameDoesNotWaitForTheServer() async throws {
            let server = try FlagServer()
            defer { server.stop() }
            let workspace = try RemoteWorkspace(ofrep: server.url("slow-3"), ["timeout: 10"])
            defer { workspace.remove() }
            let session = try TmuxSession(
                name: "remote",
                arguments: ["--config", workspace.folder.url.appendingPathComponent("flagscope.yml").path],
                directory: workspace.folder.url, environment: ["XDG_CACHE_HOME": workspace.cache.url.path])
            defer { session.close() }

            let launched = Date()
            let first = try await session.waitUntil("the tree with fetching… in the header", timeout: 1.5) {
                ($0.lines.first?.contains("fetching Flags…") ?? false) && $0.contains("▾ App") && $0.contains("sson")
            }
            #expect(Date().timeIntervalSince(launched) < 1.5)
            #expect(first.row(containing: " sson ")?.contains("false default") == true, "\(first)")
            // The request reaches the server, which sleeps on it; the browser keeps drawing meanwhile.
            let deadline = Date().addingTimeInterval(2)
            while server.requests().isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(server.requests().count == 1)
            try session.press("j")
            let waiting = try await session.waitUntil("the selection moving while the server sleeps", timeout: 1) {
                $0.selectedRow?.contains("sson") == true
            }
            #expect(
                waiting.lines.first?.contains("fetching Flags…") == true,
                "answered too early to prove anything:\n\(waiting)")

            let answered = try await session.waitUntil("the server's value after its answer") {
                ($0.row(containing: " sson ")?.contains("true Flags") ?? false)
                    && !($0.lines.first?.contains("fetching") ?? true)
            }
            #expect(answered.statusLine.contains("fetched Flags"), "\(answered)")

            try session.search("greeting")
            let detail = try await session.waitUntil("the detail pane of lab/greeting with reason and variant") {
                $0.contains("reason TARGETING_MATCH") && $0.contains("variant default")
            }
            #expect(detail.row(containing: "▶ Flags")?.contains("hello  wins") == true, "\(detail)")

            try server.override("500")
            try session.press("r")
            let failed = try await session.waitUntil("the fetch error in the status line") {
                $0.statusLine.hasPrefix("Flags: the server answered HTTP 500")
            }
            #expect(server.requests().count == 2)
            #expect(
                failed.row(containing: "▶ Flags")?.contains("(cached)") == true,
                "the cached answer stands in:\n\(failed)")
            #expect(failed.row(containing: " greeting ")?.contains("hello Flags") == true, "\(failed)")

            try await TerminalTests.quit(session)
        }

        @Test(
            "A server that is down costs the browser nothing: the tree at once, the error in the status line, the other layers as usual"
        )
        func serverDown() async throws {
            let workspace = try RemoteWorkspace(ofrep: try RemoteFailureTests.downURL())
            defer { workspace.remove() }
            let session = try TmuxSession(
                name: "remote-down",
                arguments: ["--config", workspace.folder.url.appendingPathComponent("flagscope.yml").path],
                directory: workspace.folder.url, environment: ["XDG_CACHE_HOME": workspace.cache.url.path])
            defer { session.close() }
            let screen = try await session.waitUntil("the connection error in the status line") {
                $0.contains("▾ App") && $0.statusLine.hasPrefix("Flags: cannot connect to 127.0.0.1:")
            }
            #expect(screen.row(containing: " localOnly ")?.contains("from local Local") == true, "\(screen)")
            try session.press("j")
            let detail = try await session.waitUntil("the error layer in the detail pane") {
                $0.contains("Flags         error")
            }
            #expect(detail.contains("connection refused"), "\(detail)")
            try await TerminalTests.quit(session)
        }
    }
}
