import FlagCore
import FlagServer
import Foundation
import TestSupport
import Testing

/// The server through a client somebody else wrote: OpenFeature's Python SDK with its OFREP
/// provider (PyPI: openfeature-sdk, openfeature-provider-ofrep), in the virtual environment
/// `.ci/run` makes (`.build/ofrep-venv`; made here when missing, or named by
/// FLAGSCOPE_OFREP_PYTHON). Every flag of the demo, for several devices, gets the value, variant
/// and reason that FlagCore resolves for the same context.
@Suite("OFREP through OpenFeature's Python provider")
struct OFREPServerPythonClientTests {
    /// The Python of a virtual environment with the SDK and the provider.
    static func python() throws -> URL {
        if let named = ProcessInfo.processInfo.environment["FLAGSCOPE_OFREP_PYTHON"] {
            return URL(fileURLWithPath: named)
        }
        let venv = Repository.root.appendingPathComponent(".build/ofrep-venv")
        let python = venv.appendingPathComponent("bin/python")
        // The venv may exist without the client: Scripts/differential makes it with the engines only.
        let hasClient = (try? Self.run(python.path, ["-c", "import openfeature.contrib.provider.ofrep"])) != nil
        if !hasClient {
            if !FileManager.default.fileExists(atPath: python.path) {
                try Self.run("/usr/bin/env", ["python3", "-m", "venv", venv.path])
            }
            try Self.run(
                venv.appendingPathComponent("bin/pip").path,
                ["install", "-q", "openfeature-sdk==0.10.0", "openfeature-provider-ofrep==0.3.0"])
        }
        return python
    }

    /// Runs a program to its end, throwing when it fails.
    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(program) \(arguments) failed"])
        }
    }

    /// The devices asked about: none of its own, the iPad of the demo's rollout, an iPhone in Italy.
    static let contexts: [String] = [
        "{}",
        #"{"targetingKey": "listener-1", "country": "de", "userId": "qa-bo", "platform": "iOS", "os_version": "17.4"}"#,
        #"{"targetingKey": "listener-4711", "country": "it", "email": "ana@podcasts.example.com", "permissions": {"location_when_in_use": "authorized"}}"#,
    ]

    @Test("Every flag of the demo, for three devices: the SDK gets what FlagCore resolves")
    func everyFlag() async throws {
        let python = try Self.python()
        let server = try await OFREPServerTests.Running.start()
        defer { server.stop() }
        let workspace = Workspace.load(from: server.workspaceFile, environment: [:])
        let flags = workspace.flags.values.filter { !$0.key.hasPrefix(ContextKeys.prefix) }
        let kinds: [String: String] = Dictionary(
            uniqueKeysWithValues: flags.map { flag in
                let kind: String
                switch flag.type {
                case .bool: kind = "bool"
                case .int: kind = "int"
                case .double: kind = "float"
                case .json: kind = "object"
                default: kind = "string"
                }
                return (flag.key, kind)
            })
        let requests =
            "["
            + Self.contexts.map { context in
                #"{"context": \#(context), "flags": ["#
                    + flags.map { #"["\#($0.key)", "\#(kinds[$0.key]!)"]"# }.joined(separator: ", ") + "]}"
            }.joined(separator: ", ") + "]"
        let requestsFile = try server.folder.write("requests.json", requests)
        let output = server.folder.file("answers.jsonl")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = python
        process.arguments = [
            Repository.root.appendingPathComponent("Tests/Servers/ofrep_client.py").path,
            "http://127.0.0.1:\(server.port)", requestsFile.path,
        ]
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        // Waited for without blocking a thread: the server answers on this process's threads.
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < 120 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(process.terminationStatus == 0)

        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == flags.count * Self.contexts.count)
        var checked = 0
        for line in lines {
            let got = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let index = try #require(got["context"] as? Int)
            let key = try #require(got["key"] as? String)
            let layer = try OFREPEvaluation.context(fromBody: Array(Self.contexts[index].utf8).prefixedContext()).get()
            let device = try #require(workspace.simulating(device: nil, context: layer))
            let expected = OFREPEvaluation.answer(key, in: device).json
            #expect(got["error"] is NSNull, "\(key) for context \(index): \(got)")
            #expect(got["variant"] as? String == Self.text(expected, "variant"), "\(key) for context \(index)")
            #expect(got["reason"] as? String == Self.text(expected, "reason"), "\(key) for context \(index)")
            let value = try JSONSerialization.data(withJSONObject: ["v": got["value"] ?? NSNull()])
            let expectedValue = try JSONSerialization.data(
                withJSONObject: [
                    "v": try JSONSerialization.jsonObject(
                        with: Data(
                            (Self.member(expected, "value")?.serialized(pretty: false, sortedKeys: true) ?? "null").utf8
                        ),
                        options: .fragmentsAllowed)
                ])
            #expect(
                try JSONSerialization.jsonObject(with: value) as? NSDictionary
                    == JSONSerialization.jsonObject(with: expectedValue) as? NSDictionary,
                "\(key) for context \(index): \(got["value"] ?? "nil") vs \(expected)")
            checked += 1
        }
        #expect(checked == 3 * flags.count)
    }
}

extension OFREPServerPythonClientTests {
    /// A member of a JSON object.
    static func member(_ json: JSONValue, _ name: String) -> JSONValue? {
        if case .object(let members) = json { return members[name] }
        return nil
    }

    /// A member that is text.
    static func text(_ json: JSONValue, _ name: String) -> String? {
        if case .string(let text)? = member(json, name) { return text }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// A context object as the body a client sends: `{"context": …}`.
    fileprivate func prefixedContext() -> [UInt8] { Array(#"{"context": "#.utf8) + self + Array("}".utf8) }
}
