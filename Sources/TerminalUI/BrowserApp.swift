import CSignals
import FlagBrowser
import FlagCore
import Foundation

/// The interactive run loop: events in, frames out, effects performed, files watched.
package enum BrowserApp {
    /// How the browser ended.
    package enum Outcome: Sendable {
        case quit
        /// A termination signal (exit with 128 + number).
        case signal(Int32)
    }

    /// Runs the browser on the workspace until the user quits or a signal arrives. `greeting`
    /// is the first status line (what a command did just before, which the screen now covers),
    /// unless the workspace has an error to show there. `context` is the `--context` layer, when given.
    /// `serving`: a server shares the process; the devices that ask it appear within a frame.
    package static func run(
        workspaceFile: URL, colors: Bool, greeting: StatusMessage? = nil, context: ContextLayer? = nil,
        device: String? = nil, serving: BrowserServing? = nil
    )
        -> Outcome
    {
        let terminal = Terminal(colors: colors)
        defer { terminal.restore() }
        let size = terminal.size
        // Remote providers are fetched on a thread: the first frame shows cached values (or
        // "fetching…") at once, and a slow or dead server never freezes the keys.
        var session = BrowserSession(
            workspaceFile: workspaceFile, width: size.width, height: size.height,
            remote: .background(HTTPRemoteFetcher()), context: context, device: device, serving: serving)
        if let greeting { session.greet(greeting) }
        var watcher = FileWatcher(urls: session.watchedFiles)
        var lastPoll = Date()
        if ProcessInfo.processInfo.environment["FLAGSCOPE_TEST_CRASH"] == "startup" { flagscope_crash_for_test() }
        while true {
            let signal = flagscope_pending_signal()
            if signal != 0 { return .signal(signal) }
            // `kill -TSTP` (in raw mode Ctrl-Z is a key, below): suspend between frames.
            if flagscope_take_suspend_request() != 0 {
                terminal.suspend()
                _ = flagscope_take_continued()
            }
            // Continued after an outside SIGSTOP: whatever was drawn over the screen goes.
            if flagscope_take_continued() != 0 { terminal.redrawAfterStop() }
            terminal.present(session.render())
            // What the first frame of a model did not need (values of rows far below, the
            // search index) is built now, before a key is read: no key waits longer for it
            // than it waited for the frame. Nothing is left to build after that.
            session.state.model.buildDeferredParts()
            if let event = terminal.nextEvent() {
                let generation = session.generation
                switch event {
                case .key(let key):
                    // In raw mode Ctrl-C arrives as a key; leave as an interrupted program does (130).
                    if Keymap.everywhere.command(for: key) == .interrupt { return .signal(SIGINT) }
                    if case .character("!") = key, ProcessInfo.processInfo.environment["FLAGSCOPE_TEST_CRASH"] == "key"
                    {
                        flagscope_crash_for_test()
                    }
                    if !session.press(key) { return .quit }
                    if let text = session.takeCopyRequest() { terminal.copyToClipboard(text) }
                    if let launch = session.takeOpenRequest() {
                        terminal.handOver { launch.run() }
                        _ = flagscope_take_continued()
                    }
                    if session.takeSuspendRequest() {
                        terminal.suspend()
                        _ = flagscope_take_continued()
                    }
                case .mouse(let mouse): session.apply(.mouse(mouse))
                case .resize(let width, let height): session.apply(.resize(width: width, height: height))
                }
                if session.generation != generation { watcher = FileWatcher(urls: session.watchedFiles) }
            }
            // Answers that arrived are shown; due providers are asked again (never waiting here).
            let generation = session.generation
            session.pollRemote()
            session.pollLive()
            if session.generation != generation { watcher = FileWatcher(urls: session.watchedFiles) }
            // Files changed by someone else are reloaded within a second, keeping the selection.
            if Date().timeIntervalSince(lastPoll) >= 0.5 {
                lastPoll = Date()
                let changed = watcher.changedFiles()
                if !changed.isEmpty {
                    let names = changed.map(\.lastPathComponent).joined(separator: ", ")
                    session.apply(
                        .loaded(session.loadModel(), message: StatusMessage("reloaded: \(names) changed on disk")))
                    watcher = FileWatcher(urls: session.watchedFiles)
                }
            }
        }
    }
}
