import Foundation
import Testing

@testable import FlagCore

/// The real file system with faults injected at chosen steps of a write.
final class SafeWriteFaultyFileSystem: FileSystem, @unchecked Sendable {
    private let base = LocalFileSystem()
    private let guardLock = NSLock()
    private var _writeTemporaryCalls = 0
    private var _replaceCalls = 0

    /// Thrown by `writeTemporary` instead of writing (nothing is created).
    var writeTemporaryFailure: Error?
    /// Thrown by `replace` instead of renaming (the temporary file is left for the caller).
    var replaceFailure: Error?
    /// Thrown by `contents(of:)` for the provider file.
    var readFailure: (file: String, error: Error)?
    /// Runs after the temporary file is written and before the writer checks the target again,
    /// with the number of the call (1-based): the moment another process may swap the file.
    var afterWriteTemporary: ((Int) -> Void)?

    var writeTemporaryCalls: Int { guardLock.withLock { _writeTemporaryCalls } }
    var replaceCalls: Int { guardLock.withLock { _replaceCalls } }

    func contents(of url: URL) throws -> [UInt8] {
        if let readFailure, url.lastPathComponent == readFailure.file { throw readFailure.error }
        return try base.contents(of: url)
    }
    func fileExists(at url: URL) -> Bool { base.fileExists(at: url) }
    func glob(_ pattern: String, in folder: URL) -> [String] { base.glob(pattern, in: folder) }
    func resolvingSymlinks(_ url: URL) -> URL { base.resolvingSymlinks(url) }
    func status(of url: URL) -> FileStatus? { base.status(of: url) }
    func createDirectory(_ url: URL) throws { try base.createDirectory(url) }
    func lock(_ url: URL, timeout: Double) throws -> FileLock { try base.lock(url, timeout: timeout) }

    func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL {
        let call = guardLock.withLock { () -> Int in
            _writeTemporaryCalls += 1
            return _writeTemporaryCalls
        }
        if let writeTemporaryFailure { throw writeTemporaryFailure }
        let temporary = try base.writeTemporary(bytes, beside: url, permissions: permissions)
        afterWriteTemporary?(call)
        return temporary
    }

    func replace(_ target: URL, with temporary: URL) throws {
        guardLock.withLock { _replaceCalls += 1 }
        if let replaceFailure { throw replaceFailure }
        try base.replace(target, with: temporary)
    }

    func removeFile(_ url: URL) { base.removeFile(url) }
}
