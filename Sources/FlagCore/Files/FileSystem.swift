import Foundation

/// The file operations Flagscope performs, behind one seam so tests can inject faults
/// (a full disk, a failing rename, a file swapped between read and write).
package protocol FileSystem: Sendable {
    /// The bytes of a file (at most ``FileSizeLimit/defaultBytes``).
    func contents(of url: URL) throws -> [UInt8]
    /// The bytes of a regular file; anything else, or a file larger than `limit` bytes, is
    /// refused with a ``FileReadError`` before it is read.
    func contents(of url: URL, limit: Int64) throws -> [UInt8]
    /// Whether something is at `url`: a file, a folder, or a link loop (reading it says what it is).
    func fileExists(at url: URL) -> Bool
    /// Why `url` could not be read as a regular file (a FIFO, a folder, a link loop…), without
    /// opening it; `nil` when it can, or when nothing is there.
    func readProblem(at url: URL) -> FileReadError?
    /// Paths (relative to `folder`) matching a shell glob pattern, sorted.
    func glob(_ pattern: String, in folder: URL) -> [String]
    /// Why the folder a glob pattern starts from cannot be listed (`blueprints` in
    /// `blueprints/*.yml`), with that folder as written; `nil` when it can.
    func folderProblem(forGlob pattern: String, in folder: URL) -> (folder: String, error: FileReadError)?
    /// The file a path finally names after following symlinks (the path itself when it is none).
    func resolvingSymlinks(_ url: URL) -> URL
    /// Identity and permission bits of an existing file, or `nil` when it does not exist.
    func status(of url: URL) -> FileStatus?
    /// Creates a folder and its parents.
    func createDirectory(_ url: URL) throws
    /// Takes the exclusive advisory lock on `url` (created when absent), waiting at most `timeout` seconds.
    func lock(_ url: URL, timeout: Double) throws -> FileLock
    /// Writes `bytes` to a new file beside `url`, flushed to disk, with `permissions`; returns its path.
    func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL
    /// Atomically renames `temporary` over `target` and flushes the folder.
    func replace(_ target: URL, with temporary: URL) throws
    /// Removes a file, ignoring a missing one.
    func removeFile(_ url: URL)
}

/// What identifies a version of a file: if any of it changes, someone else wrote the file.
package struct FileStatus: Sendable, Hashable {
    /// The inode number.
    package var inode: UInt64
    /// The size in bytes.
    package var size: Int64
    /// The modification time in nanoseconds.
    package var modified: Int64
    /// The permission bits (`0o644` …).
    package var permissions: UInt32
}

/// A held lock; released by `release()` or when the process dies (the kernel drops `flock`s),
/// so a lock file left behind by a killed process never blocks anyone.
package final class FileLock: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// A lock that holds nothing (in-memory file systems).
    package static func none() -> FileLock { FileLock(descriptor: -1) }

    /// Releases the lock.
    package func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

extension FileSystem {
    /// In-memory file systems hold small files: they are read whole, then measured.
    package func contents(of url: URL, limit: Int64) throws -> [UInt8] {
        let bytes = try contents(of: url)
        guard Int64(bytes.count) <= limit else {
            throw FileReadError(.tooLarge(size: Int64(bytes.count), limit: limit))
        }
        return bytes
    }

    /// In-memory file systems hold regular files only.
    package func readProblem(at url: URL) -> FileReadError? { nil }

    /// In-memory file systems have no folders that cannot be listed.
    package func folderProblem(forGlob pattern: String, in folder: URL) -> (folder: String, error: FileReadError)? {
        nil
    }
}

/// A file-system failure with its errno reason.
package struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// What was being done ("write a temporary file beside local.json").
    package var operation: String
    /// The system's reason ("No space left on device").
    package var reason: String

    /// From the current `errno`.
    static func current(_ operation: String) -> FileSystemError {
        FileSystemError(operation: operation, reason: String(cString: strerror(errno)))
    }

    /// `cannot <operation>: <reason>`, the reason's first letter lowercased ("no space left on
    /// device"); paths in it keep their case.
    package var description: String { "cannot \(operation): \(reason.prefix(1).lowercased() + reason.dropFirst())" }
}

/// The real file system.
package struct LocalFileSystem: FileSystem {
    /// Creates the real file system.
    package init() {}

    package func contents(of url: URL) throws -> [UInt8] {
        try contents(of: url, limit: FileSizeLimit.defaultBytes)
    }

    /// Every file Flagscope reads goes through here: `stat` first, so a FIFO (whose `open`
    /// waits for a writer forever), a device (whose data never ends), a folder or a file past
    /// the limit is refused before it is opened; then open, fstat and read straight into an
    /// array (reading into Data and copying it out held two copies of each file at the peak).
    package func contents(of url: URL, limit: Int64) throws -> [UInt8] {
        let path = url.path
        if let problem = readProblem(at: url) { throw problem }
        // O_NONBLOCK: should the path become a FIFO after the stat, open still returns at once.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw FileReadError(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileReadError(errno: errno) }
        if let problem = FileReadError(mode: info.st_mode) { throw problem }
        let size = Int64(info.st_size)
        guard size <= limit else { throw FileReadError(.tooLarge(size: size, limit: limit)) }
        func readSome(into buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
            while true {
                let got = read(descriptor, buffer, count)
                if got >= 0 || errno != EINTR { return got }
            }
        }
        let expected = Int(size)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            while count < expected, let base = buffer.baseAddress {
                let got = readSome(into: base + count, expected - count)
                if got < 0 { failure = errno }
                if got <= 0 { return }
                count += got
            }
        }
        guard failure == 0 else { throw FileReadError(errno: failure) }
        // The size is only a hint: a file that grew while read is read to its end, or to the limit.
        var more = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = more.withUnsafeMutableBytes { readSome(into: $0.baseAddress!, $0.count) }
            if got < 0 { throw FileReadError(errno: errno) }
            if got == 0 { return bytes }
            bytes.append(contentsOf: more[0..<got])
            if Int64(bytes.count) > limit { throw FileReadError(.tooLarge(size: Int64(bytes.count), limit: limit)) }
        }
    }

    package func readProblem(at url: URL) -> FileReadError? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            let code = errno
            return code == ENOENT ? nil : FileReadError(errno: code)
        }
        return FileReadError(mode: info.st_mode)
    }

    package func fileExists(at url: URL) -> Bool {
        var info = stat()
        if stat(url.path, &info) == 0 { return true }
        // A link loop, or a folder on the way that may not be searched, is something there
        // that cannot be read: reading it says so, where "missing" would mislead.
        return errno != ENOENT && errno != ENOTDIR
    }

    package func folderProblem(forGlob pattern: String, in folder: URL) -> (folder: String, error: FileReadError)? {
        // The leading components without wildcards name the folder the match starts from.
        var fixed: [Substring] = []
        for component in pattern.split(separator: "/", omittingEmptySubsequences: true).dropLast() {
            if component.contains(where: { "*?[".contains($0) }) { break }
            fixed.append(component)
        }
        let written = (pattern.hasPrefix("/") ? "/" : "") + fixed.joined(separator: "/")
        let start = WorkspacePath.url(ofPath: written.isEmpty ? "." : written, in: folder)
        guard let handle = opendir(start.path) else {
            let code = errno
            if code == ENOENT { return nil }  // a folder that is not there matches nothing, as shells say
            let error = code == ENOTDIR ? FileReadError(.notAFolder) : FileReadError(errno: code)
            return (written.isEmpty ? "." : written, error)
        }
        closedir(handle)
        return nil
    }

    package func glob(_ pattern: String, in folder: URL) -> [String] {
        if pattern.contains("**"), !pattern.hasPrefix("/") { return RecursiveGlob.matches(pattern, in: folder) }
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        let absolute = pattern.hasPrefix("/") ? pattern : base + pattern
        return HostPlatform.glob(absolute).map { $0.hasPrefix(base) ? String($0.dropFirst(base.count)) : $0 }.sorted()
    }

    package func resolvingSymlinks(_ url: URL) -> URL {
        var current = url
        // Follow at most 40 links (as the kernel does) so a loop cannot hang us.
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current =
                URL(fileURLWithPath: destination, relativeTo: current.deletingLastPathComponent()).standardizedFileURL
        }
        return current
    }

    package func status(of url: URL) -> FileStatus? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return FileStatus(
            inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: HostPlatform.modificationNanoseconds(info),
            permissions: UInt32(info.st_mode) & 0o7777)
    }

    /// Creates the folder and its missing parents one by one, so a failure names the part of
    /// the path at fault and says why ("…/state is a file, not a folder").
    package func createDirectory(_ url: URL) throws {
        let target = url.standardizedFileURL.path
        var path = ""
        for component in target.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + component
            if mkdir(path, 0o777) == 0 { continue }
            let reason = errno
            var info = stat()
            if reason == EEXIST || reason == EISDIR || reason == EROFS || reason == EACCES, stat(path, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFDIR { continue }  // there already (or a link to a folder)
                throw FileSystemError(
                    operation: "create the folder \(target)", reason: "\(path) is a file, not a folder")
            }
            throw FileSystemError(
                operation: "create the folder \(path == target ? target : "\(target) (at \(path))")",
                reason: String(cString: strerror(reason)))
        }
    }

    package func lock(_ url: URL, timeout: Double) throws -> FileLock {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError.current("open the lock file \(url.lastPathComponent)") }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                throw FileSystemError(
                    operation: "lock \(url.lastPathComponent)",
                    reason: "another process has held it for \(Int(timeout)) seconds")
            }
            usleep(10_000)
        }
        return FileLock(descriptor: descriptor)
    }

    package func writeTemporary(_ bytes: [UInt8], beside url: URL, permissions: UInt32) throws -> URL {
        let folder = url.deletingLastPathComponent()
        removeAbandonedTemporaries(beside: url)
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileSystemError.current("create a temporary file in \(folder.path)") }
        var failure: FileSystemError?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .current("write \(url.lastPathComponent)")
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(descriptor, mode_t(permissions)) != 0 {
            failure = .current("set permissions of \(url.lastPathComponent)")
        }
        if failure == nil, fsync(descriptor) != 0 { failure = .current("flush \(url.lastPathComponent) to disk") }
        close(descriptor)
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        return temporary
    }

    /// Temporary files of writers that were killed before their rename (`.<name>.<pid>.<n>.tmp`
    /// whose process is gone) are removed; a live writer's are left alone.
    private func removeAbandonedTemporaries(beside url: URL) {
        let prefix = ".\(url.lastPathComponent)."
        let folder = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let parts = name.dropFirst(prefix.count).split(separator: ".")
            guard let pid = parts.first.flatMap({ Int32($0) }), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(folder.appendingPathComponent(name).path) }
        }
    }

    package func replace(_ target: URL, with temporary: URL) throws {
        guard rename(temporary.path, target.path) == 0 else {
            let error = FileSystemError.current("replace \(target.lastPathComponent)")
            unlink(temporary.path)
            throw error
        }
        // Flush the folder so the rename itself survives a power cut.
        let folder = open(target.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    package func removeFile(_ url: URL) {
        unlink(url.path)
    }
}
