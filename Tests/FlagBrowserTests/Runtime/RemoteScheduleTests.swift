import FlagBrowser
import FlagCore
import Foundation
import TestSupport
import Testing

/// When the browser asks a remote provider again by itself: once its `refresh` interval has
/// passed, and when the context it sends an OFREP server changed.
@Suite("Browser: remote providers asked again")
struct RemoteScheduleTests {
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
