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

/// Faults during a write: the file is either untouched or fully written, and nothing is left behind.
@Suite("Safe writes under injected faults")
struct SafeWriteFaultTests {
    static let original = "{\n  \"retries\": 9,\n  \"theme\": \"light\"\n}\n"

    static func sandbox() throws -> ProviderSandbox {
        let sandbox = try ProviderSandbox.with(
            providers: "  - name: Local\n    format: json\n    path: flags/local.json\n    writable: true\n",
            blueprint: ProviderBlueprint.yaml(excluding: "Local"))
        try sandbox.write("flags/local.json", original)
        return sandbox
    }

    /// Replaces `flags/local.json` the way another tool would: a new file renamed over it.
    static func replaceBehindTheWriter(_ sandbox: ProviderSandbox, with text: String) {
        let other = sandbox.file("flags/other-tool.tmp")
        try? Data(text.utf8).write(to: other)
        rename(other.path, sandbox.file("flags/local.json").path)
    }

    static func temporaryFiles(_ sandbox: ProviderSandbox) throws -> [String] {
        try sandbox.listing("flags").filter { $0 != "local.json" && $0 != "local.json.lock" }
    }

    @Test("A full disk while writing the temporary file is an error; the file is byte-identical, no temp file is left")
    func diskFull() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let before = try sandbox.bytes("flags/local.json")
        let fileSystem = SafeWriteFaultyFileSystem()
        fileSystem.writeTemporaryFailure = FileSystemError(
            operation: "write local.json", reason: String(cString: strerror(ENOSPC)))
        let writer = ProviderFileWriter(file: sandbox.file("flags/local.json"), format: .json, fileSystem: fileSystem)
        #expect {
            try writer.apply(["theme": .set(.string("dark"))])
        } throws: { error in
            let message = "\(error)"
            return message.contains("no space left on device") && message.contains("local.json was not changed")
        }
        #expect(try sandbox.bytes("flags/local.json") == before)
        #expect(try Self.temporaryFiles(sandbox) == [])
        #expect(fileSystem.replaceCalls == 0)
    }

    @Test("set reports a full disk as a refusal that names the reason")
    func diskFullThroughTheEditor() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let fileSystem = SafeWriteFaultyFileSystem()
        fileSystem.writeTemporaryFailure = FileSystemError(
            operation: "write local.json", reason: String(cString: strerror(ENOSPC)))
        let editor = FlagEditor(workspace: sandbox.load(fileSystem: fileSystem), fileSystem: fileSystem)
        #expect {
            try editor.set(["theme": .string("dark")], force: false)
        } throws: { error in
            "\(error)".contains("no space left on device")
        }
        #expect(try sandbox.text("flags/local.json") == Self.original)
    }

    @Test("A failing rename is an error; the file is byte-identical and the temporary file is removed")
    func renameFails() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let fileSystem = SafeWriteFaultyFileSystem()
        fileSystem.replaceFailure = FileSystemError(
            operation: "replace local.json", reason: String(cString: strerror(EIO)))
        let writer = ProviderFileWriter(file: sandbox.file("flags/local.json"), format: .json, fileSystem: fileSystem)
        #expect {
            try writer.apply(["theme": .set(.string("dark"))])
        } throws: { error in
            "\(error)".contains("input/output error") && "\(error)".contains("not changed")
        }
        #expect(fileSystem.writeTemporaryCalls == 1)
        #expect(try sandbox.text("flags/local.json") == Self.original)
        #expect(try Self.temporaryFiles(sandbox) == [])
    }

    @Test("A read failure refuses the write and leaves the file alone")
    func readFails() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let fileSystem = SafeWriteFaultyFileSystem()
        fileSystem.readFailure = ("local.json", CocoaError(.fileReadNoPermission))
        let writer = ProviderFileWriter(file: sandbox.file("flags/local.json"), format: .json, fileSystem: fileSystem)
        #expect {
            try writer.apply(["theme": .set(.string("dark"))])
        } throws: { error in
            "\(error)".contains("nothing was written")
        }
        #expect(fileSystem.writeTemporaryCalls == 0)
        #expect(try sandbox.text("flags/local.json") == Self.original)
    }

    @Test(
        "When someone replaces the file between our read and our rename, the writer starts over and their keys survive")
    func concurrentReplacementIsMerged() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let fileSystem = SafeWriteFaultyFileSystem()
        fileSystem.afterWriteTemporary = { call in
            if call == 1 {
                Self.replaceBehindTheWriter(
                    sandbox, with: "{\"greeting\": \"ciao\", \"retries\": 1, \"their_key\": true}\n")
            }
        }
        let writer = ProviderFileWriter(file: sandbox.file("flags/local.json"), format: .json, fileSystem: fileSystem)
        let result = try writer.apply(["theme": .set(.string("dark"))])
        #expect(result.storedKeys == ["theme"])
        #expect(fileSystem.writeTemporaryCalls == 2, "the first attempt was thrown away")
        #expect(
            try sandbox.text("flags/local.json") == """
                {
                  "greeting": "ciao",
                  "retries": 1,
                  "their_key": true,
                  "theme": "dark"
                }

                """)
        #expect(try Self.temporaryFiles(sandbox) == [])
    }

    @Test(
        "A file that keeps changing under the writer is an error after a few attempts; the other writer's file stands")
    func endlessReplacementGivesUp() throws {
        let sandbox = try Self.sandbox()
        defer { sandbox.remove() }
        let fileSystem = SafeWriteFaultyFileSystem()
        fileSystem.afterWriteTemporary = { call in
            Self.replaceBehindTheWriter(sandbox, with: "{\"retries\": \(call)}\n")
        }
        let writer = ProviderFileWriter(file: sandbox.file("flags/local.json"), format: .json, fileSystem: fileSystem)
        #expect {
            try writer.apply(["theme": .set(.string("dark"))])
        } throws: { error in
            "\(error)".contains("kept changing")
        }
        #expect(fileSystem.replaceCalls == 0)
        let last = fileSystem.writeTemporaryCalls
        #expect(last >= 2)
        #expect(try sandbox.text("flags/local.json") == "{\"retries\": \(last)}\n")
        #expect(try Self.temporaryFiles(sandbox) == [])
    }
}
