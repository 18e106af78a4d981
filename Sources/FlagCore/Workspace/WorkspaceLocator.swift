import Foundation

/// Finds the workspace file: `--config PATH`, else walking up from a folder like git does.
package enum WorkspaceLocator {
    /// The names looked for in each folder, in order.
    package static let fileNames = ["flagscope.yml", "flagscope.yaml", "flagscope.json"]

    /// Why no workspace could be found.
    package struct NotFound: Error, Sendable, CustomStringConvertible {
        /// The exact message of docs/workspace.md plus a hint.
        package var description: String
    }

    /// The workspace file for `explicitPath` (relative to `directory`) or the nearest one above `directory`.
    package static func locate(explicitPath: String?, from directory: URL, fileSystem: FileSystem = LocalFileSystem())
        throws(NotFound) -> URL
    {
        if let explicitPath {
            let url = URL(fileURLWithPath: explicitPath, relativeTo: directory).standardizedFileURL
            guard fileSystem.fileExists(at: url) else {
                throw NotFound(
                    description:
                        "no workspace file at \(explicitPath)\n  hint: check the path, or create one with `flagscope init`"
                )
            }
            // A folder stands for the workspace file in it, as `git -C` takes a folder.
            if let problem = fileSystem.readProblem(at: url), case .folder = problem.kind {
                for name in fileNames {
                    let candidate = url.appendingPathComponent(name)
                    if fileSystem.fileExists(at: candidate) { return candidate }
                }
                throw NotFound(
                    description:
                        "no workspace file in the folder \(explicitPath) (looked for \(fileNames.joined(separator: ", ")))\n  hint: give the workspace file, or the folder that holds it; create one there with `flagscope init`"
                )
            }
            return url
        }
        var folder = directory.standardizedFileURL
        while true {
            for name in fileNames {
                let candidate = folder.appendingPathComponent(name)
                if fileSystem.fileExists(at: candidate) { return candidate }
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        throw NotFound(
            description:
                "no flagscope.yml found in \(directory.path) or its parents\n  hint: try `flagscope demo` to explore the bundled demo, or `flagscope init` to start a workspace here"
        )
    }
}
