import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Writing the writable provider on the real file system (docs/providers.md "Writing").
@Suite("Safe writes to the writable provider")
struct ProviderFileWriterTests {
    static let stack = """
          - name: Local
            format: json
            path: .flagscope/local.json
            writable: true

        """

    static func sandbox(local: String?) throws -> ProviderSandbox {
        let sandbox = try ProviderSandbox.with(providers: stack, blueprint: ProviderBlueprint.yaml(excluding: "Local"))
        if let local { try sandbox.write(".flagscope/local.json", local) }
        return sandbox
    }

    static func set(
        _ sandbox: ProviderSandbox, _ values: [(String, FlagValue)], fileSystem: FileSystem = LocalFileSystem()
    ) throws -> EditReport {
        let editor = FlagEditor(workspace: sandbox.load(fileSystem: fileSystem), fileSystem: fileSystem)
        return try editor.set(.init(uniqueKeysWithValues: values), force: false)
    }

    static func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("JSON output has sorted keys, two-space indent and a trailing newline")
    func jsonFormatting() throws {
        let sandbox = try Self.sandbox(local: #"{"theme":"dark","dark_mode":true}"#)
        defer { sandbox.remove() }
        _ = try Self.set(
            sandbox, [("retries", .int(2)), ("layout", .json(.object(["rows": .int(1), "columns": .int(3)])))])
        #expect(
            try sandbox.text(".flagscope/local.json") == """
                {
                  "dark_mode": true,
                  "layout": {
                    "columns": 3,
                    "rows": 1
                  },
                  "retries": 2,
                  "theme": "dark"
                }

                """)
    }

    @Test("Keys not being changed survive a write, declared or not; the changed key is replaced")
    func otherKeysSurvive() throws {
        let sandbox = try Self.sandbox(
            local: """
                {"retries": 9, "theme": "light", "someone_elses_key": [1, 2], "context/locale": "it", "ratio": null}
                """)
        defer { sandbox.remove() }
        let report = try Self.set(sandbox, [("retries", .int(4))])
        #expect(report.result.storedKeys == ["retries"])
        let data =
            try JSONSerialization.jsonObject(with: Data(try sandbox.bytes(".flagscope/local.json"))) as? [String: Any]
        let object = try #require(data)
        #expect(Set(object.keys) == ["retries", "theme", "someone_elses_key", "context/locale", "ratio"])
        #expect(object["retries"] as? Int == 4)
        #expect(object["theme"] as? String == "light")
        #expect(object["someone_elses_key"] as? [Int] == [1, 2])
        #expect(object["ratio"] is NSNull)
        #expect(try sandbox.load().requireResolution("retries").value == .int(4))
    }

    @Test("The file's permission bits are kept", arguments: [0o600, 0o640, 0o664])
    func permissionsKept(mode: Int) throws {
        let sandbox = try Self.sandbox(local: #"{"theme": "light"}"#)
        defer { sandbox.remove() }
        let file = sandbox.file(".flagscope/local.json")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        _ = try Self.set(sandbox, [("theme", .string("dark"))])
        #expect(try Self.mode(file) == mode)
        #expect(try sandbox.text(".flagscope/local.json").contains("\"dark\""))
    }

    @Test("Writing through a symlink updates its target and keeps the link")
    func symlinkKept() throws {
        let sandbox = try Self.sandbox(local: nil)
        defer { sandbox.remove() }
        try sandbox.write("shared/team-local.json", #"{"theme": "light"}"#)
        try FileManager.default.createDirectory(at: sandbox.file(".flagscope"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.file(".flagscope/local.json").path,
            withDestinationPath: "../shared/team-local.json")
        let report = try Self.set(sandbox, [("retries", .int(6))])
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.file(".flagscope/local.json").path)
                == "../shared/team-local.json", "the link is still a link to the same place")
        let target = try sandbox.text("shared/team-local.json")
        #expect(target == "{\n  \"retries\": 6,\n  \"theme\": \"light\"\n}\n")
        #expect(
            report.result.file.resolvingSymlinksInPath().path
                == sandbox.file("shared/team-local.json").resolvingSymlinksInPath().path)
        #expect(try sandbox.listing(".flagscope") == ["local.json"], "no lock or temp file beside the link")
        #expect(!(try sandbox.listing("shared").contains { $0.hasSuffix(".tmp") }))
    }

    @Test(
        "An existing writable file that is not valid is refused with a clear error and left untouched",
        arguments: ["{\"theme\": \"light\",\n", "[\"theme\"]\n", "theme = light\n", "\u{FEFF}{\"a\": tru}"])
    func invalidFileRefused(contents: String) throws {
        let sandbox = try Self.sandbox(local: contents)
        defer { sandbox.remove() }
        let before = try sandbox.bytes(".flagscope/local.json")
        let writer = ProviderFileWriter(file: sandbox.file(".flagscope/local.json"), format: .json)
        #expect {
            try writer.apply(["theme": .set(.string("dark"))])
        } throws: { error in
            let message = "\(error)"
            return message.contains("local.json") && message.contains("not valid json")
                && message.contains("nothing was written")
        }
        #expect(try sandbox.bytes(".flagscope/local.json") == before)
        #expect(try sandbox.listing(".flagscope").allSatisfy { $0 == "local.json" || $0 == "local.json.lock" })
    }

    @Test("An invalid plist writable file is refused and left untouched")
    func invalidPlistRefused() throws {
        let sandbox = try ProviderSandbox.with(
            providers: "  - name: Local\n    format: plist\n    path: local.plist\n    writable: true\n",
            blueprint: ProviderBlueprint.yaml(excluding: "Local"))
        defer { sandbox.remove() }
        try sandbox.write("local.plist", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>theme</key>")
        let before = try sandbox.bytes("local.plist")
        let writer = ProviderFileWriter(file: sandbox.file("local.plist"), format: .plist)
        #expect(throws: WriteError.self) { try writer.apply(["theme": .set(.string("dark"))]) }
        #expect(try sandbox.bytes("local.plist") == before)
    }

    @Test("A missing writable file is created with its parent folders")
    func missingFileCreated() throws {
        let sandbox = try ProviderSandbox.with(
            providers: "  - name: Local\n    format: json\n    path: state/deep/er/local.json\n    writable: true\n",
            blueprint: ProviderBlueprint.yaml(excluding: "Local"))
        defer { sandbox.remove() }
        #expect(!sandbox.exists("state"))
        let report = try Self.set(sandbox, [("dark_mode", .bool(true))])
        #expect(report.file == "state/deep/er/local.json")
        #expect(try sandbox.text("state/deep/er/local.json") == "{\n  \"dark_mode\": true\n}\n")
        let expectedMode = Int(ProviderFileWriter.defaultPermissions())
        #expect(try Self.mode(sandbox.file("state/deep/er/local.json")) == expectedMode)
        #expect(try sandbox.load().requireResolution("dark_mode").source == "Local")
    }

    @Test("A missing writable plist is created as a property list that reads back")
    func missingPlistCreated() throws {
        let sandbox = try ProviderSandbox.with(
            providers: "  - name: Local\n    format: plist\n    path: prefs/local.plist\n    writable: true\n",
            blueprint: ProviderBlueprint.yaml(excluding: "Local"))
        defer { sandbox.remove() }
        _ = try Self.set(sandbox, [("checkout/new_flow", .bool(false)), ("theme", .string("dark"))])
        #expect(try sandbox.text("prefs/local.plist").hasPrefix("<?xml"))
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        #expect(try workspace.requireResolution("checkout/new_flow").layers[0].state == .set(.bool(false)))
        #expect(try workspace.requireResolution("theme").value == .string("dark"))
    }

    @Test("Writing through a dangling symlink creates its target and keeps the link")
    func danglingSymlink() throws {
        let sandbox = try Self.sandbox(local: nil)
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.file(".flagscope"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.file(".flagscope/local.json").path,
            withDestinationPath: "../synced/local.json")
        _ = try Self.set(sandbox, [("theme", .string("dark"))])
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.file(".flagscope/local.json").path)
                == "../synced/local.json")
        #expect(try sandbox.text("synced/local.json") == "{\n  \"theme\": \"dark\"\n}\n")
        #expect(try sandbox.load().requireResolution("theme").source == "Local")
    }

    @Test("An empty or whitespace-only writable file counts as empty and is written")
    func emptyFileIsEmpty() throws {
        let sandbox = try Self.sandbox(local: "  \n")
        defer { sandbox.remove() }
        _ = try Self.set(sandbox, [("theme", .string("dark"))])
        #expect(try sandbox.text(".flagscope/local.json") == "{\n  \"theme\": \"dark\"\n}\n")
    }

    @Test("After a write only the file and its lock remain: no temporary files")
    func noTemporaryFilesLeft() throws {
        let sandbox = try Self.sandbox(local: "{}")
        defer { sandbox.remove() }
        for round in 0..<5 { _ = try Self.set(sandbox, [("retries", .int(round))]) }
        #expect(try sandbox.listing(".flagscope") == ["local.json", "local.json.lock"])
    }

    @Test("The .lock file beside the provider file is never reported as a provider file")
    func lockFileNotReported() throws {
        let sandbox = try ProviderSandbox.with(
            providers: """
                  - name: Local
                    format: json
                    path: flags/local.json
                    writable: true
                  - name: QA
                    format: json
                    path: flags/qa.json

                """, blueprint: ProviderBlueprint.yaml(excluding: "QA"))
        defer { sandbox.remove() }
        try sandbox.write("flags/qa.json", "{}")
        _ = try Self.set(sandbox, [("theme", .string("dark"))])
        #expect(sandbox.exists("flags/local.json.lock"))
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        #expect(workspace.providers.map(\.displayPath) == ["flags/local.json", "flags/qa.json"])
        #expect(workspace.unknownKeys.isEmpty)
        #expect(!ValidateReport(workspace: workspace).text.contains(".lock"))
    }

    @Test("A lock file left behind by a killed process does not block the next write")
    func staleLockFileDoesNotBlock() throws {
        let sandbox = try Self.sandbox(local: #"{"theme": "light"}"#)
        defer { sandbox.remove() }
        // What a killed writer leaves: the lock file, with no process holding its flock.
        try sandbox.write(".flagscope/local.json.lock", "48213\n")
        var writer = ProviderFileWriter(file: sandbox.file(".flagscope/local.json"), format: .json)
        writer.lockTimeout = 2
        let start = Date()
        let result = try writer.apply(["theme": .set(.string("dark"))])
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(result.storedKeys == ["theme"])
        #expect(try sandbox.text(".flagscope/local.json") == "{\n  \"theme\": \"dark\"\n}\n")
    }

    @Test("A lock held by another writer makes a write wait, then fail clearly without touching the file")
    func heldLockWaitsThenFails() throws {
        let sandbox = try Self.sandbox(local: #"{"theme": "light"}"#)
        defer { sandbox.remove() }
        let before = try sandbox.bytes(".flagscope/local.json")
        let held = try LocalFileSystem().lock(sandbox.file(".flagscope/local.json.lock"), timeout: 1)
        var writer = ProviderFileWriter(file: sandbox.file(".flagscope/local.json"), format: .json)
        writer.lockTimeout = 0.3
        let start = Date()
        #expect {
            try writer.apply(["theme": .set(.string("dark"))])
        } throws: { error in
            "\(error)".contains("lock")
        }
        #expect(Date().timeIntervalSince(start) >= 0.25, "it waited for the lock")
        #expect(try sandbox.bytes(".flagscope/local.json") == before)
        held.release()
        _ = try writer.apply(["theme": .set(.string("dark"))])
        #expect(try sandbox.text(".flagscope/local.json").contains("dark"))
    }

    @Test("A plist provider is written as nested dictionaries, keeps other keys, and reads back the same values")
    func plistRoundTrip() throws {
        let sandbox = try ProviderSandbox.with(
            providers: [.plist("Local", "local.plist", writable: true)],
            blueprint: ProviderBlueprint.yaml(excluding: "Local"))
        defer { sandbox.remove() }
        try sandbox.write(
            "local.plist",
            ProviderReadersPlistTests.plist(
                """
                    <key>checkout</key><dict><key>new_flow</key><false/></dict>
                    <key>ratio</key><real>0.75</real>
                """))
        _ = try Self.set(
            sandbox,
            [("layout", .json(.object(["columns": .int(4)]))), ("retries", .int(2)), ("dark_mode", .bool(true))])
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        #expect(workspace.unknownKeys.isEmpty)
        #expect(try workspace.requireResolution("layout").value == .json(.object(["columns": .int(4)])))
        #expect(try workspace.requireResolution("retries").value == .int(2))
        #expect(try workspace.requireResolution("dark_mode").value == .bool(true))
        #expect(try workspace.requireResolution("checkout/new_flow").value == .bool(false))
        #expect(try workspace.requireResolution("ratio").value == .double(0.75))
        let tree =
            try PropertyListSerialization.propertyList(from: Data(try sandbox.bytes("local.plist")), format: nil)
            as? [String: Any]
        let checkout = tree?["checkout"] as? [String: Any]
        #expect(checkout?["new_flow"] != nil, "one nested dictionary per key segment")
        #expect((tree?["layout"] as? [String: Any])?["columns"] != nil, "a json value is a nested dictionary")
    }

    @Test("Resetting removes only the named keys and leaves the rest byte-for-byte in canonical form")
    func resetRemovesOnlyNamedKeys() throws {
        let sandbox = try Self.sandbox(
            local: "{\n  \"dark_mode\": true,\n  \"retries\": 4,\n  \"theme\": \"dark\"\n}\n")
        defer { sandbox.remove() }
        let report = try FlagEditor(workspace: sandbox.load()).reset(["retries", "greeting"])
        #expect(report.result.removedKeys == ["retries"])
        #expect(report.result.absentKeys == ["greeting"])
        #expect(try sandbox.text(".flagscope/local.json") == "{\n  \"dark_mode\": true,\n  \"theme\": \"dark\"\n}\n")
    }

    @Test("A file in key order stays in key order: new keys go in their place, removed keys leave no gap")
    func sortedFileStaysSorted() throws {
        let keys = (0..<40).map { String(format: "key_%03d", $0 * 2) }
        let local = "{\n" + keys.map { "  \"\($0)\": 1" }.joined(separator: ",\n") + "\n}\n"
        let sandbox = try Self.sandbox(local: local)
        defer { sandbox.remove() }
        let file = sandbox.file(".flagscope/local.json")
        let writer = ProviderFileWriter(file: file, format: .json)
        let result = try writer.apply([
            "key_001": .set(.int(2)), "key_040": .remove, "key_999": .set(.string("é")),
            "key_000": .set(.bool(false)), "a": .set(.null), "key_041": .remove,
        ])
        #expect(result.storedKeys == ["key_001", "key_999", "key_000", "a"])
        #expect(result.removedKeys == ["key_040"])
        #expect(result.absentKeys == ["key_041"])
        var expected = keys.filter { $0 != "key_040" }.map { ($0, "1") }
        expected[0].1 = "false"
        expected.insert(("key_001", "2"), at: 1)
        expected.insert(("a", "null"), at: 0)
        expected.append(("key_999", "\"é\""))
        #expect(
            try sandbox.text(".flagscope/local.json")
                == "{\n" + expected.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n")
    }

    @Test("A file out of key order is written back in key order (UTF-8 byte order), values kept")
    func unsortedFileIsSorted() throws {
        let sandbox = try Self.sandbox(local: #"{"b": 1, "é": 2, "B": 3, "a": {"y": 1, "x": 2}, "ab": 4, "Z": 5}"#)
        defer { sandbox.remove() }
        let file = sandbox.file(".flagscope/local.json")
        _ = try ProviderFileWriter(file: file, format: .json).apply(["aa": .set(.int(6))])
        #expect(
            try sandbox.text(".flagscope/local.json") == """
                {
                  "B": 3,
                  "Z": 5,
                  "a": {
                    "x": 2,
                    "y": 1
                  },
                  "aa": 6,
                  "ab": 4,
                  "b": 1,
                  "é": 2
                }

                """)
    }
}
