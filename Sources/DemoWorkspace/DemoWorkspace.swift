import Foundation

/// One of the demo workspaces `flagscope demo` writes out: the podcast app of YAML and JSON
/// blueprints (`Resources/Demo`), or the Swift app whose flags and features are declared in
/// Swift (`Resources/SwiftDemo`). Their files are compiled into the executable, so the binary
/// alone — copied anywhere, or installed by `swift package experimental-install` — has them.
package struct DemoWorkspace: Sendable {
    /// The name of the user's copy's folder: `demo` or `swift-demo`.
    package var name: String
    /// Every file: its path inside the workspace folder and its text.
    package var files: [(path: String, text: String)]

    /// The podcast app (`flagscope demo`).
    package static let podcast = DemoWorkspace(name: "demo", files: DemoFiles.podcast)
    /// The Swift app (`flagscope demo --swift`).
    package static let swift = DemoWorkspace(name: "swift-demo", files: DemoFiles.swift)

    /// Writes every file under `folder`, making the folders on the way.
    package func write(to folder: URL) throws {
        let manager = FileManager.default
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }
}

/// The demos' files as the generator writes them (`Scripts/generate-demo-sources`).
enum DemoFiles {}
