import Foundation

/// One benchmark run over several sizes: generates, measures and prints the tables.
struct Bench {
    let sizes: [Int]
    let runs: Int
    let keep: URL?
    /// Whether to measure only the cost of rules (the Rules table).
    var rulesOnly = false
    /// Whether to measure only the cost of evaluating Unleash toggles (the Unleash table).
    var unleashOnly = false
    /// Whether to measure only opening Swift-source blueprints (the Swift table).
    var swiftOnly = false
    /// Whether to measure only the flagscope binary against jq and itself (the Scale table).
    var scaleOnly = false
    /// Whether to measure only diff of two devices against list for one (the Devices table).
    var devicesOnly = false
    /// Whether to measure only OFREP over HTTP (the Serve table).
    var serveOnly = false
    /// The flagscope binary the Scale table runs (`nil`: the one beside this binary).
    var flagscope: String?

    /// Figures of one size.
    struct SizeFigures {
        var size: Int
        var inputBytes: [BlueprintSyntax: Int] = [:]
        var jsonBytes = 0
        var load: [BlueprintSyntax: LoadFigures] = [:]
        var peakBytes: [BlueprintSyntax: Int] = [:]
        var jq: Double?
        var keystrokes: [String: Double] = [:]
        var edit: Double = .nan
        var rules: RulesFigures?
    }

    /// Opening the same workspace with and without targeting on every flag.
    struct RulesFigures {
        var size: Int
        var withRulesBytes: Int
        var withoutRulesBytes: Int
        var withRules: LoadFigures
        var withoutRules: LoadFigures
        var withRulesPeak: Int
        var withoutRulesPeak: Int
    }

    /// Generates the workspaces, measures them and prints the tables: the one asked for, or the
    /// Opening, Per keystroke, Rules and Scale tables.
    func run() throws {
        let root = keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("flagscope-bench-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: root) } }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let jq = ChildRun.which("jq")
        print(
            "flagscope-bench: sizes \(sizes.map(String.init).joined(separator: ", ")), \(runs) runs each, medians; jq: \(jq ?? "not installed")"
        )
        if try printOnlyTable(under: root, me: me, jq: jq) { return }

        var all: [SizeFigures] = []
        var largestKeys: [String] = []
        for size in sizes {
            guard let measured = try sizeFigures(size: size, under: root, me: me, jq: jq) else { continue }
            largestKeys = measured.keys
            all.append(measured.figures)
        }
        let set = try Scenarios.setOnLargeFile(keys: largestKeys, folder: root, runs: max(runs, 5))
        print(Report.tables(all, set: set, keyCount: largestKeys.count))
        print(Report.rulesTable(all.compactMap(\.rules)))
        var scaled: [ScaleFigures] = []
        for size in sizes { scaled.append(try scale(size: size, under: root, me: me, jq: jq)) }
        print(Report.scaleTable(scaled))
    }

    /// Measures the one table asked for (`--rules-only`, `--unleash-only`, `--swift`, `--scale`,
    /// `--devices`, `--serve`) at every size and prints it; whether one was asked for.
    func printOnlyTable(under root: URL, me: String, jq: String?) throws -> Bool {
        if unleashOnly {
            print(Report.unleashTable(try sizes.map { try unleashCost(size: $0, under: root, me: me) }))
        } else if swiftOnly {
            print(try swiftTable(under: root, me: me))
        } else if scaleOnly {
            print(Report.scaleTable(try sizes.map { try scale(size: $0, under: root, me: me, jq: jq) }))
        } else if serveOnly {
            print(Report.serveTable(try sizes.map { try serve(size: $0, under: root) }))
            print(Report.serveLoadTable(try serveLoad(under: root)))
        } else if devicesOnly {
            print(Report.devicesTable(try sizes.map { try devices(size: $0, under: root, me: me) }))
        } else if rulesOnly {
            print(Report.rulesTable(try sizes.map { try rulesCost(size: $0, under: root, me: me) }))
        } else {
            return false
        }
        return true
    }

    /// The figures of one size for the main tables: opening each syntax, the rules' cost, jq on
    /// the same JSON, keystrokes and edits; with the keys of its JSON workspace.
    func sizeFigures(size: Int, under root: URL, me: String, jq: String?) throws -> (
        figures: SizeFigures, keys: [String]
    )? {
        var figures = SizeFigures(size: size)
        var jsonWorkspace: BenchWorkspace?
        for syntax in BlueprintSyntax.allCases {
            let bench = try BenchWorkspace.generate(flagCount: size, syntax: syntax, under: root)
            if syntax == .json { jsonWorkspace = bench }
            figures.inputBytes[syntax] = bench.inputBytes
            (figures.load[syntax], figures.peakBytes[syntax]) = try open([bench.workspaceFile], me: me)[0]
            progress("\(size) flags, \(syntax.rawValue): opened")
        }
        figures.rules = try rulesCost(size: size, under: root, me: me)
        guard let bench = jsonWorkspace else { return nil }
        figures.jsonBytes = bench.jsonFiles.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
        }
        if let jq {
            var samples: [Double] = []
            for _ in 0..<runs {
                let child = try ChildRun.run(jq, ["-c", "."] + bench.jsonFiles.map(\.path), captureOutput: false)
                guard child.status == 0 else { throw BenchError("jq failed on \(bench.folder.path)") }
                samples.append(child.seconds)
            }
            figures.jq = Measure.median(samples)
        }
        figures.keystrokes = try Scenarios.keystrokes(bench, repeats: max(10, runs * 4))
        progress("\(size) flags: keystrokes measured")
        figures.edit = try Scenarios.browserEdit(bench, runs: runs)
        progress("\(size) flags: edits measured")
        return (figures, bench.keys)
    }

    /// Opens each workspace file in `runs` child processes (so each peak memory is the child's
    /// own, as it reads it), taking the files in turn so that a busy moment weighs on each alike: per file, the
    /// median figures and the median peak resident set.
    func open(_ workspaceFiles: [URL], me: String) throws -> [(LoadFigures, Int)] {
        var loads = Array(repeating: [LoadFigures](), count: workspaceFiles.count)
        for _ in 0..<runs {
            for (index, file) in workspaceFiles.enumerated() {
                let child = try ChildRun.run(me, ["--child", file.path])
                guard child.status == 0,
                    let load = LoadFigures(line: child.output.trimmingCharacters(in: .whitespacesAndNewlines))
                else {
                    throw BenchError("the child opening \(file.path) failed (\(child.status)): \(child.output)")
                }
                guard load.errors == 0 else {
                    throw BenchError("\(file.path) has \(load.errors) errors; run flagscope validate there")
                }
                loads[index].append(load)
            }
        }
        return loads.map { runs in
            let median = LoadFigures.median(runs)
            return (median, median.peakBytes)
        }
    }

    /// Opens the rules workspace of `size` flags with and without targeting, checking that
    /// rules decided every flag in one and none in the other.
    func rulesCost(size: Int, under root: URL, me: String) throws -> RulesFigures {
        let bench = try RulesWorkspace.generate(flagCount: size, under: root)
        let opened = try open([bench.withoutRules, bench.withRules], me: me)
        let (withoutRules, withoutRulesPeak) = opened[0]
        let (withRules, withRulesPeak) = opened[1]
        guard withoutRules.ruled == 0, withRules.ruled == size, (1..<size).contains(withRules.matched) else {
            throw BenchError(
                "\(bench.folder.path): rules decided \(withRules.ruled) of \(size) flags (\(withRules.matched) on) "
                    + "with targeting and \(withoutRules.ruled) without; expected all, some on, and none")
        }
        progress("\(size) flags, with and without rules: opened")
        return RulesFigures(
            size: size, withRulesBytes: bench.withRulesBytes, withoutRulesBytes: bench.withoutRulesBytes,
            withRules: withRules, withoutRules: withoutRules, withRulesPeak: withRulesPeak,
            withoutRulesPeak: withoutRulesPeak)
    }

    func progress(_ text: String) {
        FileHandle.standardError.write(Data("  … \(text)\n".utf8))
    }
}

/// The printed tables.
enum Report {
    static func tables(_ all: [Bench.SizeFigures], set: (write: Double, bytes: Int), keyCount: Int) -> String {
        guard let first = all.first, let last = all.last else { return "" }
        var out =
            "\nOpening (load + validate + resolve; first frame adds the tree and one frame; then the values, marks and search index it did not need)\n"
        var rows: [[String]] = [
            [
                "flags", "input", "jq -c .", "JSON load", "÷ jq", "YAML load", "÷ jq", "first frame", "then the rest",
                "peak memory", "÷ input",
            ]
        ]
        for figures in all {
            let json = figures.load[.json]!
            let yaml = figures.load[.yaml]!
            let jsonOpen = json.load + json.resolve
            let yamlOpen = yaml.load + yaml.resolve
            let peak = figures.peakBytes[.json] ?? 0
            rows.append([
                grouped(figures.size), megabytes(figures.inputBytes[.json] ?? 0),
                figures.jq.map(milliseconds) ?? "n/a", milliseconds(jsonOpen),
                figures.jq.map { ratio(jsonOpen / $0) } ?? "n/a",
                milliseconds(yamlOpen), figures.jq.map { ratio(yamlOpen / $0) } ?? "n/a",
                milliseconds(json.firstFrame), milliseconds(json.rest), megabytes(peak),
                ratio(Double(peak) / Double(max(1, figures.inputBytes[.json] ?? 1))),
            ])
        }
        out += table(rows)

        out += "\nPer keystroke (key handled + frame rendered, 120×40; median)\n"
        var header = ["keystroke"] + all.map { grouped($0.size) }
        if all.count > 1 { header.append("\(grouped(last.size)) ÷ \(grouped(first.size))") }
        var keyRows = [header]
        for name in Scenarios.keystrokeScenarios {
            var row = [name] + all.map { milliseconds($0.keystrokes[name] ?? .nan) }
            if all.count > 1 { row.append(ratio((last.keystrokes[name] ?? .nan) / (first.keystrokes[name] ?? .nan))) }
            keyRows.append(row)
        }
        var editRow = ["toggle (write + reload)"] + all.map { milliseconds($0.edit) }
        if all.count > 1 { editRow.append(ratio(last.edit / first.edit)) }
        keyRows.append(editRow)
        out += table(keyRows)

        out +=
            "\nOne set on a \(grouped(keyCount))-key local file (\(megabytes(set.bytes))): \(milliseconds(set.write)) "
        out += "(lock, re-read, merge, temporary file, fsync, rename)\n"
        if all.count > 1 {
            let growth = all.dropFirst().enumerated().map { index, figures -> String in
                let previous = all[index]
                let open = { (f: Bench.SizeFigures) in f.load[.json]!.load + f.load[.json]!.resolve }
                return
                    "\(grouped(previous.size))→\(grouped(figures.size)): open ×\(String(format: "%.1f", open(figures) / open(previous)))"
            }
            out += "Growth: " + growth.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// The cost of rules: the same workspace opened (load, validate, resolve every key for the
    /// workspace's context) with targeting on every flag of its flagd file, and without.
    static func rulesTable(_ all: [Bench.RulesFigures]) -> String {
        guard !all.isEmpty else { return "" }
        var out =
            "\nRules (a flagd file sets every flag; with targeting on each, or none; load + validate + resolve for one context)\n"
        var rows: [[String]] = [
            [
                "flags", "flagd file", "no rules", "with rules", "÷ no rules", "peak, no rules", "peak, rules",
                "÷ no rules",
            ]
        ]
        for figures in all {
            let plain = figures.withoutRules.load + figures.withoutRules.resolve
            let ruled = figures.withRules.load + figures.withRules.resolve
            rows.append([
                grouped(figures.size),
                "\(megabytes(figures.withoutRulesBytes)) / \(megabytes(figures.withRulesBytes))",
                milliseconds(plain), milliseconds(ruled), ratio(ruled / plain),
                megabytes(figures.withoutRulesPeak), megabytes(figures.withRulesPeak),
                ratio(Double(figures.withRulesPeak) / Double(max(1, figures.withoutRulesPeak))),
            ])
        }
        out += table(rows)
        out +=
            "Targeting: ends_with on an email, sem_ver on the app version, in on a country list, a fractional split\n"
        out += "on the targeting key, and the four chained, in turn; the flagd file is given without / with it.\n"
        return out
    }

    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            let line = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
            return index == 0 ? line + "\n" + String(repeating: "-", count: line.count) : line
        }.joined(separator: "\n") + "\n"
    }

    static func milliseconds(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "n/a" }
        if seconds < 0.001 { return String(format: "%.0f µs", seconds * 1e6) }
        if seconds < 0.1 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.0f ms", seconds * 1e3)
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
    static func ratio(_ value: Double) -> String { value.isFinite ? String(format: "%.2f×", value) : "n/a" }
    static func grouped(_ count: Int) -> String {
        count >= 1000 && count % 1000 == 0 ? "\(count / 1000)k" : String(count)
    }
}
