import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// A fetcher that answers what the test says, when the test says: for the browser's scheduling
/// of remote fetches (the real client against a real server is tested on the command line and in tmux).
final class ScriptedFetcher: RemoteFetcher, @unchecked Sendable {
    private let lock = NSLock()
    private let gate = DispatchSemaphore(value: 0)
    private var held: Bool
    private var answer: Result<RemoteResponse, RemoteFetchError>
    private(set) var requests: [RemoteRequest] = []

    init(_ answer: Result<RemoteResponse, RemoteFetchError>, held: Bool = false) {
        self.answer = answer
        self.held = held
    }

    /// An OFREP answer setting `lab/sson`.
    static func ofrep(_ sson: Bool) -> Result<RemoteResponse, RemoteFetchError> {
        .success(
            RemoteResponse(
                status: 200,
                body: Array(
                    "{\"flags\":[{\"key\":\"lab/sson\",\"value\":\(sson),\"reason\":\"STATIC\",\"variant\":\"v1\"}]}"
                        .utf8)))
    }

    func fetch(_ request: RemoteRequest) -> Result<RemoteResponse, RemoteFetchError> {
        let wait = lock.withLock { () -> Bool in
            requests.append(request)
            return held
        }
        if wait { gate.wait() }
        return lock.withLock { answer }
    }

    /// Lets a held fetch answer (and every later one at once).
    func release() {
        lock.withLock { held = false }
        gate.signal()
    }

    func answer(with result: Result<RemoteResponse, RemoteFetchError>) { lock.withLock { answer = result } }
    var count: Int { lock.withLock { requests.count } }
    func body(_ index: Int) -> String { lock.withLock { String(decoding: requests[index].body ?? [], as: UTF8.self) } }
}

/// A workspace with an OFREP provider above a local file, and its cache folder.
struct RemoteBrowserFixture {
    let folder: URL
    var environment: [String: String] { ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path] }
    var workspaceFile: URL { folder.appendingPathComponent("flagscope.yml") }

    init(refresh: Int = 30) throws {
        folder = try TemporaryFolder.makeUnique(prefix: "flagscope-remote")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("blueprints"), withIntermediateDirectories: true)
        try Data(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - { name: Flags, format: ofrep, url: "http://flags.test:8016", refresh: \(refresh) }
              - { name: Local, format: json, path: local.json, writable: true }

            """.utf8
        ).write(to: workspaceFile)
        try Data(
            """
            name: App
            keyPrefix: lab
            flags:
              sson: { type: bool, default: false, description: Single sign-on }

            """.utf8
        ).write(to: folder.appendingPathComponent("blueprints/app.yml"))
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent("local.json"))
    }

    func session(_ fetcher: ScriptedFetcher, background: Bool = true) -> BrowserSession {
        BrowserSession(
            workspaceFile: workspaceFile, environment: environment, width: 120, height: 30,
            remote: background ? .background(fetcher) : .synchronous(fetcher))
    }

    /// Polls the browser session until `condition` holds (background answers arrive on another thread),
    /// as the run loop does between frames. Blocking on purpose: an `await` here could wait long
    /// for a thread while other suites keep the test pool busy.
    static func poll(_ session: inout BrowserSession, until condition: (BrowserSession) -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition(session) {
            guard Date() < deadline else { throw Timeout() }
            Thread.sleep(forTimeInterval: 0.01)
            session.pollRemote()
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String { "the background fetch did not finish within 30 s" }
    }

    /// The tree row that shows `name`, up to the pane border.
    static func row(_ name: String, in screen: String) -> String {
        let line = screen.split(separator: "\n").first { $0.contains(" \(name) ") }.map(String.init) ?? ""
        guard let border = line.firstIndex(of: "│") else { return line }
        return String(line[...border])
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
