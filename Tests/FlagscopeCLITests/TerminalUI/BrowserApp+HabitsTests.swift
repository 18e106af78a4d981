import Foundation
import Testing

// MARK: - Habits from other terminal tools

extension TerminalTests {
    @Suite("Habits from other terminal tools")
    struct Habits {
        /// The last line that is not blank (the shell's prompt line, after a command).
        static func lastLine(_ screen: TmuxSession.Screen) -> String {
            screen.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        }

        @Test(
            "Ctrl-Z gives the shell a sane terminal and its prompt; fg brings the browser back redrawn and working; q restores the terminal"
        )
        func suspendAndResume() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try TmuxSession(shellNamed: "suspend", directory: demo.folder.url)
            defer { session.close() }
            try await session.waitFor("shell>")
            try session.type("stty -g > stty-before")
            try session.press("Enter")
            try session.type(session.shellLaunchLine(demo.browserArguments))
            try session.press("Enter")
            try await session.waitForBrowser()
            try session.press("j")
            try await session.waitUntil("the selection on allowsSSON") {
                $0.selectedRow?.contains("allowsSSON") == true
            }
            #expect(try session.paneFormat("#{mouse_sgr_flag}") == "1", "the browser asks for SGR mouse reports")

            try session.press("C-z")
            var screen = try await session.waitUntil("the shell's prompt after the job stopped") {
                $0.contains("Stopped") && Self.lastLine($0).hasPrefix("shell>")
            }
            #expect(!screen.contains("Flagscope ·"), "the browser's screen is gone:\n\(screen)")
            let suspendedModes = try session.modes()
            #expect(suspendedModes == .restored, "while suspended the terminal is the shell's: \(suspendedModes)")
            #expect(try session.paneFormat("#{mouse_sgr_flag}") == "0")
            try session.type(
                "stty -g > stty-suspended; cmp -s stty-before stty-suspended && echo STTY-SAME || echo STTY-DIFFERS")
            try session.press("Enter")
            screen = try await session.waitUntil("the stty comparison") {
                $0.contains("STTY-SAME") || $0.contains("STTY-DIFFERS")
            }
            #expect(screen.contains("STTY-SAME"), "the shell's line settings while suspended:\n\(screen)")

            try session.type("fg")
            try session.press("Enter")
            // tmux may show the header before the footer of the same frame: wait for the whole frame.
            screen = try await session.waitUntil("the browser redrawn whole, footer included") {
                ($0.lines.first?.contains("Flagscope ·") ?? false) && $0.lines.count > 28
                    && $0.lines[28].contains("? help")
            }
            #expect(screen.selectedRow?.contains("allowsSSON") == true, "the browser comes back as it was left")
            let modes = try session.modes()
            #expect(
                modes.alternateScreen && modes.mouse && !modes.cursorVisible, "curses has the terminal again: \(modes)")
            #expect(try session.paneFormat("#{mouse_sgr_flag}") == "1")
            try session.press("j")
            try await session.waitUntil("keys work after fg") { $0.selectedRow?.contains("rememberLogin") == true }

            try session.press("q")
            try await session.waitUntil("the prompt after q") {
                Self.lastLine($0).hasPrefix("shell>") && !$0.contains("Flagscope ·")
            }
            try session.type(
                "echo EXIT=$?; stty -g > stty-after; cmp -s stty-before stty-after && echo STTY-AFTER-SAME")
            try session.press("Enter")
            // The typed line holds "EXIT=" too: wait for the line echo prints.
            screen = try await session.waitUntil("the exit status printed") {
                $0.lines.contains { $0.hasPrefix("EXIT=") }
            }
            #expect(screen.lines.contains("EXIT=0"), "\(screen)")
            try await session.waitFor("STTY-AFTER-SAME")
            #expect(try session.modes() == .restored)
            #expect(try session.paneFormat("#{mouse_sgr_flag}") == "0")
        }

        @Test("SIGTSTP from outside (kill -TSTP) suspends as Ctrl-Z does, between frames")
        func suspendBySignal() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try TmuxSession(shellNamed: "tstp", directory: demo.folder.url)
            defer { session.close() }
            try await session.waitFor("shell>")
            try session.type(session.shellLaunchLine(demo.browserArguments))
            try session.press("Enter")
            try await session.waitForBrowser()
            kill(try await session.processID(), SIGTSTP)
            try await session.waitUntil("the shell's prompt after the job stopped") {
                $0.contains("Stopped") && Self.lastLine($0).hasPrefix("shell>")
            }
            #expect(try session.modes() == .restored)
            try session.type("fg")
            try session.press("Enter")
            try await session.waitForBrowser()
            try session.press("q")
            try await session.waitUntil("the prompt after q") {
                Self.lastLine($0).hasPrefix("shell>") && !$0.contains("Flagscope ·")
            }
            #expect(try session.modes() == .restored)
        }

        @Test(
            "Alt-b (Esc then b from the terminal) moves a word left in the line editor instead of cancelling; Ctrl-W and Ctrl-K edit"
        )
        func altKeysInTheEditor() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try TmuxSession(name: "altkeys", arguments: demo.browserArguments)
            defer { session.close() }
            try await session.waitForBrowser()
            try session.press("/")
            try session.type("promoBanner")
            try session.press("Enter")
            try await session.waitUntil("promoBannerText selected") {
                $0.selectedRow?.contains("promoBannerText") == true
            }
            try session.press("e", "C-u")
            try session.type("summer sale today")
            try await session.waitFor("(string): summer sale today")
            try session.press("M-b")
            try session.press("C-w")
            try await session.waitFor("(string): summer today")
            try session.press("M-f", "C-a", "C-k")
            try session.type("autumn")
            try await session.waitFor("(string): autumn")
            try session.press("Enter")
            _ = try await demo.waitForLocal("promo_banner_text = autumn") {
                $0["store/catalog/promo_banner_text"] as? String == "autumn"
            }
            try session.press("q")
            try await TerminalTests.expectHandedBack(session, status: 0)
        }

        @Test(
            "Clicks arrive as SGR reports, so a click beyond column 223 lands; a click on a footer hint does what it says"
        )
        func sgrClicks() async throws {
            let demo = try DemoCopy()
            defer { demo.remove() }
            let session = try TmuxSession(name: "sgrclick", arguments: demo.browserArguments, width: 260, height: 30)
            defer { session.close() }
            var screen = try await session.waitForBrowser()
            #expect(try session.paneFormat("#{mouse_sgr_flag}") == "1")
            #expect(!screen.lines[1].contains("detail"))

            // A press of the left button at column 240, row 5 (1-based), in the detail pane.
            try session.sendBytes(Array("\u{1B}[<0;240;5M".utf8))
            screen = try await session.waitUntil("the detail pane focused by the click") {
                $0.lines[1].hasSuffix("detail")
            }

            // The tree row on screen row 4 (1-based): a press selects it.
            try session.sendBytes(Array("\u{1B}[<0;6;4M\u{1B}[<0;6;4m".utf8))
            screen = try await session.waitUntil("the clicked row selected") {
                $0.selectedRow?.contains("rememberLogin") == true
            }

            let footer = screen.lines[28]
            let hint = try #require(footer.range(of: "? help"))
            let column = footer[..<hint.lowerBound].count + 1
            try session.sendBytes(Array("\u{1B}[<0;\(column + 1);29M".utf8))
            try await session.waitFor("Keys — Esc closes")
            try session.press("Escape")
            try await session.waitUntil("help closed") { !$0.contains("Keys — Esc closes") }
            try session.press("q")
            try await TerminalTests.expectHandedBack(session, status: 0)
            #expect(try session.paneFormat("#{mouse_sgr_flag}") == "0")
        }

        @Test("o hands the terminal to $EDITOR at the flag's line, as Ctrl-Z hands it to the shell, and takes it back")
        func openInEditor() async throws {
            let demo = try DemoCopy()
            let stub = try demo.folder.write(
                "editor.sh",
                """
                #!/bin/sh
                printf '%s\\n' "$@" > "$(dirname "$0")/editor.args"
                echo "EDITOR HAS THE TERMINAL"
                read answer
                """)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
            let session = try TmuxSession(
                name: "editor", arguments: demo.browserArguments, environment: ["EDITOR": stub.path, "VISUAL": ""])
            defer {
                session.close()
                demo.remove()
            }
            try await session.waitForBrowser()
            try session.press("j")
            try session.press("o")
            try await session.waitFor("EDITOR HAS THE TERMINAL")
            let modes = try session.modes()
            #expect(!modes.alternateScreen && modes.cursorVisible && !modes.mouse, "handed over: \(modes)")
            let arguments = try String(
                contentsOf: demo.folder.url.appendingPathComponent("editor.args"), encoding: .utf8)
            #expect(
                arguments == "+8\n" + demo.folder.url.appendingPathComponent("blueprints/experiments.yml").path + "\n")
            try session.press("Enter")
            let back = try await session.waitUntil("the browser back") {
                $0.statusLine.hasPrefix("opened \(stub.path) +8") && $0.selectedRow?.contains("allowsSSON") == true
            }
            #expect(!back.contains("EDITOR HAS THE TERMINAL"), "the frame is drawn whole again")
            let after = try session.modes()
            #expect(after.alternateScreen && after.mouse && !after.cursorVisible, "curses has it again: \(after)")
            try session.press("j")
            try await session.waitUntil("keys work") { $0.selectedRow?.contains("rememberLogin") == true }
            try await TerminalTests.quit(session)
        }

        @Test("R lists where the Swift demo reads a flag; Enter opens that line in $EDITOR and the browser comes back")
        func openReference() async throws {
            let folder = try RefsCommandTests.swiftDemo()
            let stub = try folder.write(
                "editor.sh",
                """
                #!/bin/sh
                printf '%s\\n' "$@" > "$(dirname "$0")/editor.args"
                echo "EDITOR HAS THE TERMINAL"
                read answer
                """)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
            let session = try TmuxSession(
                name: "references", arguments: ["--config", folder.file("flagscope.yml").path],
                environment: ["EDITOR": stub.path, "VISUAL": ""])
            defer {
                session.close()
                folder.remove()
            }
            try await session.waitUntil("the Swift demo") { $0.lines.first?.contains("Flagscope ·") == true }
            try session.press("/skipForward", "Enter", "R")
            let picker = try await session.waitFor("used in podcasts/player/skip_forward_seconds")
            #expect(picker.text.contains("Sources/App/NowPlayingScreen.swift:14"), "\(picker)")
            #expect(picker.text.contains("Sources/App/DebugSettings.swift:9"), "\(picker)")
            try session.press("Down", "Down", "Enter")
            try await session.waitFor("EDITOR HAS THE TERMINAL")
            let arguments = try String(contentsOf: folder.file("editor.args"), encoding: .utf8)
            #expect(arguments == "+15\n" + folder.file("Sources/App/NowPlayingScreen.swift").path + "\n")
            try session.press("Enter")
            try await session.waitUntil("the browser back") { $0.statusLine.hasPrefix("opened \(stub.path) +15") }
            let after = try session.modes()
            #expect(after.alternateScreen && after.mouse && !after.cursorVisible, "curses has it again: \(after)")
            try await TerminalTests.quit(session)
        }
    }
}
