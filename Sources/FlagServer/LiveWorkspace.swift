import FlagCore
import Foundation

/// The workspace a server answers from, as its files are now: when one of the files it read
/// changes (an edit in the browser, `flagscope set`, an editor), the next request sees a new load.
package final class LiveWorkspace: OFREPSource, @unchecked Sendable {
    /// Guards the fields below: requests come from many threads.
    private let lock = NSLock()
    private var loaded: Workspace
    private var watcher: FileWatcher
    private var lastLook: Date
    private let load: @Sendable () -> Workspace

    /// Files are looked at no more often than this, so a burst of requests costs one look.
    static let lookInterval: TimeInterval = 0.1

    /// A workspace that `load` reads, now and whenever its files change.
    package init(load: @escaping @Sendable () -> Workspace) {
        self.load = load
        let workspace = load()
        loaded = workspace
        watcher = FileWatcher(urls: workspace.watchedFiles)
        lastLook = Date()
    }

    /// The workspace as its files are now.
    package func workspace() -> Workspace { current() }

    /// Nobody lists the devices of `flagscope serve`.
    package func asked(by device: LiveDevice) {}

    /// The workspace as its files are now, looked at no more often than ``lookInterval``.
    package func current(now: Date = Date()) -> Workspace {
        lock.lock()
        defer { lock.unlock() }
        if now.timeIntervalSince(lastLook) >= Self.lookInterval {
            lastLook = now
            if !watcher.changedFiles().isEmpty {
                loaded = load()
                watcher = FileWatcher(urls: loaded.watchedFiles)
            }
        }
        return loaded
    }
}
