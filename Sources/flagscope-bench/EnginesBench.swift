import Foundation

/// The engines table: what evaluating every flag of a vendor's file for one device costs
/// Flagscope (`flagscope list --json`, the real binary, its own process) side by side with the
/// vendor's own Python engine evaluating every feature of the same file for the same
/// attributes, also a whole process (interpreter start, reading the file, evaluating, printing
/// the answers). Both answers are compared value by value, so a fast wrong answer cannot pass.
///
/// The Python engines are the pinned PyPI packages `Scripts/differential` checks Flagscope
/// against, from the virtual environment `.build/ofrep-venv` (or the interpreter named by
/// `FLAGSCOPE_BENCH_PYTHON`).
enum EnginesBench {
    /// One vendor's file, its engine and what both are asked.
    struct Engine {
        /// The format's name in `flagscope.yml`, and the table's row label.
        var format: String
        /// The Python program: `python PROGRAM DATA ATTRIBUTES` prints `{key: value}` as JSON.
        var program: String
        /// The data file of `keys`, one flag each, its value of `types[i]`.
        var data: (_ keys: [String]) -> String
    }

    /// The device both engines evaluate for: it matches some rules of each kind and not others.
    static var device: [(String, Any)] {
        [
            ("id", "device-7f3a9c"), ("key", "device-7f3a9c"), ("email", "qa.tester@example.com"),
            ("app_version", "2.4.1"), ("country", "IT"), ("plan", "beta"),
        ]
    }

    static var engines: [Engine] {
        [
            Engine(format: "growthbook", program: growthBookProgram, data: growthBookPayload),
            Engine(format: "launchdarkly", program: launchDarklyProgram, data: launchDarklyData),
        ]
    }

    /// Measures each engine at each size, `runs` times taking turns, and prints the table.
    static func run(sizes: [Int], runs: Int, keep: URL?, flagscope: String?) throws {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let binary = flagscope ?? me.deletingLastPathComponent().appendingPathComponent("flagscope").path
        let python = try pythonPath()
        let root = keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("flagscope-engines-bench")
        defer { if keep == nil { try? FileManager.default.removeItem(at: root) } }
        var rows: [[String]] = [["format", "flags", "file", "flagscope", "peak", "Python engine", "peak", "÷ Python"]]
        for size in sizes {
            for engine in engines {
                let folder = try write(engine, size: size, under: root)
                try checkAgreement(engine, in: folder, binary: binary, python: python)
                var ours: [MeasuredRun] = []
                var theirs: [MeasuredRun] = []
                for _ in 0..<runs {
                    ours.append(try MeasuredRun.run(me: me.path, binary, ourArguments(folder)))
                    theirs.append(try MeasuredRun.run(me: me.path, python, theirArguments(engine, folder)))
                }
                let oursSeconds = Measure.median(ours.map(\.seconds))
                let theirSeconds = Measure.median(theirs.map(\.seconds))
                let data = folder.appendingPathComponent("data.json").path
                let bytes = (try? FileManager.default.attributesOfItem(atPath: data)[.size] as? Int) ?? 0
                rows.append([
                    engine.format, Report.grouped(size), Report.megabytes(bytes),
                    Report.milliseconds(oursSeconds), Report.megabytes(ours.map(\.peakBytes).max() ?? 0),
                    Report.milliseconds(theirSeconds), Report.megabytes(theirs.map(\.peakBytes).max() ?? 0),
                    Report.ratio(oursSeconds / theirSeconds),
                ])
                FileHandle.standardError.write(Data("engines: \(engine.format) \(size) measured\n".utf8))
            }
        }
        print("\nVendor engines (every flag of the file evaluated for one device, whole process, medians of \(runs))")
        print(Report.table(rows), terminator: "")
        print("flagscope: `list --json`; Python engine: growthbook 4.0.0 `eval_feature` on every feature,")
        print("launchdarkly-server-sdk 9.20.0 `all_flags_state` through its file data source. Goal: ÷ Python ≤ 1.")
    }

    static func ourArguments(_ folder: URL) -> [String] {
        ["list", "--json", "--config", folder.appendingPathComponent("flagscope.yml").path]
    }

    static func theirArguments(_ engine: Engine, _ folder: URL) -> [String] {
        [
            folder.appendingPathComponent("engine.py").path, folder.appendingPathComponent("data.json").path,
            folder.appendingPathComponent("attributes.json").path,
        ]
    }

    /// The interpreter with the vendors' packages.
    static func pythonPath() throws -> String {
        if let named = ProcessInfo.processInfo.environment["FLAGSCOPE_BENCH_PYTHON"] { return named }
        let venv = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".build/ofrep-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: venv) else {
            throw BenchError(
                "no Python with the vendors' engines at \(venv): run Scripts/differential once from the package "
                    + "folder (it makes it), or name one with FLAGSCOPE_BENCH_PYTHON")
        }
        return venv
    }

    /// Writes the workspace: blueprints of `size` flags, the vendor's file setting every one,
    /// the device as a json provider below it, the Python program and its attributes.
    static func write(_ engine: Engine, size: Int, under root: URL) throws -> URL {
        let folder = try RulesWorkspace.emptyFolder(root.appendingPathComponent("\(engine.format)-\(size)"))
        let keys = try BenchWorkspace.writeBlueprints(flagCount: size, syntax: .json, in: folder).keys
        let files: [(String, String)] = [
            ("data.json", engine.data(keys)),
            ("attributes.json", JSONText.write(device)),
            ("providers/device.json", JSONText.write(device.map { ("context/\($0.0)", $0.1) })),
            ("engine.py", engine.program),
            (
                "flagscope.yml",
                """
                blueprints:
                  - blueprints/*.json
                providers:
                  - name: Vendor
                    format: \(engine.format)
                    path: data.json
                  - name: Device
                    format: json
                    path: providers/device.json

                """
            ),
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Runs both once with their output and fails unless every flag has the same value in both.
    static func checkAgreement(_ engine: Engine, in folder: URL, binary: String, python: String) throws {
        let ours = try ChildRun.run(binary, ourArguments(folder))
        let theirs = try ChildRun.run(python, theirArguments(engine, folder))
        guard ours.status == 0, theirs.status == 0,
            let list = try JSONSerialization.jsonObject(with: Data(ours.output.utf8)) as? [String: Any],
            let flags = list["flags"] as? [[String: Any]],
            let answers = try JSONSerialization.jsonObject(with: Data(theirs.output.utf8)) as? [String: Any]
        else {
            throw BenchError("\(folder.path): an engine failed (flagscope \(ours.status), Python \(theirs.status))")
        }
        var differing: [String] = []
        for flag in flags {
            guard let key = flag["key"] as? String, !key.hasPrefix("context/") else { continue }
            let mine = flag["value"].map { $0 as? NSObject } ?? nil
            let other = answers[key].map { $0 as? NSObject } ?? nil
            if mine != other { differing.append(key) }
        }
        guard differing.isEmpty else {
            throw BenchError(
                "\(folder.path): \(differing.count) flags differ from the Python engine, first \(differing[0])")
        }
    }
}

extension EnginesBench {
    /// A JSON object as `JSONText` writes one, its members in order.
    typealias Object = [(String, Any)]

    static let growthBookProgram = """
        import json, sys
        from growthbook import GrowthBook
        payload = json.load(open(sys.argv[1]))
        gb = GrowthBook(attributes=json.load(open(sys.argv[2])), features=payload["features"],
                        saved_groups=payload.get("savedGroups", {}))
        json.dump({key: gb.eval_feature(key).value for key in payload["features"]}, sys.stdout)

        """

    static let launchDarklyProgram = """
        import json, sys, logging
        logging.disable(logging.CRITICAL)
        import ldclient
        from ldclient import Context
        from ldclient.config import Config
        from ldclient.integrations import Files
        attributes = json.load(open(sys.argv[2]))
        builder = Context.builder(attributes.pop("key"))
        for name, value in attributes.items():
            builder.set(name, value)
        client = ldclient.LDClient(Config("bench", update_processor_class=Files.new_data_source(paths=[sys.argv[1]]),
                                          send_events=False))
        json.dump(client.all_flags_state(builder.build()).to_values_map(), sys.stdout)
        client.close()

        """

    /// A GrowthBook payload: each feature's default is the blueprint's, and its rules, in turn,
    /// a `$regex` on the email, a `$vgte` on the app version, `$in` countries with 55.555 % coverage
    /// on the id (a bucket never exactly at it: the SDKs part there, docs/rules.md), an experiment on the id, and a saved group before an experiment.
    static func growthBookPayload(_ keys: [String]) -> String {
        var features: [(String, Any)] = []
        features.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            let type = BenchWorkspace.types[index % BenchWorkspace.types.count]
            let off = BenchWorkspace.defaultValue(type, index)
            let on = BenchWorkspace.providerValue(type, index)
            let weight = Double(1 + index % 9) / 10
            let experiment: Object = [
                ("key", "exp-\(index)"), ("hashAttribute", "id"), ("variations", [off, on] as [Any]),
                ("weights", [weight, 1 - weight] as [Any]),
            ]
            func condition(_ attribute: String, _ op: String, _ value: Any) -> Object {
                [("condition", [(attribute, [(op, value)] as Object)] as Object)]
            }
            let rules: [Any]
            switch index % 5 {
            case 0: rules = [condition("email", "$regex", "@example[.]com$") + [("force", on)]]
            case 1: rules = [condition("app_version", "$vgte", "2.\(index % 10).0") + [("force", on)]]
            case 2:
                rules = [
                    condition("country", "$in", RulesWorkspace.countries)
                        + [("force", on), ("coverage", 0.55555), ("hashAttribute", "id")]
                ]
            case 3: rules = [experiment]
            default: rules = [condition("id", "$inGroup", "staff") + [("force", on)], experiment]
            }
            features.append((key, [("defaultValue", off), ("rules", rules)] as Object))
        }
        let staff: [Any] = (0..<20).map { "staff-\($0)" }
        return JSONText.write([("features", features), ("savedGroups", [("staff", staff)] as Object)] as Object)
    }

    /// LaunchDarkly server-side data: each flag's variations are the blueprint's default and
    /// another value, and its rules, in turn, `endsWith` on the email, `semVerGreaterThan` on
    /// the app version, `in` countries to a 50/50 rollout, a fallthrough rollout, and a segment
    /// match behind a prerequisite on the flag before.
    static func launchDarklyData(_ keys: [String]) -> String {
        var flags: [(String, Any)] = []
        flags.reserveCapacity(keys.count)
        let shares: [Any] = [
            [("variation", 0), ("weight", 50_000)] as Object, [("variation", 1), ("weight", 50_000)] as Object,
        ]
        let halves: Object = [("rollout", [("variations", shares)] as Object)]
        for (index, key) in keys.enumerated() {
            let type = BenchWorkspace.types[index % BenchWorkspace.types.count]
            func clause(_ attribute: String, _ op: String, _ values: [Any]) -> Object {
                [("attribute", attribute), ("op", op), ("values", values), ("negate", false)]
            }
            func rule(_ clause: Object, _ outcome: Object) -> [Any] {
                [[("id", "r\(index)"), ("clauses", [clause] as [Any])] + outcome as Object]
            }
            var flag: Object = [
                ("key", key), ("version", 1), ("on", true), ("salt", "s\(index)"), ("offVariation", 0),
                (
                    "variations",
                    [BenchWorkspace.defaultValue(type, index), BenchWorkspace.providerValue(type, index)] as [Any]
                ),
            ]
            var outcome: Object = [("variation", 0)]
            switch index % 5 {
            case 0: flag.append(("rules", rule(clause("email", "endsWith", ["@example.com"]), [("variation", 1)])))
            case 1:
                let version = clause("app_version", "semVerGreaterThan", ["2.\(index % 10).0"])
                flag.append(("rules", rule(version, [("variation", 1)])))
            case 2: flag.append(("rules", rule(clause("country", "in", RulesWorkspace.countries), halves)))
            case 3: outcome = halves
            default:
                flag.append(("rules", rule(clause("", "segmentMatch", ["beta"]), [("variation", 1)])))
                if index > 0 {
                    flag.append(("prerequisites", [[("key", keys[index - 1]), ("variation", 0)] as Object] as [Any]))
                }
            }
            flag.append(("fallthrough", outcome))
            flags.append((key, flag))
        }
        let plan: Object = [("attribute", "plan"), ("op", "in"), ("values", ["beta"])]
        let beta: Object = [
            ("key", "beta"), ("version", 1), ("salt", "beta"), ("included", ["staff-1"]),
            ("rules", [[("id", "plan"), ("clauses", [plan] as [Any])] as Object] as [Any]),
        ]
        return JSONText.write([("flags", flags), ("segments", [("beta", beta)] as Object)] as Object)
    }
}
