import FlagCore
import Foundation

/// A workspace held in memory: a fuzz input never reads or writes the real disk, whatever
/// path a hostile `flagscope.yml` names (`/dev/zero`, `../../etc/passwd`).
struct MemoryFileSystem: FileSystem {
    /// File contents by absolute, standardized path.
    let files: [String: [UInt8]]
    /// Their paths, for globs and folders.
    let listing: PathListing

    /// Files at `folder` + each relative path.
    init(folder: URL, files relativeFiles: [String: [UInt8]]) {
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in relativeFiles {
            files[folder.appendingPathComponent(path).standardizedFileURL.path] = bytes
        }
        self.files = files
        listing = PathListing(files.keys)
    }

    func contents(of url: URL) throws -> [UInt8] {
        guard let bytes = files[url.standardizedFileURL.path] else {
            throw MemoryFileError(path: url.path, reason: "no such file")
        }
        return bytes
    }

    func fileExists(at url: URL) -> Bool { listing.exists(url) }

    func glob(_ pattern: String, in folder: URL) -> [String] { listing.glob(pattern, in: folder) }

    func resolvingSymlinks(_ url: URL) -> URL { url }

    /// Only writing asks for a file's status, and nothing is written here.
    func status(of url: URL) -> FileStatus? { nil }

    func createDirectory(_ url: URL) throws {}

    func lock(_ url: URL, timeout: Double) throws -> FileLock { FileLock.none() }

    func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL {
        throw MemoryFileError(path: url.path, reason: "read-only")
    }

    func replace(_ target: URL, with temporary: URL) throws {
        throw MemoryFileError(path: target.path, reason: "read-only")
    }

    func removeFile(_ url: URL) {}
}

/// Why the in-memory file system refused an operation.
struct MemoryFileError: Error, CustomStringConvertible {
    /// The path asked for.
    var path: String
    /// Why.
    var reason: String

    var description: String { "\(path): \(reason)" }
}
