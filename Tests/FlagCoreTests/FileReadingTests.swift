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

/// The one reader every file goes through: what it refuses, the limit's wording, and that a
/// file with an error is read once (its line is quoted from the bytes already read).
@Suite("Reading files")
struct FileReadingTests {
    @Test("A provider file and a blueprint with a syntax error are each read once, and their line is quoted")
    func brokenFilesAreReadOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "flagscope.yml",
            "blueprints:\n  - app.yml\n  - broken.yml\nproviders:\n  - name: Shared\n    format: json\n    path: shared.json\n"
        )
        try folder.write(
            "app.yml", "name: App\nflags:\n  theme:\n    type: string\n    default: a\n    description: T\n")
        try folder.write("broken.yml", "name: Broken\nflags: [\n")
        try folder.write("shared.json", "{\n  \"app/theme\": \"dark\",\n  \"app/other\": tru\n}\n")
        let fileSystem = CountingFileSystem()
        let workspace = Workspace.load(from: folder.file("flagscope.yml"), fileSystem: fileSystem)
        #expect(fileSystem.reads(of: "shared.json") == 1)
        #expect(fileSystem.reads(of: "broken.yml") == 1)
        let text = workspace.diagnosticRenderer.render(all: workspace.diagnostics)
        #expect(text.contains("shared.json:3:16: error: json provider 'Shared':"), "\(text)")
        #expect(text.contains("  \"app/other\": tru\n"), "\(text)")
        #expect(text.contains("broken.yml:"), "\(text)")
    }

    @Test("Only the kept lines of a file are held, ending as the file's reader counts them")
    func keptLines() {
        let bytes = Array("one\r\ntwo\nthree\rfour".utf8)
        let json = SourceText(path: "a.json", bytes: bytes, keepingLines: [2, 3])
        #expect(json.line(1) == nil)
        #expect(json.line(2) == "two")
        #expect(json.line(3) == "three\rfour")
        let yaml = SourceText(path: "a.yml", bytes: bytes, keepingLines: [1, 3, 4])
        #expect(yaml.line(1) == "one")
        #expect(yaml.line(3) == "three")
        #expect(yaml.line(4) == "four")
    }

    @Test("Sizes are read in KB, MB and GB (powers of 1024) or bytes, and shown the same way")
    func sizes() {
        #expect(FileSizeLimit.parse("512MB") == 512 << 20)
        #expect(FileSizeLimit.parse("2 gb") == 2 << 30)
        #expect(FileSizeLimit.parse("900KB") == 900 << 10)
        #expect(FileSizeLimit.parse("4096") == 4096)
        for bad in ["", "MB", "-1MB", "0", "1.5GB", "lots", "99999999999GB"] {
            #expect(FileSizeLimit.parse(bad) == nil, "\(bad)")
        }
        #expect(FileSizeLimit.text(FileSizeLimit.defaultBytes) == "256 MB")
        #expect(FileSizeLimit.text(3 << 29) == "1.5 GB")
        #expect(FileSizeLimit.text(12) == "12 bytes")
        #expect(
            FileSizeLimit.hint(toRead: 300 << 20, over: 256 << 20)
                == "raise it with 'limits: { fileSize: 512MB }' in flagscope.yml")
    }

    @Test("A file that grows past the limit while read is refused, not read to its end")
    func growingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // /proc/self/status reports size 0 but has content: the size is only a hint.
        do {
            _ = try LocalFileSystem().contents(of: URL(fileURLWithPath: "/proc/self/status"), limit: 10)
            Issue.record("a file past the limit was read")
        } catch let error as FileReadError {
            guard case .tooLarge(let size, let limit) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(limit == 10)
            #expect(size > 10)
        }
        #expect(
            try LocalFileSystem().contents(of: URL(fileURLWithPath: "/proc/self/status"), limit: 1 << 20).count > 10)
    }

    @Test("What stands in the way is named: a FIFO, a device, a folder, a loop; a missing file is not a problem")
    func readProblems() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(mkfifo(folder.file("pipe").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop").path, withDestinationPath: "loop")
        let fileSystem = LocalFileSystem()
        #expect(
            fileSystem.readProblem(at: folder.file("pipe"))?.description
                == "it is a FIFO (named pipe), not a regular file")
        #expect(
            fileSystem.readProblem(at: URL(fileURLWithPath: "/dev/zero"))?.description
                == "it is a character device, not a regular file")
        #expect(fileSystem.readProblem(at: folder.url)?.description == "it is a folder, not a file")
        #expect(fileSystem.readProblem(at: folder.file("loop"))?.kind == .linkLoop)
        #expect(fileSystem.readProblem(at: folder.file("absent")) == nil)
        #expect(fileSystem.fileExists(at: folder.file("loop")))
        #expect(!fileSystem.fileExists(at: folder.file("absent")))
        #expect(throws: FileReadError(.notRegular("a FIFO (named pipe)"))) {
            try fileSystem.contents(of: folder.file("pipe"))
        }
        #expect(FileProblem.describe(CocoaError(.fileReadUnknown)).contains("NSCocoaErrorDomain") == false)
    }
}
