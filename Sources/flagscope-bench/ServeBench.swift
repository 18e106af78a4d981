import FlagCore
import FlagServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The serve table: what a bulk OFREP request costs over HTTP against resolving the same
/// context in process, and requests per second with their latencies under concurrent clients,
/// on the rules workspace (targeting on every flag), the server in this process on loopback.
struct ServeFigures {
    var size: Int
    /// Median seconds of the bulk answer made in process.
    var inProcess: Double
    /// What was measured over HTTP.
    var http: ServeRun.Figures

    /// HTTP against in process, the goal being at most 1.5× at 1k flags.
    var ratio: Double { http.overHTTP / inProcess }
}

extension Bench {
    /// Measures the serve table at `size` flags.
    func serve(size: Int, under root: URL) throws -> ServeFigures {
        let rules = try RulesWorkspace.generate(flagCount: size, under: root)
        let file = rules.withRules
        let live = LiveWorkspace { Workspace.load(from: file, environment: [:]) }
        let server = OFREPServer(
            source: live,
            settings: OFREPServer.Settings(host: "127.0.0.1", port: 0, token: nil))
        let body =
            #"{"context": {"targetingKey": "device-7f3a9c", "email": "qa.tester@example.com", "country": "IT", "app_version": "2.4.1"}}"#
        let keys = Array(live.current().flags.keys.filter { !$0.hasPrefix(ContextKeys.prefix) }.prefix(500))
        var inProcess: [Double] = []
        for _ in 0..<max(runs, 5) {
            inProcess.append(
                Measure.time {
                    let layer = (try? OFREPEvaluation.context(fromBody: Array(body.utf8)).get()) ?? ContextLayer()
                    _ = OFREPEvaluation.bulk(
                        OFREPEvaluation.workspace(live.current(), answering: LiveDevice(context: layer)))
                })
        }
        let outcome = ServeRun()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            do {
                try await server.run { port in
                    Task {
                        await outcome.measure(port: port, body: body, runs: max(runs, 5), keys: keys)
                        done.signal()
                    }
                }
            } catch {
                await outcome.fail("\(error)")
                done.signal()
            }
        }
        done.wait()
        task.cancel()
        let figures = try outcome.figures()
        progress("\(size) flags: serve measured")
        return ServeFigures(size: size, inProcess: Measure.median(inProcess), http: figures)
    }
}

/// The HTTP side of the serve table, run against a server on `port`.
actor ServeRun {
    struct Figures {
        /// Median seconds of a bulk request asked one at a time.
        var overHTTP: Double
        /// Under `clients` concurrent keep-alive clients for `seconds`: requests answered, failed,
        /// and the 50th and 99th percentile latencies.
        var clients: Int
        var seconds: Double
        var answered: Int
        var failed: Int
        var p50: Double
        var p99: Double
    }

    private var result: Result<Figures, BenchError>?

    func fail(_ message: String) { result = .failure(BenchError("the server stopped: \(message)")) }

    nonisolated func figures() throws -> Figures {
        let semaphore = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Task {
            box.value = await self.result
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = box.value else { throw BenchError("the serve run gave nothing") }
        return try result.get()
    }

    /// Bulk requests one at a time, then 64 clients for 5 s: half bulk, half one flag, each with
    /// its own device.
    func measure(port: Int, body: String, runs: Int, keys: [String]) async {
        let session = URLSession(configuration: .ephemeral)
        let base = "http://127.0.0.1:\(port)/ofrep/v1/evaluate/flags"
        func post(_ path: String, _ body: String) async -> (ok: Bool, seconds: Double) {
            var request = URLRequest(url: URL(string: path)!)
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            let start = Measure.now()
            guard let (_, response) = try? await session.data(for: request),
                (response as? HTTPURLResponse)?.statusCode == 200
            else { return (false, Measure.now() - start) }
            return (true, Measure.now() - start)
        }
        var sequential: [Double] = []
        for _ in 0..<runs + 1 {
            let answer = await post(base, body)
            guard answer.ok else {
                result = .failure(BenchError("a bulk request failed"))
                return
            }
            sequential.append(answer.seconds)
        }
        sequential.removeFirst()  // the connection's first request
        let clients = 64
        let duration = 5.0
        let end = Measure.now() + duration
        let latencies = await withTaskGroup(of: [(Bool, Double)].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var mine: [(Bool, Double)] = []
                    var round = 0
                    while Measure.now() < end {
                        let device =
                            #"{"context": {"targetingKey": "device-\#(client)-\#(round)", "country": "\#(["IT", "US", "DE"][round % 3])"}}"#
                        let path = client % 2 == 0 ? base : base + "/" + keys[(client * 31 + round) % keys.count]
                        mine.append(await post(path, device))
                        round += 1
                    }
                    return mine
                }
            }
            var all: [(Bool, Double)] = []
            for await some in group { all += some }
            return all
        }
        let answered = latencies.filter(\.0).count
        let times = latencies.map(\.1).sorted()
        result = .success(
            Figures(
                overHTTP: Measure.median(sequential), clients: clients, seconds: duration, answered: answered,
                failed: latencies.count - answered, p50: times.isEmpty ? .nan : times[times.count / 2],
                p99: times.isEmpty ? .nan : times[min(times.count - 1, times.count * 99 / 100)]))
    }
}

/// Carries a result out of a task.
private final class ResultBox: @unchecked Sendable {
    var value: Result<ServeRun.Figures, BenchError>?
}

extension Report {
    /// The serve table.
    static func serveTable(_ all: [ServeFigures]) -> String {
        var out = "\nServe (OFREP over HTTP on loopback, the server in the bench's process; medians)\n"
        var rows = [["flags", "bulk in process", "bulk over HTTP", "HTTP vs in process", "goal"]]
        for figures in all {
            rows.append([
                grouped(figures.size), milliseconds(figures.inProcess), milliseconds(figures.http.overHTTP),
                ratio(figures.ratio),
                figures.size == 1_000 ? (figures.ratio <= 1.5 ? "≤ 1.5×: met" : "≤ 1.5×: not met") : "",
            ])
        }
        out += table(rows)
        out += "\nUnder load: 64 keep-alive clients for 5 s, half bulk, half one flag, each request its own device\n"
        var load = [["flags", "requests/s", "answered", "not 200", "p50", "p99"]]
        for figures in all {
            let http = figures.http
            load.append([
                grouped(figures.size), String(Int((Double(http.answered + http.failed) / http.seconds).rounded())),
                String(http.answered), String(http.failed), milliseconds(http.p50), milliseconds(http.p99),
            ])
        }
        out += table(load)
        return out
    }
}
