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
    private var answer: Result<RemoteResponse, RemoteFetchFailure>
    private(set) var requests: [RemoteRequest] = []

    init(_ answer: Result<RemoteResponse, RemoteFetchFailure>, held: Bool = false) {
        self.answer = answer
        self.held = held
    }

    /// An OFREP answer setting `lab/sson`.
    static func ofrep(_ sson: Bool) -> Result<RemoteResponse, RemoteFetchFailure> {
        .success(
            RemoteResponse(
                status: 200,
                body: Array(
                    "{\"flags\":[{\"key\":\"lab/sson\",\"value\":\(sson),\"reason\":\"STATIC\",\"variant\":\"v1\"}]}"
                        .utf8)))
    }

    func fetch(_ request: RemoteRequest) -> Result<RemoteResponse, RemoteFetchFailure> {
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

    func answer(with result: Result<RemoteResponse, RemoteFetchFailure>) { lock.withLock { answer = result } }
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

@Suite("Browser: remote providers")
struct RemoteBrowserTests {
    @Test(
        "The first frame never waits for a server: the layer shows fetching, the header says so, then the answer lands")
    func firstFrameDoesNotWait() throws {
        let fixture = try RemoteBrowserFixture()
        defer { fixture.remove() }
        let fetcher = ScriptedFetcher(ScriptedFetcher.ofrep(true), held: true)
        var session = fixture.session(fetcher)
        #expect(fetcher.count == 0, "opening the browser asks no server")
        #expect(session.state.model.resolution("lab/sson")?.layers.first?.state == .fetching)
        #expect(session.render().text.contains("sson"))

        session.pollRemote()
        #expect(session.state.fetching == ["Flags"])
        let header = session.render().text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("fetching Flags…"), "\(header)")
        #expect(
            RemoteBrowserFixture.row("sson", in: session.render().text).hasSuffix("false default │"),
            "\(session.render().text)")

        fetcher.release()
        try RemoteBrowserFixture.poll(&session) { $0.state.fetching.isEmpty }
        let screen = session.render().text
        #expect(RemoteBrowserFixture.row("sson", in: screen).hasSuffix("true Flags │"), "\(screen)")
        #expect(session.state.status?.text == "fetched Flags")
        #expect(!screen.split(separator: "\n")[0].contains("fetching"))
        let layer = try #require(session.state.model.resolution("lab/sson")?.layers.first)
        #expect(layer.notes == ["reason STATIC", "variant v1"])
    }

    @Test("Without a server answer the cached values show at once, marked cached; a failure goes to the status line")
    func cachedFirstFrameAndErrors() throws {
        let fixture = try RemoteBrowserFixture()
        defer { fixture.remove() }
        let config = ProviderConfig(
            name: "Flags", format: .ofrep, origin: SourceReference(file: "flagscope.yml", location: .start),
            url: "http://flags.test:8016")
        let cache = try #require(RemoteCache(environment: fixture.environment))
        try cache.write(
            CachedAnswer(
                body: Array("{\"flags\":[{\"key\":\"lab/sson\",\"value\":true}]}".utf8), etag: nil,
                fetchedAt: Date(), request: nil), for: RemoteIdentity(config))
        let fetcher = ScriptedFetcher(
            .failure(.cannotConnect("cannot connect to flags.test:8016 (connection refused)")))
        var session = fixture.session(fetcher)
        #expect(session.state.model.resolution("lab/sson")?.value == .bool(true), "the cache answers before any fetch")
        #expect(
            session.state.model.resolution("lab/sson")?.layers.first?.remote?.note?.hasSuffix("; fetching…") == true)

        session.pollRemote()
        try RemoteBrowserFixture.poll(&session) { $0.state.fetching.isEmpty }
        #expect(
            session.state.status
                == StatusMessage(
                    "Flags: cannot connect to flags.test:8016 (connection refused); showing cached values", .error))
        #expect(session.state.model.resolution("lab/sson")?.value == .bool(true))
        _ = session.press(.character("j"))
        let screen = session.render().text
        #expect(screen.contains("set          true  wins  (cached)"), "\(screen)")
        #expect(
            screen.contains("│                 cannot connect to flags.test:8016 (connection"),
            "the error is wrapped under the layer:\n\(screen)")
        #expect(screen.contains("showing the cached answer of"), "\(screen)")
    }

    @Test("r reloads the files and asks the servers again")
    func reloadRefetches() throws {
        let fixture = try RemoteBrowserFixture()
        defer { fixture.remove() }
        let fetcher = ScriptedFetcher(ScriptedFetcher.ofrep(true))
        var session = fixture.session(fetcher, background: false)
        #expect(fetcher.count == 1, "a synchronous session (snapshot) fetches before the first frame")
        fetcher.answer(with: ScriptedFetcher.ofrep(false))
        _ = session.press(.character("r"))
        #expect(fetcher.count == 2)
        #expect(session.state.model.resolution("lab/sson")?.source == "Flags")
        #expect(session.state.model.resolution("lab/sson")?.value == .bool(false))
        #expect(session.state.status?.text == "fetched Flags")
    }

    @Test("refresh asks again once the interval has passed; refresh: 0 never does")
    func refreshInterval() throws {
        for refresh in [30, 0] {
            let fixture = try RemoteBrowserFixture(refresh: refresh)
            defer { fixture.remove() }
            let fetcher = ScriptedFetcher(ScriptedFetcher.ofrep(true))
            var session = fixture.session(fetcher)
            let start = Date()
            session.pollRemote(now: start)
            try RemoteBrowserFixture.poll(&session) { $0.state.fetching.isEmpty && fetcher.count == 1 }
            session.pollRemote(now: start.addingTimeInterval(10))
            #expect(fetcher.count == 1 && session.state.fetching.isEmpty)
            session.pollRemote(now: start.addingTimeInterval(31))
            try RemoteBrowserFixture.poll(&session) { $0.state.fetching.isEmpty }
            #expect(fetcher.count == (refresh == 0 ? 1 : 2), "refresh: \(refresh)")
            #expect(
                session.state.status?.text == "fetched Flags", "a periodic refresh does not overwrite the status line")
        }
    }

    @Test("Editing a context key asks an OFREP server again with the new context")
    func contextChangeRefetches() throws {
        let fixture = try RemoteBrowserFixture()
        defer { fixture.remove() }
        let fetcher = ScriptedFetcher(ScriptedFetcher.ofrep(true))
        var session = fixture.session(fetcher)
        session.pollRemote()
        try RemoteBrowserFixture.poll(&session) { $0.state.fetching.isEmpty && fetcher.count == 1 }
        #expect(fetcher.body(0) == "{\"context\":{}}")

        try Data("{\"context/locale\": \"it\"}\n".utf8).write(to: fixture.folder.appendingPathComponent("local.json"))
        session.apply(.loaded(session.loadModel(), message: nil))
        session.pollRemote()
        try RemoteBrowserFixture.poll(&session) { $0.state.fetching.isEmpty && fetcher.count == 2 }
        #expect(fetcher.body(1) == "{\"context\":{\"locale\":\"it\"}}")
        session.pollRemote()
        #expect(fetcher.count == 2, "the same context is not asked twice")
    }
}
