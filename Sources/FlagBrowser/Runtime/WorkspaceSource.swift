import FlagCore
import Foundation

/// Where the browser's workspace is read from: its file on a file system, the environment env
/// providers read, and the `--context` layer put on top of the stack at every load.
struct WorkspaceSource: Sendable {
    /// The workspace file.
    let file: URL
    /// Files are read and written through this.
    let fileSystem: FileSystem
    /// The environment env providers read.
    let environment: [String: String]
    /// The `--context` layer, when one was given.
    let context: ContextLayer?

    /// The workspace as its files say now, with the device profile named `device` active and the
    /// remote layers answered from `remote`.
    func load(remote: RemoteSource, device: String?) -> Workspace {
        Workspace.load(
            from: file, fileSystem: fileSystem, environment: environment, remote: remote, context: context,
            device: device)
    }
}
