import Foundation

/// Reads through to the disk but keeps every write in memory: `flagscope snapshot` edits
/// without touching files unless `--write` is given.
package final class OverlayFileSystem: FileSystem, @unchecked Sendable {
    private let base: FileSystem
    private let guardLock = NSLock()
    private var written: [String: [UInt8]] = [:]
    private var versions: [String: Int64] = [:]

    /// An overlay over `base`.
    package init(base: FileSystem = LocalFileSystem()) {
        self.base = base
    }

    private func overlay(_ url: URL) -> [UInt8]? {
        guardLock.lock()
        defer { guardLock.unlock() }
        return written[url.standardizedFileURL.path]
    }

    package func contents(of url: URL) throws -> [UInt8] {
        if let bytes = overlay(url) { return bytes }
        return try base.contents(of: url)
    }

    package func contents(of url: URL, limit: Int64) throws -> [UInt8] {
        if let bytes = overlay(url) { return bytes }
        return try base.contents(of: url, limit: limit)
    }

    package func fileExists(at url: URL) -> Bool {
        overlay(url) != nil || base.fileExists(at: url)
    }

    package func readProblem(at url: URL) -> FileReadError? {
        overlay(url) == nil ? base.readProblem(at: url) : nil
    }

    package func folderProblem(forGlob pattern: String, in folder: URL) -> (folder: String, error: FileReadError)? {
        base.folderProblem(forGlob: pattern, in: folder)
    }

    package func glob(_ pattern: String, in folder: URL) -> [String] {
        base.glob(pattern, in: folder)
    }

    package func resolvingSymlinks(_ url: URL) -> URL {
        base.resolvingSymlinks(url)
    }

    package func status(of url: URL) -> FileStatus? {
        guard let bytes = overlay(url) else { return base.status(of: url) }
        guardLock.lock()
        defer { guardLock.unlock() }
        return FileStatus(
            inode: 0, size: Int64(bytes.count), modified: versions[url.standardizedFileURL.path] ?? 0,
            permissions: 0o644)
    }

    package func createDirectory(_ url: URL) throws {}

    package func lock(_ url: URL, timeout: Double) throws -> FileLock {
        FileLock(descriptor: -1)
    }

    package func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guardLock.lock()
        written[temporary.standardizedFileURL.path] = bytes
        guardLock.unlock()
        return temporary
    }

    package func replace(_ target: URL, with temporary: URL) throws {
        guardLock.lock()
        defer { guardLock.unlock() }
        let path = target.standardizedFileURL.path
        written[path] = written.removeValue(forKey: temporary.standardizedFileURL.path)
        versions[path, default: 0] += 1
    }

    package func removeFile(_ url: URL) {
        guardLock.lock()
        written.removeValue(forKey: url.standardizedFileURL.path)
        guardLock.unlock()
    }
}
