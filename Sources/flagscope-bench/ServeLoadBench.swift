import DemoWorkspace
import FlagBrowser
import FlagCore
import FlagServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The load run of `flagscope --serve`: the browser (headless, as the terminal drives it) and
/// the server in one process over a copy of the demo; 64 keep-alive clients for 10 s, half bulk
/// and half one flag, with 16 devices' contexts, while the browser edits a flag every second.
/// Every answer is checked against what FlagCore resolves for its device in the workspace of
/// the edit it saw; memory is the process's peak at 1 s against at the end.
struct ServeLoadFigures {
    var requests: Int
    var failed: Int
    var wrong: [String]
    var edits: Int
    /// How many of the browser's workspaces (the first and one per edit) some bulk answer came from.
    var editsSeen: Int
    var seconds: Double
    var p50: Double
    var p99: Double
    var memoryAtOneSecond: Int
    var memoryAtEnd: Int

    var growth: Double { Double(memoryAtEnd) / Double(max(1, memoryAtOneSecond)) - 1 }
}

/// Every workspace the browser handed the server, in order, by the edited flag's value.
final class PublishedWorkspaces: @unchecked Sendable {
    static let key = "max_episodes_per_feed"
    private let lock = NSLock()
    private var workspaces: [Workspace] = []
    private var indexByValue: [String: Int] = [:]
    private var expected: [String: String] = [:]

    func record(_ workspace: Workspace) {
        let value = Resolver(workspace: workspace).resolve(Self.key)?.value?.json.serialized(
            pretty: false, sortedKeys: true)
        lock.lock()
        workspaces.append(workspace)
        if let value { indexByValue[value] = workspaces.count - 1 }
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return workspaces.count
    }

    /// The index of the workspace whose edited flag has `value`.
    func index(ofValue value: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return indexByValue[value]
    }

    /// The body the server should send for workspace `index`, device `device` and `key` (nil: bulk).
    func expectedBody(index: Int, device: Int, body: String, key: String?) -> String {
        let cacheKey = "\(index)|\(device)|\(key ?? "")"
        lock.lock()
        if let known = expected[cacheKey] {
            lock.unlock()
            return known
        }
        let base = workspaces[index]
        lock.unlock()
        let context = (try? OFREPEvaluation.context(fromBody: Array(body.utf8)).get()) ?? ContextLayer()
        let workspace = OFREPEvaluation.workspace(base, answering: LiveDevice(context: context))
        let text =
            key.map { OFREPEvaluation.answer($0, in: workspace).json.serialized(pretty: false, sortedKeys: false) }
            ?? OFREPEvaluation.bulk(workspace).body
        lock.lock()
        expected[cacheKey] = text
        lock.unlock()
        return text
    }
}

extension Bench {
    /// The load run (see ``ServeLoadFigures``).
    func serveLoad(under root: URL) throws -> ServeLoadFigures {
        let folder = root.appendingPathComponent("serve-load")
        try? FileManager.default.removeItem(at: folder)
        try DemoWorkspace.podcast.write(to: folder)
        let published = PublishedWorkspaces()
        let feed = BrowserFeed()
        let serving = BrowserServing(
            address: "127.0.0.1:0",
            publish: { workspace in
                published.record(workspace)
                feed.publish(workspace)
            }, take: { feed.take() })
        var session = BrowserSession(
            workspaceFile: folder.appendingPathComponent("flagscope.yml"), environment: [:], width: 120, height: 40,
            serving: serving)
        let server = OFREPServer(source: feed, settings: OFREPServer.Settings(host: "127.0.0.1", port: 0, token: nil))
        guard let listening = try? BackgroundServer(server).waitUntilListening().get() else {
            throw BenchError("the server did not start")
        }

        let duration = 10.0
        let devices = (0..<16).map { index in
            #"{"context": {"targetingKey": "listener-\#(index * 7919)", "country": "\#(["IT", "US", "DE", "FR"][index % 4])", "app_version": "4.\#(index % 13).0", "permissions": {"location_when_in_use": "\#(index % 3 == 0 ? "denied" : "authorized")"}}}"#
        }
        let keys = Array(session.state.model.workspace.flags.keys.filter { !$0.hasPrefix(ContextKeys.prefix) })
        let load = LoadClients(port: listening, devices: devices, keys: keys, published: published)
        let finished = DispatchSemaphore(value: 0)
        let outcome = LoadOutcome()
        let start = Measure.now()
        Task {
            outcome.set(await load.run(until: start + duration))
            finished.signal()
        }
        // The browser: an edit a second, as keys, while the clients ask.
        var edits = 0
        var memoryAtOneSecond = 0
        while Measure.now() < start + duration {
            Thread.sleep(forTimeInterval: 1)
            if memoryAtOneSecond == 0 { memoryAtOneSecond = HostPlatform.ownPeakResidentBytes() }
            guard Measure.now() < start + duration - 0.5 else { break }
            edits += 1
            let keys = try KeyEvent.parse("/maxEpisodesPerFeed<Enter>e<C-u>\(500 + edits)<Enter>")
            for key in keys { _ = session.press(key) }
        }
        finished.wait()
        let result = outcome.value
        progress("serve load: \(result.latencies.count) requests, \(edits) edits")
        let times = result.latencies.sorted()
        return ServeLoadFigures(
            requests: result.latencies.count, failed: result.failed, wrong: result.wrong, edits: edits,
            editsSeen: result.seen.count,
            seconds: duration, p50: times.isEmpty ? .nan : times[times.count / 2],
            p99: times.isEmpty ? .nan : times[min(times.count - 1, times.count * 99 / 100)],
            memoryAtOneSecond: memoryAtOneSecond, memoryAtEnd: HostPlatform.ownPeakResidentBytes())
    }
}

/// 64 keep-alive clients against the server, each answer checked.
struct LoadClients: Sendable {
    let port: Int
    let devices: [String]
    let keys: [String]
    let published: PublishedWorkspaces

    struct Result: Sendable {
        var latencies: [Double] = []
        var failed = 0
        var wrong: [String] = []
        var seen: Set<Int> = []
    }

    func run(until end: Double) async -> Result {
        let session = URLSession(configuration: .ephemeral)
        let base = "http://127.0.0.1:\(port)/ofrep/v1/evaluate/flags"
        return await withTaskGroup(of: Result.self) { group in
            for client in 0..<64 {
                group.addTask {
                    var mine = Result()
                    var round = 0
                    while Measure.now() < end {
                        let device = (client + round) % devices.count
                        let key: String? = client % 2 == 0 ? nil : keys[(client * 31 + round) % keys.count]
                        round += 1
                        var request = URLRequest(url: URL(string: base + (key.map { "/" + $0 } ?? ""))!)
                        request.httpMethod = "POST"
                        request.httpBody = Data(devices[device].utf8)
                        let before = published.count - 1
                        let started = Measure.now()
                        guard let (data, response) = try? await session.data(for: request),
                            (response as? HTTPURLResponse)?.statusCode == 200
                        else {
                            mine.failed += 1
                            mine.latencies.append(Measure.now() - started)
                            continue
                        }
                        mine.latencies.append(Measure.now() - started)
                        let after = published.count - 1
                        let body = String(decoding: data, as: UTF8.self)
                        switch check(body, key: key, device: device, before: before, after: after) {
                        case .success(let index): if let index { mine.seen.insert(index) }
                        case .failure(let problem): mine.wrong.append(mine.wrong.count < 5 ? problem.text : "")
                        }
                    }
                    return mine
                }
            }
            var all = Result()
            for await some in group {
                all.latencies += some.latencies
                all.failed += some.failed
                all.wrong += some.wrong
                all.seen.formUnion(some.seen)
            }
            return all
        }
    }

    struct Wrong: Error {
        var text: String
    }

    /// Whether `body` is the answer for `device` in a workspace the browser published while the
    /// request was under way (a bulk answer names which, by the edited flag's value: returned).
    func check(_ body: String, key: String?, device: Int, before: Int, after: Int) -> Swift.Result<Int?, Wrong> {
        var candidates = Array(max(0, before)...max(0, after))
        if key == nil {
            guard let root = try? JSONReader.parse(Array(body.utf8)),
                case .array(let flags)? = JSONValue(root).object?["flags"],
                let edited = flags.first(where: { $0.object?["key"] == .string(PublishedWorkspaces.key) }),
                let value = edited.object?["value"],
                let index = published.index(ofValue: value.serialized(pretty: false, sortedKeys: true))
            else { return .failure(Wrong(text: "a bulk answer without the edited flag's value: \(body.prefix(120))")) }
            guard candidates.contains(index) else {
                return .failure(
                    Wrong(text: "a bulk answer from edit \(index), while edits \(before)…\(after) were published"))
            }
            candidates = [index]
        }
        for index in candidates
        where published.expectedBody(index: index, device: device, body: devices[device], key: key) == body {
            return .success(key == nil ? index : nil)
        }
        return .failure(
            Wrong(
                text:
                    "\(key ?? "bulk") for device \(device): \(body.prefix(160)) is no answer of edits \(before)…\(after)"
            ))
    }
}

/// The clients' result, carried out of their task.
private final class LoadOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = LoadClients.Result()
    var value: LoadClients.Result {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func set(_ result: LoadClients.Result) {
        lock.lock()
        stored = result
        lock.unlock()
    }
}

extension Report {
    /// The load run's table.
    static func serveLoadTable(_ figures: ServeLoadFigures) -> String {
        var out =
            "\nServe under load with the browser (the demo; 64 keep-alive clients for 10 s, half bulk and half one flag, 16 devices; an edit in the browser each second)\n"
        let wrong = figures.wrong.count
        out += table([
            [
                "requests/s", "requests", "not 200", "wrong answers", "edits (seen)", "p50", "p99",
                "peak memory at 1 s", "at the end", "growth",
            ],
            [
                String(Int((Double(figures.requests) / figures.seconds).rounded())), String(figures.requests),
                String(figures.failed), String(wrong), "\(figures.edits) (\(figures.editsSeen - 1))",
                milliseconds(figures.p50),
                milliseconds(figures.p99), "\(figures.memoryAtOneSecond / 1_048_576) MB",
                "\(figures.memoryAtEnd / 1_048_576) MB", String(format: "%.1f %%", figures.growth * 100),
            ],
        ])
        for problem in figures.wrong.filter({ !$0.isEmpty }).prefix(5) { out += "  wrong: \(problem)\n" }
        return out
    }
}
