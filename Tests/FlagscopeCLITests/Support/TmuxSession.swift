import Foundation
import TestSupport
import Testing

/// A real terminal for one test: a private tmux server (its own socket, so tests never meet each
/// other or the user's tmux) running `flagscope …` in a detached window, 100×30 unless told.
///
/// The pane runs a small script that records `stty -g` before and after the browser, prints
/// `EXIT=<status>` when it ends, and then keeps the pane open so the screen left behind can be
/// read. Everything is polled (every 50 ms, up to a timeout), never waited for with fixed sleeps.
final class TmuxSession {
    /// Why a terminal test could not go on; the description carries the last screen.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the pane shows, row by row (`capture-pane -p`).
    struct Screen: CustomStringConvertible {
        var lines: [String]

        var text: String { lines.joined(separator: "\n") }
        var description: String { text }

        /// The bottom row: the browser's status line.
        var statusLine: String { lines.last ?? "" }

        /// The tree row under the selection gutter (`›` in the first column).
        var selectedRow: String? { lines.first { $0.hasPrefix("›") } }

        /// The first row that contains `text`.
        func row(containing text: String) -> String? { lines.first { $0.contains(text) } }

        /// The rows joined with single spaces, for messages the browser wraps on narrow screens.
        var flowed: String {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        }

        func contains(_ text: String) -> Bool { self.text.contains(text) }
    }

    /// The terminal modes tmux tracks for the pane, to prove the terminal was handed back.
    struct Modes: Equatable, CustomStringConvertible {
        var alternateScreen: Bool
        var cursorVisible: Bool
        var keypad: Bool
        var mouse: Bool

        /// A shell prompt's modes: main screen, cursor shown, no keypad or mouse reporting.
        static let restored = Modes(alternateScreen: false, cursorVisible: true, keypad: false, mouse: false)

        var description: String {
            "alternate screen \(alternateScreen ? "on" : "off"), cursor \(cursorVisible ? "visible" : "hidden"), "
                + "keypad \(keypad ? "on" : "off"), mouse reporting \(mouse ? "on" : "off")"
        }
    }

    let name: String
    /// Holds the launch script, the pid file and the two `stty -g` records.
    let harness: TemporaryFolder
    private let tmux: String
    /// The private server's socket: short and in /tmp (socket paths are limited to ~100 bytes).
    private let socket: String
    private var closed = false

    /// The tmux executable, or a failure that says tmux is needed (CI installs it).
    static func locateTmux() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(
            description:
                "tmux is not installed, and the real-terminal tests need it: install it (apt-get install tmux; .ci/run does) and run again"
        )
    }

    /// Starts `flagscope arguments…` in `directory`, in a fresh tmux server, with `LANG=C.UTF-8`,
    /// a non-interactive Swift backtracer (a crash must not wait for a key) and `environment`.
    init(
        name: String, arguments: [String], directory: URL? = nil, environment: [String: String] = [:],
        width: Int = 100, height: Int = 30
    ) throws {
        tmux = try Self.locateTmux()
        self.name = name
        socket = "/tmp/flagscope-tmux-\(name)-\(ProcessInfo.processInfo.processIdentifier).sock"
        harness = try TemporaryFolder()
        var variables = ["LANG": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"]
        for (key, value) in environment { variables[key] = value }
        let assignments = variables.sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }
        let command = ([CLIRunner.executable.path] + arguments).map(Self.quote).joined(separator: " ")
        let folder = harness.url.path
        let script = """
            #!/bin/sh
            cd \(Self.quote((directory ?? harness.url).path)) || exit 1
            stty -g > \(Self.quote(folder + "/stty-before"))
            # exec keeps the pid: the one written is flagscope's own.
            sh -c 'echo $$ > "$0"; exec "$@"' \(Self.quote(folder + "/pid")) env \(assignments.joined(separator: " ")) \(command)
            status=$?
            stty -g > \(Self.quote(folder + "/stty-after"))
            echo "EXIT=$status"
            exec sleep 600
            """
        let scriptURL = try harness.write("run.sh", script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scriptURL.path)
        try tmuxCommand([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name, scriptURL.path,
        ])
    }

    /// Starts an interactive `bash` (no startup files, prompt `shell> `) in `directory`, for
    /// what needs a job-control shell around flagscope (Ctrl-Z, `fg`): the test types the
    /// command lines itself. The pid file is written by ``shellLaunchLine(_:)``'s command.
    init(
        shellNamed name: String, directory: URL, environment: [String: String] = [:], width: Int = 100, height: Int = 30
    ) throws {
        tmux = try Self.locateTmux()
        self.name = name
        socket = "/tmp/flagscope-tmux-\(name)-\(ProcessInfo.processInfo.processIdentifier).sock"
        harness = try TemporaryFolder()
        var variables = [
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no", "PS1": "shell> ", "HISTFILE": "/dev/null",
        ]
        for (key, value) in environment { variables[key] = value }
        let assignments = variables.sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }
        let script = """
            #!/bin/sh
            cd \(Self.quote(directory.path)) || exit 1
            exec env \(assignments.joined(separator: " ")) bash --norc --noprofile -i
            """
        let scriptURL = try harness.write("shell.sh", script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scriptURL.path)
        try tmuxCommand([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name, scriptURL.path,
        ])
    }

    /// The command line that runs `flagscope arguments…` from the shell of ``init(shellNamed:directory:environment:width:height:)``
    /// as its own job, recording its pid first (`exec` keeps it).
    func shellLaunchLine(_ arguments: [String]) -> String {
        let command = ([CLIRunner.executable.path] + arguments).map(Self.quote).joined(separator: " ")
        return
            "sh -c 'echo $$ > \"$0\"; exec \"$@\"' \(Self.quote(harness.url.appendingPathComponent("pid").path)) \(command)"
    }

    /// One of tmux's format variables for the pane (`#{mouse_sgr_flag}`).
    func paneFormat(_ format: String) throws -> String {
        try tmuxCommand(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends raw bytes to the pane as if the terminal had (a mouse report, for instance).
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmuxCommand(["send-keys", "-t", name, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    deinit { close() }

    /// Stops the tmux server (and with it the pane) and removes the harness folder.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmuxCommand(["kill-session", "-t", name])
        _ = try? tmuxCommand(["kill-server"])
        // A browser that ignored the hang-up must not outlive its test.
        if let text = try? String(contentsOf: harness.url.appendingPathComponent("pid"), encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
            name.trimmingCharacters(in: .whitespacesAndNewlines) == "flagscope"
        {
            kill(pid, SIGKILL)
        }
        try? FileManager.default.removeItem(atPath: socket)
        harness.remove()
    }

    /// Opens the browser on a fresh copy of the demo in a new terminal named `name` and waits for
    /// its first frame. The caller closes the session and removes the copy.
    static func openOnDemo(_ name: String, environment: [String: String] = [:]) async throws -> (DemoCopy, TmuxSession)
    {
        let demo = try DemoCopy()
        do {
            let session = try TmuxSession(name: name, arguments: demo.browserArguments, environment: environment)
            do {
                try await session.waitForBrowser()
                return (demo, session)
            } catch {
                session.close()
                throw error
            }
        } catch {
            demo.remove()
            throw error
        }
    }

    // MARK: Input

    /// Sends tmux key names (`j`, `Enter`, `C-u`, `Escape`, `Up`), each one key.
    func press(_ keys: String...) throws {
        try tmuxCommand(["send-keys", "-t", name] + keys)
    }

    /// Types text literally, one key per character.
    func type(_ text: String) throws {
        try tmuxCommand(["send-keys", "-t", name, "-l", text])
    }

    /// Searches the tree as a user does: `/`, the query, Enter (the selection moves to the first match).
    func search(_ query: String) throws {
        try press("/")
        try type(query)
        try press("Enter")
    }

    /// Lets programs in the pane set tmux's clipboard with OSC 52 (`set-clipboard on`).
    func allowClipboard() throws {
        try tmuxCommand(["set-option", "-g", "set-clipboard", "on"])
    }

    /// What tmux's clipboard holds: the last text a program copied with OSC 52.
    func clipboard() throws -> String {
        try tmuxCommand(["show-buffer"])
    }

    /// Resizes the window as a user dragging the terminal would.
    func resize(width: Int, height: Int) throws {
        try tmuxCommand(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    // MARK: Output

    /// The pane as it is now.
    func screen() throws -> Screen {
        let text = try tmuxCommand(["capture-pane", "-p", "-t", name])
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return Screen(lines: lines)
    }

    /// The pane's terminal modes as tmux tracks them.
    func modes() throws -> Modes {
        let format =
            "#{alternate_on} #{cursor_flag} #{keypad_flag} #{keypad_cursor_flag} #{mouse_any_flag} #{mouse_standard_flag} #{mouse_button_flag}"
        let flags = try tmuxCommand(["display-message", "-p", "-t", name, format])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map { $0 == "1" }
        guard flags.count == 7 else { throw Failure(description: "unexpected tmux mode flags: \(flags)") }
        return Modes(
            alternateScreen: flags[0], cursorVisible: flags[1], keypad: flags[2] || flags[3],
            mouse: flags[4] || flags[5] || flags[6])
    }

    /// Polls the pane until `condition` holds, and returns that screen; fails with the last one.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = 10, _ condition: (Screen) throws -> Bool) async throws -> Screen {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while true {
            if try condition(last) { return last }
            if Date() > deadline {
                throw Failure(
                    description: "after \(timeout) s the terminal still does not show \(what); it shows:\n\(last.text)")
            }
            try await Task.sleep(for: .milliseconds(50))
            last = try screen()
        }
    }

    /// Polls until the pane shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) async throws -> Screen {
        try await waitUntil("“\(text)”", timeout: timeout) { $0.contains(text) }
    }

    /// Polls until the browser's first screen is up (its header).
    @discardableResult
    func waitForBrowser() async throws -> Screen {
        try await waitUntil("the browser (header “Flagscope ·” and the tree)") {
            ($0.lines.first?.contains("Flagscope ·") ?? false) && $0.contains("User Experiments")
        }
    }

    /// Polls until the launch script reports flagscope's exit status (`EXIT=n`), and returns it.
    func waitForExit(timeout: Double = 10) async throws -> Int32 {
        let screen = try await waitUntil("EXIT=<status> (flagscope has not ended)", timeout: timeout) { screen in
            screen.lines.contains { $0.hasPrefix("EXIT=") }
        }
        let line = screen.lines.last { $0.hasPrefix("EXIT=") } ?? ""
        guard let status = Int32(line.dropFirst("EXIT=".count)) else {
            throw Failure(description: "cannot read the exit status from “\(line)”")
        }
        return status
    }

    /// flagscope's process id (written by the launch script just before it execs flagscope).
    func processID(timeout: Double = 10) async throws -> pid_t {
        let file = harness.url.appendingPathComponent("pid")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "flagscope's pid file never appeared")
    }

    /// `stty -g` recorded before flagscope started and after it ended (nil until written).
    func sttySettings() -> (before: String?, after: String?) {
        func read(_ name: String) -> String? {
            (try? String(contentsOf: harness.url.appendingPathComponent(name), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return (read("stty-before"), read("stty-after"))
    }

    // MARK: tmux

    /// Runs one tmux command against this test's server and returns what it printed.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, output going to files: Foundation's
    /// `Process.waitUntilExit()` was seen to hang forever on `tmux new-session -d` (the client
    /// exits at once after forking the server daemon, and the exit was never noticed).
    @discardableResult
    private func tmuxCommand(_ arguments: [String]) throws -> String {
        let output = harness.url.appendingPathComponent("tmux.out").path
        let errors = harness.url.appendingPathComponent("tmux.err").path
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")  // inside a user's tmux, still talk to our own server
        let status = try Self.spawnAndWait(
            tmux, ["-S", socket] + arguments, environment: environment,
            output: output, errors: errors)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(message)")
        }
        return printed
    }

    /// Runs a program to its end with stdin from /dev/null and stdout and stderr into files, no
    /// other descriptors inherited (so the tmux server never holds another test's pipe open).
    private static func spawnAndWait(
        _ path: String, _ arguments: [String], environment: [String: String],
        output: String, errors: String
    ) throws -> Int32 {
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #if os(Linux)
            // glibc ≥ 2.34 has it, but Swift's Glibc module does not import it: look it up.
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
                _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            }
        #endif
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw Failure(description: "waitpid for tmux failed: \(String(cString: strerror(errno)))")
            }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Quotes one word for `sh`.
    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
