import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `flagscope serve` as a user runs it (docs/serve.md): the binary serving the demo, and the
/// mistakes that stop it before it listens.
@Suite("serve on the command line")
struct ServeCommandTests {
    @Test("An address that is not one, one other machines reach without a token, an unset token: exit 64")
    func usage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        for (arguments, words) in [
            (["serve", "--listen", "nope"], "--listen 'nope' is not an address: write HOST:PORT"),
            (["serve", "--listen", "0.0.0.0:8019"], "reaches other machines: serve it with a token, --token-env VAR"),
            (
                ["serve", "--listen", "0.0.0.0:8019", "--token-env", "FLAGSCOPE_TEST_UNSET"],
                "--token-env FLAGSCOPE_TEST_UNSET: the variable is not set or empty"
            ),
            (["serve", "--device", "qa-nothing"], "--device 'qa-nothing' is no device; devices are"),
        ] {
            let output = try CLIRunner.run(arguments, in: folder.url)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(words), "\(arguments): \(output.stderr)")
        }
    }

    /// A port nothing on this machine is likely to hold.
    static func freePort() -> Int { Int.random(in: 20_000..<40_000) }

    @Test("The binary serves the demo for --device, and a port already taken is exit 1 with what to do")
    func serves() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.copyDemo()
        let port = Self.freePort()
        let process = CLIRunner.process(
            ["serve", "--listen", "127.0.0.1:\(port)", "--device", "qa-ipad"], in: folder.url)
        let errors = folder.file("serve.err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer {
            if process.isRunning { process.interrupt() }
        }
        let started = Date()
        while Date().timeIntervalSince(started) < 30,
            !((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains("serving OFREP")
        {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(
            try String(contentsOf: errors, encoding: .utf8)
                == "serving OFREP on http://127.0.0.1:\(port) (POST /ofrep/v1/evaluate/flags and …/flags/KEY); Ctrl-C stops\n"
        )
        var request = URLRequest(
            url: URL(string: "http://127.0.0.1:\(port)/ofrep/v1/evaluate/flags/lab/search/ranking")!)
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        let answer = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(answer["value"] as? String == "popularity", "the iPad's targeting key, listener-1: \(answer)")

        let busy = try CLIRunner.run(["serve", "--listen", "127.0.0.1:\(port)"], in: folder.url)
        #expect(busy.status == 1)
        #expect(
            busy.stderr.contains("cannot serve on 127.0.0.1:\(port): another program listens there"), "\(busy.stderr)")

        process.interrupt()
        let stopping = Date()
        while process.isRunning, Date().timeIntervalSince(stopping) < 10 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!process.isRunning, "Ctrl-C stops it")
        #expect(process.terminationStatus == 0)
    }
}
