import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Serving

/// The browser and the server in one process, in a real terminal (docs/serve.md): a device's
/// request appears within a second, and a toggle reaches its next answer.
extension TerminalTests {
    @Suite("Serving while browsing")
    struct Serving {
        /// POSTs `body` to the OFREP path `path` on `port`; the answer as JSON.
        static func post(_ path: String, port: Int, body: String) async throws -> [String: Any] {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/ofrep/v1/evaluate/flags\(path)")!)
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            let (data, _) = try await URLSession.shared.data(for: request)
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        @Test("--serve: a request shows up in Live devices within a second; a toggle changes the next answer")
        func requestAndToggle() async throws {
            let demo = try DemoCopy()
            let session = try TmuxSession(name: "serving", arguments: demo.browserArguments + ["--serve", ":0"])
            defer {
                session.close()
                demo.remove()
            }
            let first = try await session.waitFor("serving on 127.0.0.1:")
            let header = try #require(first.lines.first)
            let port = try #require(
                Int(header.split(separator: "serving on 127.0.0.1:")[1].prefix { $0.isNumber }), "\(header)")
            #expect(header.contains("· 0 devices"))

            let body = #"{"context": {"targetingKey": "sim-iphone-15", "country": "IT"}}"#
            let asked = Date()
            let before = try await Self.post("/lab/show_eu_consent", port: port, body: body)
            #expect(before["value"] as? Bool == true)
            let seen = try await session.waitUntil("the device's first request") {
                $0.statusLine.contains("sim-iphone-15 asked for the first time") && $0.lines[0].contains("· 1 device")
            }
            // Within a second. The suite runs beside this test on 2 cores, so a slow first one is
            // measured again with new devices: the best of three must be under a second.
            var delays = [Date().timeIntervalSince(asked)]
            var devices = 1
            while delays.min()! >= 1, delays.count < 3 {
                let name = "timing-\(delays.count)"
                let started = Date()
                _ = try await Self.post("", port: port, body: #"{"context": {"targetingKey": "\#(name)"}}"#)
                devices += 1
                try await session.waitUntil("\(name)'s first request") {
                    $0.statusLine.contains("\(name) asked for the first time")
                        && $0.lines[0].contains("· \(devices) devices")
                }
                delays.append(Date().timeIntervalSince(started))
            }
            #expect(delays.min()! < 1, "requests showed after \(delays) s:\n\(seen)")

            try session.search("showEuConsent")
            try session.press("Enter")
            try await session.waitUntil("the toggle written") {
                $0.statusLine.contains("set lab/show_eu_consent = false")
            }
            let after = try await Self.post("/lab/show_eu_consent", port: port, body: body)
            #expect(after["value"] as? Bool == false, "\(after)")
            #expect(after["variant"] as? String == "Local")

            // Hostile requests: not JSON, over 1 MB, a name with escape sequences. The server
            // answers each and goes on; the browser lists the third harmlessly and still draws.
            var bad = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/ofrep/v1/evaluate/flags")!)
            bad.httpMethod = "POST"
            bad.httpBody = Data("{not json".utf8)
            let (_, badResponse) = try await URLSession.shared.data(for: bad)
            #expect((badResponse as? HTTPURLResponse)?.statusCode == 400)
            bad.httpBody = Data((#"{"context": {"note": ""# + String(repeating: "x", count: 1 << 20) + #""}}"#).utf8)
            let (_, hugeResponse) = try await URLSession.shared.data(for: bad)
            #expect((hugeResponse as? HTTPURLResponse)?.statusCode == 413)
            _ = try await Self.post("", port: port, body: #"{"context": {"targetingKey": "evil\u001b[2J\u0007name"}}"#)
            try await session.waitUntil("the hostile name listed, its control characters spaces") {
                $0.lines[0].contains("· \(devices + 1) devices")
                    && $0.statusLine.contains("evil [2J name asked for the first time")
            }

            // The device's row, and what it gets with its Italian context.
            try session.search("sim-iphone")
            try session.press("Enter")
            let shown = try await session.waitUntil("the live device shown") {
                $0.statusLine.contains("showing what sim-iphone-15 gets")
            }
            #expect(try #require(shown.selectedRow).contains("✓ sim-iphone-15"), "\(shown)")
            #expect(try #require(shown.selectedRow).contains("2 requests"))
            try await TerminalTests.quit(session)
        }

        @Test("E then y: the export reaches the terminal's clipboard through OSC 52")
        func exportToClipboard() async throws {
            let (demo, session) = try await TmuxSession.openOnDemo("export-copy")
            defer {
                session.close()
                demo.remove()
            }
            try session.allowClipboard()
            try session.press("E")
            try session.press("Enter")
            try await session.waitFor("launch-arguments · 5 keys")
            try session.press("y")
            try await session.waitUntil("the copy said") { $0.statusLine.contains("copied 5 lines") }
            let deadline = Date().addingTimeInterval(5)
            var clipboard = ""
            while Date() < deadline, !clipboard.contains("-player/sleep_timer/user_toggled NO") {
                clipboard = (try? session.clipboard()) ?? ""
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(clipboard.hasPrefix("-lab/search/results_per_page 25\n"), "\(clipboard)")
            #expect(clipboard.contains("-player/sleep_timer/user_toggled NO"))
            try session.press("Escape")
            try await TerminalTests.quit(session)
        }

        @Test("--serve on a port another program holds: exit 1 with what to do, before the screen opens")
        func busyPort() async throws {
            let demo = try DemoCopy()
            let holder = try TmuxSession(name: "serve-holder", arguments: demo.browserArguments + ["--serve", ":0"])
            defer {
                holder.close()
                demo.remove()
            }
            let header = try #require(try await holder.waitFor("serving on 127.0.0.1:").lines.first)
            let port = try #require(Int(header.split(separator: "serving on 127.0.0.1:")[1].prefix { $0.isNumber }))
            let second = try TmuxSession(
                name: "serve-busy", arguments: demo.browserArguments + ["--serve", "127.0.0.1:\(port)"])
            defer { second.close() }
            let screen = try await second.waitFor("EXIT=1")
            #expect(screen.flowed.contains("error: cannot serve on 127.0.0.1:\(port): another program listens there"))
            #expect(try holder.screen().lines[0].contains("serving on"), "the first one still draws")
        }
    }
}
