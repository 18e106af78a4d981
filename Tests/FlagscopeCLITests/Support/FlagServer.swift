import Foundation
import TestSupport
import Testing

/// A real flag server for one test: `Tests/Servers/flag_server.py` (Python 3's `http.server`) on
/// 127.0.0.1 at a free port, speaking OFREP and the Unleash client API. The first path segment
/// of a url picks the behaviour (see the script), so `url("slow-3")` is a server that thinks for
/// three seconds; `override(_:)` makes every url fail from now on. Stopped by `stop()` or deinit.
final class FlagServer {
    /// The folder with the server's port file, request log and override switch.
    let state: TemporaryFolder
    /// The port it listens on.
    let port: Int
    private let process: Process
    private var stopped = false

    /// The script in the repository.
    static var script: URL { CLIRunner.packageRoot.appendingPathComponent("Tests/Servers/flag_server.py") }

    /// Starts the server; `token` is the `Authorization` value its `auth` modes accept.
    init(token: String? = nil) throws {
        state = try TemporaryFolder()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, state.url.path]
        var environment = ProcessInfo.processInfo.environment
        environment["FLAG_SERVER_TOKEN"] = token ?? ""
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // An empty file to write into; the FileHandle below fails clearly if it could not be made.
        _ = FileManager.default.createFile(atPath: state.url.appendingPathComponent("stderr").path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: state.url.appendingPathComponent("stderr"))
        do {
            try process.run()
        } catch {
            throw Failure("cannot start python3 (the remote tests need it; .ci/run installs it): \(error)")
        }
        let deadline = Date().addingTimeInterval(15)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            found = (try? state.read("port")).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if found == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        guard let found else {
            let log = (try? state.read("stderr")) ?? ""
            kill(process.processIdentifier, SIGKILL)
            throw Failure("the flag server did not start within 15 s:\n\(log)")
        }
        port = found
    }

    deinit { stop() }

    /// A url whose port never completes a connection (connect timeouts).
    func blackholeURL() throws -> String {
        let port = try state.read("blackhole-port").trimmingCharacters(in: .whitespacesAndNewlines)
        return "http://127.0.0.1:\(port)/ofrep"
    }

    /// The base url of one behaviour, as a provider's `url:`.
    func url(_ mode: String) -> String { "http://127.0.0.1:\(port)/\(mode)" }

    /// Every request so far, oldest first: method, mode, path, auth (missing/ok/wrong), ifNoneMatch, body.
    func requests() -> [[String: Any]] {
        let text = (try? state.read("requests.log")) ?? ""
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Makes every url answer `500`, `malformed`, `401` or `sleep:N` from now on; `nil` goes back to normal.
    func override(_ behaviour: String?) throws {
        let file = state.url.appendingPathComponent("override")
        if let behaviour {
            try state.write("override", behaviour)
        } else {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// Stops the server: from now on its port refuses connections (a server that is down).
    func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            // SIGKILL: the test runner's blocked-signal mask is inherited, so SIGTERM might wait forever.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        state.remove()
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// A workspace with one remote provider above a writable local file, its own cache folder and
/// the blueprint the flag server's answers are made for.
struct RemoteWorkspace {
    let folder: TemporaryFolder
    /// `XDG_CACHE_HOME` for every run: the cache lands here, never in the user's own.
    let cache: TemporaryFolder

    /// The blueprint: one flag per kind of value the server sends, and the keys it sends errors for.
    static let blueprint = """
        name: App
        keyPrefix: lab
        flags:
          sson: { type: bool, default: false, description: Single sign-on }
          results: { type: int, default: 10, min: 1, max: 100, description: Results per page }
          rate: { type: double, default: 1.0, description: Playback rate }
          theme: { type: enum, values: [system, light, dark], default: system, description: Colour theme }
          payload: { type: json, default: {}, description: Configuration blob }
          greeting: { type: string, default: hi, description: Greeting }
          mismatch: { type: bool, default: false, description: The server sends text for it }
          broken: { type: bool, default: false, description: The server cannot evaluate it }
          absent: { type: string, default: none, description: The server does not know it }
          localOnly: { type: string, default: base, description: Only the local file sets it }
        features:
          smartPlaylists:
            description: Smart playlists
            constraints:
              runtimeEnabled: { flag: lab/sson }

        """

    /// Creates the workspace; `provider` is the remote provider's YAML lines after `- name: Flags`.
    init(provider: [String], local: String = "{\"lab/local_only\": \"from local\"}\n") throws {
        folder = try TemporaryFolder()
        cache = try TemporaryFolder()
        let lines =
            ["blueprints: [blueprints/app.yml]", "providers:", "  - name: Flags"] + provider.map { "    " + $0 }
            + ["  - name: Local", "    format: json", "    path: .flagscope/local.json", "    writable: true", ""]
        try folder.write("flagscope.yml", lines.joined(separator: "\n"))
        try folder.write("blueprints/app.yml", Self.blueprint)
        try folder.write(".flagscope/local.json", local)
    }

    /// An OFREP provider at `url` with extra fields (`timeout: 1` …).
    init(ofrep url: String, _ extra: [String] = [], local: String = "{\"lab/local_only\": \"from local\"}\n") throws {
        try self.init(provider: ["format: ofrep", "url: \(url)"] + extra, local: local)
    }

    /// Runs `flagscope arguments… --config <workspace>` with the test's cache folder.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRunner.Output {
        var variables = ["XDG_CACHE_HOME": cache.url.path]
        for (key, value) in environment { variables[key] = value }
        return try CLIRunner.run(
            arguments + ["--config", folder.url.appendingPathComponent("flagscope.yml").path],
            in: folder.url, environment: variables)
    }

    /// `get KEY --json`, parsed; fails the test on a non-zero exit.
    func get(_ key: String, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> [String: Any]
    {
        let output = try run(["get", key, "--json"], environment: environment)
        #expect(output.status == 0, "\(CLIFixture.describe(output))", sourceLocation: sourceLocation)
        return try CLIFixture.object(output.stdout, sourceLocation: sourceLocation)
    }

    /// The layer of `provider` in a `get --json` object.
    static func layer(
        _ object: [String: Any], _ provider: String = "Flags",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let layers = try #require(object["layers"] as? [[String: Any]], sourceLocation: sourceLocation)
        return try #require(
            layers.first { $0["provider"] as? String == provider }, "no layer \(provider)",
            sourceLocation: sourceLocation)
    }

    /// Every file under the cache folder and the workspace, with its bytes.
    func writtenFiles() -> [(path: String, bytes: Data)] {
        var files: [(String, Data)] = []
        for root in [cache.url, folder.url] {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                    let data = try? Data(contentsOf: url)
                {
                    files.append((url.path, data))
                }
            }
        }
        return files
    }

    /// The cache files written so far.
    var cacheFiles: [URL] {
        let folder = cache.url.appendingPathComponent("flagscope")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    func remove() {
        folder.remove()
        cache.remove()
    }
}
