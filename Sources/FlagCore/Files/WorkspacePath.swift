import Foundation

/// Paths of a workspace's files: as its file writes them, and as messages show them.
package enum WorkspacePath {
    /// A path as the workspace file writes it (`path:`, a blueprint), made a URL: an absolute
    /// path is used as is, a relative one is relative to the workspace folder (docs/workspace.md).
    package static func url(ofPath path: String, in folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL : folder.appendingPathComponent(path)
    }

    /// A path as diagnostics show it: relative to the workspace folder when inside it.
    package static func displayPath(of url: URL, in folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
