import FlagBrowser
import FlagCore
import Foundation
import Testing

/// A server sharing the browser's process (docs/serve.md), as the session meets it: devices that
/// ask become Live devices, Enter shows what one gets, and every change of the model reaches the
/// server (`a` keeps one: WorkspaceWriterTests; at most 500 are kept: DeviceSelectionTests).
@Suite("The browser serving: Live devices")
struct BrowserSessionServingTests {
    /// The server's end of the hooks: what the browser published, and requests to hand over.
    final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var asks: [LiveAsk] = []
        private var workspaces: [Workspace] = []

        var serving: BrowserServing {
            BrowserServing(
                address: "127.0.0.1:8016",
                publish: { workspace in self.locked { self.workspaces.append(workspace) } },
                take: {
                    self.locked {
                        defer { self.asks = [] }
                        return self.asks
                    }
                })
        }

        /// A request with this body's context, at `at`.
        func ask(_ body: String, requests: Int = 1, at: Date = Date(timeIntervalSince1970: 1_800_000_000)) throws {
            let context = try OFREPEvaluation.context(fromBody: Array(body.utf8)).get()
            locked { asks.append(LiveAsk(device: LiveDevice(context: context), requests: requests, at: at)) }
        }

        var published: [Workspace] { locked { workspaces } }

        /// What the server answers now for `key` to a device sending `body`.
        func answer(_ key: String, _ body: String) throws -> JSONValue? {
            let base = try #require(published.last)
            let context = try OFREPEvaluation.context(fromBody: Array(body.utf8)).get()
            let workspace = OFREPEvaluation.workspace(base, answering: LiveDevice(context: context))
            guard case .object(let members) = OFREPEvaluation.answer(key, in: workspace).json else { return nil }
            return members["value"]
        }

        private func locked<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }
    }

    static let italian = #"{"context": {"targetingKey": "sim-iphone-15", "country": "IT"}}"#

    @Test("Before any device asks, Live devices says where to point the app, and the header where it serves")
    func waiting() throws {
        let server = Server()
        let demo = try DemoFixture(width: 160, height: 60, serving: server.serving)
        defer { demo.remove() }
        #expect(demo.screen.contains("serving on 127.0.0.1:8016 · 0 devices"))
        #expect(demo.screen.contains("Live devices"))
        #expect(demo.screen.contains("none yet · http://127.0.0.1:8016"))
        #expect(server.published.count == 1, "the first model reaches the server before any frame")
        #expect(server.published.first?.served == nil || server.published.first?.liveDevice == nil)
    }

    @Test("A device that asks is listed with its requests, the status line says it is new, and the header counts it")
    func firstAsk() throws {
        let server = Server()
        try DemoFixture.opened(width: 160, height: 60, serving: server.serving) { demo in
            try server.ask(Self.italian)
            try server.ask(#"{"context": {"country": "FR"}}"#, requests: 2)
            demo.session.pollLive()
            let screen = demo.screen
            #expect(screen.contains("serving on 127.0.0.1:8016 · 2 devices"), "\(screen)")
            #expect(screen.contains("2 devices asked 127.0.0.1:8016"))
            let row = try #require(screen.split(separator: "\n").first { $0.contains("sim-iphone-15") })
            #expect(row.contains("1 request · "), "\(row)")
            let hashed = LiveDevice.name(
                of: try OFREPEvaluation.context(fromBody: Array(#"{"context": {"country": "FR"}}"#.utf8)).get())
            #expect(hashed.hasPrefix("context ") && hashed.count == 16)
            #expect(screen.contains(hashed), "a device without a targetingKey goes by its context's hash")
            #expect(
                screen.contains("sim-iphone-15 (and 1 other device) asked for the first time: see Live devices"),
                "\(screen)")

            // Asking again counts; the status line does not say it again.
            try demo.press("/allowsSSON<Enter>")
            try server.ask(Self.italian, requests: 3)
            demo.session.pollLive()
            #expect(demo.session.state.liveActivity["sim-iphone-15"]?.requests == 4)
            #expect(!demo.screen.contains("asked for the first time"))
        }
    }

    @Test("A live device's detail lists what it sent that no context key can hold, and why it was skipped")
    func skippedAttributes() throws {
        let server = Server()
        try DemoFixture.opened(width: 160, height: 60, serving: server.serving) { demo in
            try server.ask(#"{"context": {"targetingKey": "odd-sim", "": [true], "country": "IT"}}"#)
            demo.session.pollLive()
            try demo.press("/odd-sim<Enter><Tab>")
            let detail = demo.screen
            #expect(detail.contains("country: IT"), "\(detail)")
            #expect(detail.contains("Skipped (sent, but no context key can hold them):"), "\(detail)")
            #expect(detail.contains("\"\" (an empty name): no attribute name"), "\(detail)")
        }
    }

    @Test("Enter on a live device shows what it gets, its context as a Live layer on top; the server keeps the stack")
    func showLive() throws {
        let server = Server()
        try DemoFixture.opened(width: 160, height: 60, serving: server.serving) { demo in
            try server.ask(Self.italian)
            demo.session.pollLive()
            #expect(demo.screen.contains("onboardingVariant") && demo.screen.contains("carousel"))

            try demo.press("/sim-iphone<Enter><Tab>")
            let detail = demo.screen
            #expect(detail.contains("requests     1"), "\(detail)")
            #expect(detail.contains("targeting_key: sim-iphone-15"))
            #expect(detail.contains("country: IT"))
            #expect(detail.contains("Enter shows what it gets and why; a keeps it as a device profile."))

            try demo.press("<Tab><Enter>")
            let shown = demo.screen
            #expect(demo.session.state.model.workspace.liveDevice?.name == "sim-iphone-15")
            #expect(
                shown.contains(
                    "showing what sim-iphone-15 gets (its Live: sim-iphone-15 layer on top); Enter again: back"))
            #expect(shown.contains("✓ sim-iphone-15"))
            #expect(
                shown.split(separator: "\n").first?.contains("Live: sim-iphone-15") == true,
                "the header names the layer")
            try demo.press("/onboardingVariant<Enter>")
            let row = try #require(demo.screen.split(separator: "\n").first { $0.contains("onboardingVariant") })
            #expect(row.contains("video"), "the Italian device gets the Italian variant: \(row)")
            #expect(try server.answer("lab/onboarding_variant", Self.italian) == .string("video"), "the server agrees")
            #expect(
                server.published.last?.liveDevice == nil, "the server answers from the stack, not from the shown device"
            )

            // Enter on it again goes back.
            try demo.press("/sim-iphone<Enter><Enter>")
            #expect(demo.session.state.model.workspace.liveDevice == nil)
            #expect(demo.screen.contains("no live device shown"))
        }
    }

    @Test("An edit in the browser reaches the server's next answer")
    func editReachesServer() throws {
        let server = Server()
        try DemoFixture.opened(width: 160, height: 60, serving: server.serving) { demo in
            #expect(try server.answer("lab/show_eu_consent", Self.italian) == .bool(true))
            try demo.press("/showEuConsent<Enter><Enter>")
            #expect(try demo.localValues()["lab/show_eu_consent"] as? Bool == false)
            #expect(try server.answer("lab/show_eu_consent", Self.italian) == .bool(false))
            // And with a live device shown, the edit still reaches the stack the server answers from.
            try server.ask(Self.italian)
            demo.session.pollLive()
            try demo.press("/sim-iphone<Enter><Enter>/showEuConsent<Enter><Enter>")
            #expect(try server.answer("lab/show_eu_consent", Self.italian) == .bool(true))
            #expect(server.published.last?.liveDevice == nil)
        }
    }
}
