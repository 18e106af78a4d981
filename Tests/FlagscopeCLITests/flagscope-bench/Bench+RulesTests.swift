import Foundation
import TestSupport
import Testing

/// `flagscope-bench --rules-only`: the cost of flagd targeting, measured on the same workspace
/// with and without targeting on every flag, printed as its own table.
@Suite("Benchmark: the cost of rules")
struct BenchRulesTests {
    /// The `flagscope-bench` executable SwiftPM builds beside `flagscope`.
    static var bench: URL { CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("flagscope-bench") }

    /// Runs the benchmark to the end: its standard output and exit code.
    static func runBench(_ arguments: [String]) throws -> (out: String, err: String, status: Int32) {
        let process = Process()
        process.executableURL = bench
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outDrain = TimedCLI.Drain(out.fileHandleForReading)
        let errDrain = TimedCLI.Drain(err.fileHandleForReading)
        process.waitUntilExit()
        return (
            String(decoding: outDrain.finish(timeout: 5), as: UTF8.self),
            String(decoding: errDrain.finish(timeout: 5), as: UTF8.self),
            process.terminationStatus
        )
    }

    @Test("prints the Rules table: both openings, their ratio and both peaks, per size")
    func rulesTable() throws {
        let run = try Self.runBench(["--rules-only", "--sizes", "100,200", "--runs", "1"])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Rules (") }, "\(run.out)")
        let header = lines[title + 1]
        for column in ["flags", "flagd file", "no rules", "with rules", "÷ no rules", "peak, no rules", "peak, rules"] {
            #expect(header.contains(column), "\(header)")
        }
        // One row per size: the flagd files' sizes, two times, their ratio, two peaks and theirs.
        for size in ["100", "200"] {
            let row = try #require(lines.first { $0.hasPrefix(size + " ") }, "\(run.out)")
            let cells = row.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            #expect(cells.count == 8, "\(row)")
            #expect(cells[1].hasSuffix("MB") && cells[1].contains(" / "), "\(row)")
            #expect(cells[2].hasSuffix("ms") && cells[3].hasSuffix("ms"), "\(row)")
            #expect(cells[4].hasSuffix("×") && cells[7].hasSuffix("×"), "\(row)")
            #expect(cells[5].hasSuffix("MB") && cells[6].hasSuffix("MB"), "\(row)")
        }
        #expect(
            run.out.contains(
                "ends_with on an email, sem_ver on the app version, in on a country list, a fractional split"))
        // Only the Rules table: the opening and keystroke tables are not measured.
        #expect(!run.out.contains("Per keystroke"))
    }

    @Test("the two flagd files are the same but for the targeting every flag has in one")
    func sameFileWithoutTargeting() throws {
        let folder = try TemporaryFolder()
        let run = try Self.runBench(["--rules-only", "--sizes", "100", "--runs", "1", "--keep", folder.url.path])
        #expect(run.status == 0, "\(run.err)")
        let workspace = folder.url.appendingPathComponent("rules-100")
        func flags(_ name: String) throws -> [String: [String: Any]] {
            let data = try Data(contentsOf: workspace.appendingPathComponent("providers/flagd-\(name).json"))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(root["flags"] as? [String: [String: Any]])
        }
        let withRules = try flags("rules")
        let withoutRules = try flags("plain")
        #expect(withRules.count == 100 && withoutRules.count == 100)
        #expect(withRules.values.allSatisfy { $0["targeting"] != nil })
        #expect(withoutRules.values.allSatisfy { $0["targeting"] == nil && $0["defaultVariant"] as? String == "off" })
        for (key, flag) in withRules {
            var plain = flag
            plain["targeting"] = nil
            #expect(NSDictionary(dictionary: plain).isEqual(to: withoutRules[key] ?? [:]), "\(key)")
        }
        // Each kind of rule is there.
        let targeting = String(
            decoding: try Data(contentsOf: workspace.appendingPathComponent("providers/flagd-rules.json")),
            as: UTF8.self)
        for op in ["\"ends_with\"", "\"sem_ver\"", "\"in\"", "\"fractional\"", "\"and\""] {
            #expect(targeting.contains(op), "\(op)")
        }
        // Both workspaces are valid as a user checks them.
        for file in ["rules.yml", "plain.yml"] {
            let validate = try CLIRunner.run(["validate", "--config", workspace.appendingPathComponent(file).path])
            #expect(validate.status == 0, "\(file): \(validate.stdout)\(validate.stderr)")
        }
    }
}
