import FlagBrowser
import FlagCore
import Foundation
import OrderedCollections

/// What one child process measured while opening a workspace.
struct LoadFigures {
    /// Reading, parsing and validating every file (`Workspace.load`).
    var load: Double
    /// Resolving every key through the stack.
    var resolve: Double
    /// From the start of loading to the first frame rendered (model, tree, state, frame).
    var firstFrame: Double
    /// After the first frame: building what it did not need (every key's value, the views'
    /// marks, the search index), which the terminal does before it reads a key.
    var rest: Double = 0
    /// Error diagnostics (a generated workspace must have none).
    var errors: Int
    /// Keys a layer of which was decided by rules (evaluated for the workspace's context).
    var ruled = 0
    /// Keys whose rules chose the variant the generated flagd files call `on` (the rest chose
    /// `off`, their default variant).
    var matched = 0
    /// The child's peak resident set, in bytes, as it reads it itself (`VmHWM` on Linux,
    /// getrusage on macOS). Not `wait4`'s figure: on Linux a child started by `posix_spawn`
    /// counts its parent's resident set at the start (Linux keeps the larger across `exec`),
    /// which for a parent holding a generated 100k-flag workspace is larger than a small child's own.
    var peakBytes = 0

    var line: String { "\(load) \(resolve) \(firstFrame) \(errors) \(ruled) \(matched) \(peakBytes) \(rest)" }

    init(
        load: Double, resolve: Double, firstFrame: Double, errors: Int, ruled: Int = 0, matched: Int = 0,
        peakBytes: Int = 0, rest: Double = 0
    ) {
        self.rest = rest
        self.load = load
        self.resolve = resolve
        self.firstFrame = firstFrame
        self.errors = errors
        self.ruled = ruled
        self.matched = matched
        self.peakBytes = peakBytes
    }

    init?(line: String) {
        let parts = line.split(separator: " ").compactMap { Double($0) }
        guard parts.count == 8 else { return nil }
        self.init(
            load: parts[0], resolve: parts[1], firstFrame: parts[2], errors: Int(parts[3]), ruled: Int(parts[4]),
            matched: Int(parts[5]),
            peakBytes: Int(parts[6]), rest: parts[7])
    }

    /// The medians of several runs' figures (the counts are the first run's: they never vary).
    static func median(_ runs: [LoadFigures]) -> LoadFigures {
        LoadFigures(
            load: Measure.median(runs.map(\.load)), resolve: Measure.median(runs.map(\.resolve)),
            firstFrame: Measure.median(runs.map(\.firstFrame)), errors: runs.first?.errors ?? 0,
            ruled: runs.first?.ruled ?? 0, matched: runs.first?.matched ?? 0,
            peakBytes: Int(Measure.median(runs.map { Double($0.peakBytes) })),
            rest: Measure.median(runs.map(\.rest)))
    }

    /// This process's peak resident set so far, in bytes (``HostPlatform/ownPeakResidentBytes()``:
    /// `VmHWM` on Linux, getrusage's `ru_maxrss` on macOS).
    static func ownPeakBytes() -> Int {
        HostPlatform.ownPeakResidentBytes()
    }
}

enum Scenarios {
    /// Opens a workspace as the browser does and times each step (run in a child process, so
    /// its peak memory is its own).
    static func openWorkspace(_ file: URL) -> LoadFigures {
        func probe(_ label: String) {
            guard ProcessInfo.processInfo.environment["BENCH_PROBE"] != nil else { return }
            FileHandle.standardError.write(Data("\(label): \(HostPlatform.memoryReport())\n".utf8))
        }
        probe("start")
        if ProcessInfo.processInfo.environment["BENCH_LAYOUT"] != nil { Layouts.print() }
        let start = Measure.now()
        let workspace = Workspace.load(from: file, environment: [:])
        let loaded = Measure.now()
        probe("loaded")
        if ProcessInfo.processInfo.environment["BENCH_TRIM"] != nil {
            HostPlatform.trimHeap()
            probe("trimmed")
        }
        // Resolved one key at a time, as the browser does, so the peak memory is the browser's.
        var resolved = 0
        var ruled = 0
        var matched = 0
        Resolver(workspace: workspace, tracingRuleSteps: false).forEachResolution { resolution in
            resolved += 1
            // Counted so the parent can check that the rules it means to measure did run. A
            // STATIC trace (a flagd flag without targeting) says that nothing was evaluated.
            guard let trace = resolution.layers.lazy.compactMap(\.rules).first(where: { $0.reason != .staticValue })
            else { return }
            ruled += 1
            if trace.variant == "on" { matched += 1 }
        }
        let resolvedAt = Measure.now()
        probe("resolved")
        // For profiling load + resolve alone (`perf record`): what follows is not in the figures.
        if ProcessInfo.processInfo.environment["BENCH_STOP_AFTER_RESOLVE"] != nil { exit(0) }
        let state = BrowserState(model: BrowserModel(workspace: workspace), width: 120, height: 40)
        let frame = Renderer.render(state, width: 120, height: 40)
        let shown = Measure.now()
        probe("shown")
        state.model.buildDeferredParts()
        let rest = Measure.now() - shown
        // The first root: "Area 0" in generated YAML and JSON, "Collection0" in generated Swift.
        precondition(
            (frame.text.contains("Area 0") || frame.text.contains("Collection0")) && resolved == workspace.flags.count)
        let errors = workspace.diagnostics.filter { $0.severity == .error }.count
        return LoadFigures(
            load: loaded - start, resolve: resolvedAt - loaded, firstFrame: shown - start, errors: errors,
            ruled: ruled, matched: matched, peakBytes: LoadFigures.ownPeakBytes(), rest: rest)
    }

    /// The per-keystroke scenarios: a name and the keys, each pressed and rendered and timed.
    static let keystrokeScenarios = [
        "move (j/k)", "page (PgDn/PgUp)", "expand/collapse group", "expand/collapse area",
        "search typing", "filter on/off", "view cycle (F)", "detail pane (Tab, j)",
    ]

    /// Median seconds of one key press plus the frame it draws, per scenario.
    static func keystrokes(_ bench: BenchWorkspace, repeats: Int) throws -> [String: Double] {
        var session = BrowserSession(workspaceFile: bench.workspaceFile, environment: [:], width: 120, height: 40)
        var samples: [String: [Double]] = [:]
        func press(_ name: String?, _ keys: String) throws {
            for key in try KeyEvent.parse(keys) {
                let seconds = Measure.time {
                    _ = session.press(key)
                    _ = session.render()
                }
                if let name { samples[name, default: []].append(seconds) }
                // As the terminal does once a frame is shown, before it reads the next key.
                session.state.model.buildDeferredParts()
            }
        }
        _ = session.render()
        session.state.model.buildDeferredParts()
        // Start on the first group of the first area: select it (Home, j).
        try press(nil, "<Home>j")
        for _ in 0..<repeats {
            try press("move (j/k)", "jjjjjkkkkk")
            try press("page (PgDn/PgUp)", "<PgDn><PgUp>")
            // Back on the group (a small tree's PgUp stops at the top), so `l` and `h` expand and collapse it.
            try press(nil, "<Home>j")
            try press("expand/collapse group", "lh")
        }
        try press(nil, "<Home>")
        for _ in 0..<repeats { try press("expand/collapse area", "hl") }
        // A query that matches one flag in the last area, typed one character at a time.
        let target = "setting\(bench.flagCount * 9 / 10 + 3)Value".lowercased()
        for _ in 0..<max(3, repeats / 4) {
            try press(nil, "<Home>/")
            try press("search typing", target)
            try press(nil, "<Enter>")
            try press("filter on/off", "ff")
            try press(nil, "<Escape>")
        }
        try press(nil, "<Home>")
        for _ in 0..<max(2, repeats / 5) { try press("view cycle (F)", "FFFFF") }
        try press(nil, "<Home>jl")
        for _ in 0..<repeats { try press("detail pane (Tab, j)", "<Tab>j<Tab>") }
        return samples.mapValues(Measure.median)
    }

    /// Seconds of one write of one key into a local file that holds `keys` keys (lock, re-read,
    /// merge, temporary file, fsync, rename): the median of `runs`.
    static func setOnLargeFile(keys: [String], folder: URL, runs: Int) throws -> (write: Double, bytes: Int) {
        let file = folder.appendingPathComponent("set-\(keys.count).json")
        var object: [(String, Any)] = []
        for (index, key) in keys.enumerated() {
            object.append((key, index % 3 == 0 ? (index % 2 == 0) as Any : index as Any))
        }
        try Data(JSONText.write(object).utf8).write(to: file)
        let writer = ProviderFileWriter(file: file, format: .json)
        var samples: [Double] = []
        for run in 0..<runs {
            let changes: OrderedDictionary<String, KeyChange> = [keys[keys.count / 2]: .set(.int(run))]
            samples.append(try Measure.time { _ = try writer.apply(changes) })
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        return (Measure.median(samples), bytes)
    }

    /// Seconds of a toggle in the browser on a workspace: the write and the reload it shows.
    static func browserEdit(_ bench: BenchWorkspace, runs: Int) throws -> Double {
        var session = BrowserSession(workspaceFile: bench.workspaceFile, environment: [:], width: 120, height: 40)
        // The first flag of the first group is a bool (index 0).
        for key in try KeyEvent.parse("<Home>jl<Down>") { _ = session.press(key) }
        var samples: [Double] = []
        for _ in 0..<runs {
            // As the terminal does once a frame is shown, before it reads the next key.
            session.state.model.buildDeferredParts()
            samples.append(
                Measure.time {
                    _ = session.press(.space)
                    _ = session.render()
                })
        }
        return Measure.median(samples)
    }
}
enum Layouts {
    static func print() {
        Swift.print(
            "JSONValue", MemoryLayout<JSONValue>.size, "RawValue?", MemoryLayout<RawValue?>.size, "ProviderEntry",
            MemoryLayout<ProviderEntry>.size, MemoryLayout<ProviderEntry>.stride,
            "TextLocation?", MemoryLayout<TextLocation?>.size, "FlagValue?", MemoryLayout<FlagValue?>.size,
            "ValueRules", MemoryLayout<ValueRules>.size,
            "SourceReference?", MemoryLayout<SourceReference?>.size, "UnknownKey", MemoryLayout<UnknownKey>.size)
    }
}
