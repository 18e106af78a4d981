import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// The one reader every file goes through: what it refuses, and a size that is only a hint.
@Suite("Reading files")
struct FileSystemTests {
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
        #expect(FileErrorText.describe(CocoaError(.fileReadUnknown)).contains("NSCocoaErrorDomain") == false)
    }
}
