import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// Remote providers in the browser: fetched in the background, so the first frame never waits,
/// and asked again on a reload (on their refresh interval and when the context changes too:
/// RemoteScheduleTests).
@Suite("Browser: remote providers")
struct BackgroundFetchTests {
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
}
