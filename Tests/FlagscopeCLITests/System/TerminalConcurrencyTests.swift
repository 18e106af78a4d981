import Foundation
import TestSupport
import Testing

// MARK: - The browser and the CLI writing the same file

extension TerminalTests {
    @Suite("Writing together")
    struct WritingTogether {
        /// Keys a script sets with `flagscope set` while a person works in the browser; it sets
        /// each three times (base, base + 1, base + 2), so base + 2 must be left.
        static let scriptedKeys: [(key: String, base: Int)] = [
            ("playback/skip_interval", 43), ("storage/cache_size_mb", 510), ("lab/paywall/trial_days", 19),
            ("store/catalog/featured_shows_count", 28), ("storage/auto_download_limit", 5),
            ("max_episodes_per_feed", 148),
        ]

        @Test(
            "A script's `set` calls and the browser's toggles at the same moment: every edit survives, and the browser shows the script's"
        )
        func browserAndCLI() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("together")
            defer {
                session.close()
                demo.remove()
            }
            try session.press("j")
            try await session.waitUntil("allowsSSON selected") { $0.selectedRow?.contains("allowsSSON") == true }

            // The script runs in parallel with the toggles below, one process per key.
            let config = demo.workspaceFile.path
            let script = Task.detached {
                (0..<3).flatMap { round in
                    Self.scriptedKeys.map { entry in
                        (try? CLIRunner.run(["set", entry.key, String(entry.base + round), "--config", config]))?.status
                            ?? -1
                    }
                }
            }
            // Six toggles: Remote says true, so Local goes false, true, false, true, false, true.
            for round in 0..<6 {
                let expected = round % 2 == 1
                try session.press("Space")
                try await demo.waitForLocal("lab/sson = \(expected) (toggle \(round + 1))") {
                    $0["lab/sson"] as? Bool == expected
                }
                try await session.waitUntil("the toggle confirmed") {
                    $0.statusLine.contains("in Local") || $0.statusLine.contains("reloaded")
                }
            }
            let statuses = await script.value
            #expect(statuses.allSatisfy { $0 == 0 }, "set exit statuses: \(statuses)")

            // Both sides' edits are in the file.
            let local = try await demo.waitForLocal("every scripted key") { contents in
                Self.scriptedKeys.allSatisfy { contents[$0.key] as? Int == $0.base + 2 }
            }
            #expect(local["lab/sson"] as? Bool == true, "the browser's last toggle: \(local)")
            #expect(local["lab/secrets/boom_feature"] as? Bool == true, "a key nobody touched survives: \(local)")

            // The browser shows the script's values after its reload.
            // (Not trialDays, which the script sets too: Remote's condition for iOS shadows it.)
            try session.search("skipInterval")
            let screen = try await session.waitUntil("skipInterval shows the script's 45") {
                $0.selectedRow?.contains("skipInterval") == true && $0.selectedRow?.contains("45") == true
            }
            #expect(screen.contains("Local         set          45"), "\(screen.text)")

            try await TerminalTests.quit(session)
        }

        @Test("Undo in the browser after a script's write puts back only the browser's key")
        func undoKeepsTheScriptsKeys() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("together-undo")
            defer {
                session.close()
                demo.remove()
            }
            try session.press("j")
            try await session.waitUntil("allowsSSON selected") { $0.selectedRow?.contains("allowsSSON") == true }
            try session.press("Space")
            try await demo.waitForLocal("lab/sson = false") { $0["lab/sson"] as? Bool == false }

            let set = try CLIRunner.run(["set", "playback/skip_interval", "45", "--config", demo.workspaceFile.path])
            #expect(set.status == 0, "\(set.stdout)\(set.stderr)")
            try await session.waitUntil("the script's write reloaded", timeout: 3) {
                $0.statusLine.contains("reloaded")
            }

            try session.press("u")
            let local = try await demo.waitForLocal("lab/sson gone again") { $0["lab/sson"] == nil }
            #expect(local["playback/skip_interval"] as? Int == 45, "the script's key survives the undo: \(local)")
            try await TerminalTests.quit(session)
        }
    }
}
