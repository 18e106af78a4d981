import FlagCore
import FlagServer
import Foundation
import TestSupport
import Testing

/// The browser and a server in one process: what passes between them (docs/serve.md).
@Suite("The browser's feed to the server")
struct BrowserFeedTests {
    static func device(_ name: String) -> LiveDevice {
        var layer = ContextLayer()
        try? layer.add(argument: "targeting_key=\(name)")
        return LiveDevice(context: layer)
    }

    @Test("Requests wait for the browser's first workspace, then get the latest one published")
    func waitsForFirstWorkspace() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let workspace = Workspace.load(from: try folder.copyDemo(to: "demo"), environment: [:])
        let feed = BrowserFeed()
        let answered = Task.detached { feed.workspace().flags.count }
        try await Task.sleep(nanoseconds: 50_000_000)
        feed.publish(workspace)
        #expect(await answered.value == workspace.flags.count)
    }

    @Test("Each device that asked is taken once, with its requests counted and its last context, in order")
    func takesDevicesOnce() {
        let feed = BrowserFeed()
        feed.asked(by: Self.device("a"))
        feed.asked(by: Self.device("b"))
        feed.asked(by: Self.device("a"))
        let taken = feed.take()
        #expect(taken.map(\.device.name) == ["a", "b"])
        #expect(taken.map(\.requests) == [2, 1])
        #expect(feed.take().isEmpty, "taken once")
    }

    @Test("At most 1,000 devices wait between two frames; more are dropped until the browser takes them")
    func bounded() {
        let feed = BrowserFeed()
        for index in 0..<1_500 { feed.asked(by: Self.device("d\(index)")) }
        let taken = feed.take()
        #expect(taken.count == 1_000)
        #expect(taken.last?.device.name == "d999")
    }
}
