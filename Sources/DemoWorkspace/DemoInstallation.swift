import Foundation

/// Where a demo workspace lives for a user, and how it gets there: written once from the
/// executable so edits persist, restored on request.
package struct DemoInstallation: Sendable {
    /// The demo written.
    package var demo: DemoWorkspace
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
    package init(demo: DemoWorkspace, destination: URL) {
        self.demo = demo
        self.destination = destination
    }

    /// The workspace file of the user's copy.
    package var workspaceFile: URL { destination.appendingPathComponent("flagscope.yml") }

    /// Writes the demo when absent, or always with `reset`; returns whether it wrote it.
    @discardableResult
    package func install(reset: Bool) throws -> Bool {
        let manager = FileManager.default
        if !reset, manager.fileExists(atPath: workspaceFile.path) { return false }
        try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Written beside the destination first, then swapped, so an interrupted reset never
        // leaves half a demo.
        let staging = destination.deletingLastPathComponent().appendingPathComponent(
            ".demo-staging-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: staging)
        try demo.write(to: staging)
        if manager.fileExists(atPath: destination.path) {
            let old = destination.deletingLastPathComponent().appendingPathComponent(
                ".demo-old-\(ProcessInfo.processInfo.processIdentifier)")
            try manager.moveItem(at: destination, to: old)
            try manager.moveItem(at: staging, to: destination)
            try? manager.removeItem(at: old)
        } else {
            try manager.moveItem(at: staging, to: destination)
        }
        return true
    }
}
