import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Counts reads per file over the real file system.
final class CountingFileSystem: FileSystem, @unchecked Sendable {
    private let base = LocalFileSystem()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// How many times the file named `name` was read.
    func reads(of name: String) -> Int { lock.withLock { counts[name, default: 0] } }

    func contents(of url: URL) throws -> [UInt8] { try contents(of: url, limit: FileSizeLimit.defaultBytes) }
    func contents(of url: URL, limit: Int64) throws -> [UInt8] {
        lock.withLock { counts[url.lastPathComponent, default: 0] += 1 }
        return try base.contents(of: url, limit: limit)
    }
    func fileExists(at url: URL) -> Bool { base.fileExists(at: url) }
    func readProblem(at url: URL) -> FileReadError? { base.readProblem(at: url) }
    func glob(_ pattern: String, in folder: URL) -> [String] { base.glob(pattern, in: folder) }
    func folderProblem(forGlob pattern: String, in folder: URL) -> (folder: String, error: FileReadError)? {
        base.folderProblem(forGlob: pattern, in: folder)
    }
    func resolvingSymlinks(_ url: URL) -> URL { base.resolvingSymlinks(url) }
    func status(of url: URL) -> FileStatus? { base.status(of: url) }
    func createDirectory(_ url: URL) throws { try base.createDirectory(url) }
    func lock(_ url: URL, timeout: Double) throws -> FileLock { try base.lock(url, timeout: timeout) }
    func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL {
        try base.writeTemporary(bytes, beside: url, permissions: permissions)
    }
    func replace(_ target: URL, with temporary: URL) throws { try base.replace(target, with: temporary) }
    func removeFile(_ url: URL) { base.removeFile(url) }
}
