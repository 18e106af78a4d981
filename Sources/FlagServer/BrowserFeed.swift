import FlagCore
import Foundation

/// The browser and a server in one process (`flagscope --serve`, docs/serve.md): the browser
/// publishes its workspace after every change and the server answers from it; the server notes
/// each device that asked and the browser takes those notes between frames.
package final class BrowserFeed: OFREPSource, @unchecked Sendable {
    /// Guards the fields below: requests come from many threads, the browser from its own.
    /// Requests that come before the browser's first workspace wait for it.
    private let lock = NSCondition()
    private var current: Workspace?
    private var pending: [LiveAsk] = []
    private var pendingPositions: [String: Int] = [:]

    /// At most this many devices wait between two frames; more are dropped until the browser
    /// takes them (a client inventing a name per request must not grow memory without bound).
    static let pendingLimit = 1_000

    /// A feed that answers once the browser publishes its first workspace.
    package init() {}

    /// The workspace requests are answered from from now on.
    package func publish(_ workspace: Workspace) {
        lock.lock()
        current = workspace
        lock.broadcast()
        lock.unlock()
    }

    package func workspace() -> Workspace {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let current { return current }
            lock.wait()
        }
    }

    package func asked(by device: LiveDevice) {
        let now = Date()
        lock.lock()
        defer { lock.unlock() }
        if let position = pendingPositions[device.name] {
            pending[position].device = device
            pending[position].requests += 1
            pending[position].at = now
        } else if pending.count < Self.pendingLimit {
            pendingPositions[device.name] = pending.count
            pending.append(LiveAsk(device: device, requests: 1, at: now))
        }
    }

    /// Every device that asked since the last call, once each, in the order they first asked.
    package func take() -> [LiveAsk] {
        lock.lock()
        defer { lock.unlock() }
        let taken = pending
        pending = []
        pendingPositions = [:]
        return taken
    }
}
