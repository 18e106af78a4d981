import Foundation
import Testing

@testable import FlagCore

/// Faults during a write: the file is either untouched or fully written, and nothing is left behind.
@Suite("Safe writes under injected faults")
struct ProviderFileWriterFaultTests {
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
