import Foundation

/// The scale table: the real `flagscope` binary run as a user runs it, each command in its own
/// process, side by side with `jq -c .` on the same files.
///
/// Each figure is the median of `runs` runs, the commands taking turns so that a busy moment
/// of the shared machine weighs on each alike. Times are wall time from the start of the
/// process to its exit; peak memory is the process's own high-water mark (see
/// ``MeasuredRun``).
struct ScaleFigures {
    /// Flags in the workspace.
    var size: Int
    /// Bytes of every file the workspace reads.
    var inputBytes: Int
    /// Median seconds and peak bytes of each command, by name (`jq`, `validate`, `list --json`,
    /// `first frame`).
    var seconds: [String: Double] = [:]
    var peakBytes: [String: Int] = [:]

    /// The commands measured, in the order they take turns.
    static let commands = ["jq", "validate", "list --json", "stale", "first frame"]

    /// The table's rows: the figure, its goal (at most this ratio), and how it is worked out.
    static var figures: [(name: String, goal: Double, value: (ScaleFigures) -> Double?)] {
        [
            ("validate vs jq -c . on the same files", 1.0, { $0.ratio("validate", "jq") }),
            ("list --json vs validate", 1.2, { $0.ratio("list --json", "validate") }),
            ("stale vs list --json (3 device profiles)", 2.0, { $0.ratio("stale", "list --json") }),
            ("list --json peak memory vs input bytes", 3, { $0.memoryRatio("list --json") }),
            ("validate peak memory vs input bytes", 3, { $0.memoryRatio("validate") }),
            ("first frame (snapshot, 120×40) vs validate", 1.2, { $0.ratio("first frame", "validate") }),
        ]
    }

    func ratio(_ command: String, _ base: String) -> Double? {
        guard let time = seconds[command], let baseTime = seconds[base] else { return nil }
        return time / baseTime
    }

    func memoryRatio(_ command: String) -> Double? {
        peakBytes[command].map { Double($0) / Double(max(1, inputBytes)) }
    }
}

/// One process run through ``MeasuredRun`` (`flagscope-bench --measure`).
struct MeasuredRun {
    var status: Int32
    var seconds: Double
    var peakBytes: Int

    /// The figures line the measuring process prints.
    var line: String { "\(status) \(seconds) \(peakBytes)" }

    init(status: Int32, seconds: Double, peakBytes: Int) {
        self.status = status
        self.seconds = seconds
        self.peakBytes = peakBytes
    }

    init?(line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 3, let status = Int32(parts[0]), let seconds = Double(parts[1]),
            let peak = Int(parts[2])
        else { return nil }
        self.init(status: status, seconds: seconds, peakBytes: peak)
    }

    /// Runs `path` with `arguments` from this process, its output discarded, and returns its
    /// exit status, wall time and peak resident set (`wait4`). Called in a small process of its
    /// own (`flagscope-bench --measure`): Linux counts in a child's peak the resident set of the
    /// process that started it, at the moment it started it, and the bench itself holds the
    /// generated workspace; this process holds next to nothing.
    static func measure(_ path: String, _ arguments: [String]) throws -> MeasuredRun {
        let child = try ChildRun.run(path, arguments, captureOutput: false)
        return MeasuredRun(status: child.status, seconds: child.seconds, peakBytes: child.peakBytes)
    }

    /// Runs `path` with `arguments` through a measuring process (`me --measure`).
    static func run(me: String, _ path: String, _ arguments: [String]) throws -> MeasuredRun {
        let child = try ChildRun.run(me, ["--measure", path] + arguments)
        guard child.status == 0,
            let run = MeasuredRun(line: child.output.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchError("measuring \(path) \(arguments.joined(separator: " ")) failed: \(child.output)") }
        return run
    }
}

extension Bench {
    /// The `flagscope` binary beside this one (`swift build -c release` puts both in one folder).
    func flagscopeBinary(me: String) throws -> String {
        let path =
            flagscope ?? URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("flagscope").path
        guard access(path, X_OK) == 0 else {
            throw BenchError(
                "no flagscope binary at \(path): build it first (swift build -c release --product flagscope) or name one with --flagscope"
            )
        }
        return path
    }

    /// Measures the scale figures on the generated JSON workspace of `size` flags.
    func scale(size: Int, under root: URL, me: String, jq: String?) throws -> ScaleFigures {
        let bench = try BenchWorkspace.generate(flagCount: size, syntax: .json, under: root)
        let flagscope = try flagscopeBinary(me: me)
        let config = ["--config", bench.workspaceFile.path]
        // Three device profiles, read by every command: `stale` answers for every device.
        let devices = bench.folder.appendingPathComponent("devices")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        for (name, country) in [("iPhone", "it"), ("iPad", "us"), ("Mac", "de")] {
            try Data("name: \(name)\ncontext:\n  country: \(country)\n".utf8).write(
                to: devices.appendingPathComponent("\(name).yml"))
        }
        var commands: [(name: String, path: String, arguments: [String])] = [
            ("validate", flagscope, ["validate"] + config),
            ("list --json", flagscope, ["list", "--json"] + config),
            ("stale", flagscope, ["stale"] + config),
            ("first frame", flagscope, ["snapshot", "--size", "120x40"] + config),
        ]
        if let jq { commands.insert(("jq", jq, ["-c", "."] + bench.jsonFiles.map(\.path)), at: 0) }
        var samples: [String: [MeasuredRun]] = [:]
        for _ in 0..<runs {
            for command in commands {
                let run = try MeasuredRun.run(me: me, command.path, command.arguments)
                guard run.status == 0 else {
                    throw BenchError("\(command.name) on \(bench.folder.path) exited with \(run.status)")
                }
                samples[command.name, default: []].append(run)
            }
        }
        var figures = ScaleFigures(size: size, inputBytes: bench.inputBytes)
        for (name, runs) in samples {
            figures.seconds[name] = Measure.median(runs.map(\.seconds))
            figures.peakBytes[name] = Int(Measure.median(runs.map { Double($0.peakBytes) }))
        }
        progress("\(size) flags: scale measured")
        return figures
    }
}

extension Report {
    /// The scale table: each figure at every size, the largest size's being the one measured
    /// against the goal; then the times and peaks it comes from.
    static func scaleTable(_ all: [ScaleFigures]) -> String {
        guard let largest = all.last else { return "" }
        var out =
            "\nScale (the flagscope binary and jq, each run in its own process as a user runs it, on the JSON workspace; medians)\n"
        var rows = [["figure"] + all.map { grouped($0.size) } + ["goal", "at \(grouped(largest.size))"]]
        for figure in ScaleFigures.figures {
            let values = all.map { figure.value($0) }
            let met = (values.last ?? nil).map { $0 <= figure.goal ? "met" : "not met" } ?? "n/a"
            rows.append(
                [figure.name] + values.map { $0.map(ratio) ?? "n/a" }
                    + ["≤ " + String(format: "%g", figure.goal) + "×", met])
        }
        out += table(rows)
        out += "\nWhat the ratios are made of (wall time from start to exit; peak resident set)\n"
        // jq's peak is not shown: it is below the measuring process's own, which it would report.
        let measured = ScaleFigures.commands.filter { $0 != "jq" }
        var detail = [["flags", "input", "jq -c ."] + measured.flatMap { [$0, "peak"] }]
        for figures in all {
            detail.append(
                [
                    grouped(figures.size), megabytes(figures.inputBytes),
                    figures.seconds["jq"].map(milliseconds) ?? "n/a",
                ]
                    + measured.flatMap { name in
                        [
                            figures.seconds[name].map(milliseconds) ?? "n/a",
                            figures.peakBytes[name].map(megabytes) ?? "n/a",
                        ]
                    })
        }
        out += table(detail)
        return out
    }
}
