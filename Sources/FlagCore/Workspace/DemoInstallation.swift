import Foundation

/// Where the demo workspace lives for a user, and how it gets there: copied once from the
/// bundle so edits persist, restored on request.
package struct DemoInstallation: Sendable {
    /// The bundled, read-only demo folder.
    package var bundled: URL
    /// The user's copy (`$XDG_STATE_HOME/flagscope/demo`).
    package var destination: URL

    /// The destination for an environment: `$XDG_STATE_HOME/flagscope/<name>`, default
    /// `~/.local/state/…`; `name` is `demo`, or `swift-demo` for the Swift demo.
    package static func destination(environment: [String: String], name: String = "demo") -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("flagscope/" + name)
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/state/flagscope/" + name)
    }

    /// Creates an installation plan.
    package init(bundled: URL, destination: URL) {
        self.bundled = bundled
        self.destination = destination
    }

    /// The workspace file of the user's copy.
    package var workspaceFile: URL { destination.appendingPathComponent("flagscope.yml") }

    /// Copies the demo when absent, or always with `reset`; returns whether it copied.
    @discardableResult
    package func install(reset: Bool) throws -> Bool {
        let manager = FileManager.default
        if !reset, manager.fileExists(atPath: workspaceFile.path) { return false }
        try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Copy beside the destination first, then swap, so an interrupted reset never leaves half a demo.
        let staging = destination.deletingLastPathComponent().appendingPathComponent(".demo-staging-\(getpid())")
        try? manager.removeItem(at: staging)
        try manager.copyItem(at: bundled, to: staging)
        if manager.fileExists(atPath: destination.path) {
            let old = destination.deletingLastPathComponent().appendingPathComponent(".demo-old-\(getpid())")
            try manager.moveItem(at: destination, to: old)
            try manager.moveItem(at: staging, to: destination)
            try? manager.removeItem(at: old)
        } else {
            try manager.moveItem(at: staging, to: destination)
        }
        return true
    }
}
