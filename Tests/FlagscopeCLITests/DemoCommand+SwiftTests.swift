import Foundation
import TestSupport
import Testing

/// `flagscope demo --swift`: the bundled Swift app, copied apart from the YAML demo.
@Suite("demo --swift")
struct DemoCommandSwiftTests {
    @Test("demo --swift copies the Swift app with its local overrides; its flags and features read from Swift")
    func swiftDemo() throws {
        let state = try TemporaryFolder()
        defer { state.remove() }
        let environment = ["XDG_STATE_HOME": state.url.path]
        let output = try CLIRunner.run(["demo", "--swift", "--no-browser"], environment: environment)
        #expect(output.status == 0, "\(output.stderr)")
        let destination = state.url.appendingPathComponent("flagscope/swift-demo")
        #expect(output.stdout.contains("copied the Swift demo to \(destination.path)"), "\(output.stdout)")
        #expect(output.stdout.contains("0 errors, 1 warning"), "\(output.stdout)")
        #expect(state.exists("flagscope/swift-demo/.flagscope/local.json"))
        #expect(!state.exists("flagscope/demo"))
        let config = destination.appendingPathComponent("flagscope.yml").path
        // The local override file wins over the Swift default.
        let get = try CLIRunner.run(["get", "podcasts/player/skip_forward_seconds", "--config", config])
        #expect(get.stdout.contains("value    45   from Local"), "\(get.stdout)")
        #expect(get.stdout.contains("declared     Sources/Flags/PlayerFlags.swift:7:5"), "\(get.stdout)")
        let explain = try CLIRunner.run(["explain", "smart_playlists", "--config", config])
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.contains("anyOf(premium, supporter)"), "\(explain.stdout)")
        // The Flint root group's features are under Features; it has no empty row of its own.
        let screen = try CLIRunner.run(["snapshot", "--config", config, "--size", "100x30"]).stdout
        #expect(screen.contains("▾ Features"), "\(screen)")
        #expect(!screen.contains("AppFeatures"), "\(screen)")
    }
}
