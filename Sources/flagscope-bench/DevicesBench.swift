import Foundation

/// The devices table: what comparing two devices costs against listing one, on the rules
/// workspace (targeting on every flag), with the real `flagscope` binary run as a user runs it.
/// Two device profiles are written beside it: the bench's device, and one that parts from it
/// in the country and the targeting key, so that `in` rules and `fractional` splits differ.
struct DevicesFigures {
    /// Flags in the workspace.
    var size: Int
    /// Median seconds of `list --json --device a` and of `diff a b --json`.
    var list: Double
    var diff: Double

    /// `diff` against `list --json`, the goal being at most 2.2×.
    var ratio: Double { diff / list }

    /// The profiles written under `devices/`.
    static let profiles = [
        (
            "a.yml",
            "name: Bench device\ncontext:\n  email: qa.tester@example.com\n  app_version: 2.4.1\n  country: IT\n  targeting_key: device-7f3a9c\n"
        ),
        (
            "b.yml",
            "name: Other device\ncontext:\n  email: qa.tester@example.com\n  app_version: 2.4.1\n  country: US\n  targeting_key: device-0b12ff\n"
        ),
    ]
}

extension Bench {
    /// Measures `list --json` for one device and `diff` of two, taking turns, at `size` flags.
    func devices(size: Int, under root: URL, me: String) throws -> DevicesFigures {
        let rules = try RulesWorkspace.generate(flagCount: size, under: root)
        let devices = rules.folder.appendingPathComponent("devices")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        for (name, text) in DevicesFigures.profiles {
            try Data(text.utf8).write(to: devices.appendingPathComponent(name))
        }
        let flagscope = try flagscopeBinary(me: me)
        let config = ["--config", rules.withRules.path]
        let commands: [(name: String, arguments: [String])] = [
            ("list", ["list", "--json", "--device", "a"] + config),
            ("diff", ["diff", "a", "b", "--json"] + config),
        ]
        var samples: [String: [Double]] = [:]
        for _ in 0..<runs {
            for command in commands {
                let run = try MeasuredRun.run(me: me, flagscope, command.arguments)
                guard run.status == 0 else {
                    throw BenchError("\(command.name) on \(rules.folder.path) exited with \(run.status)")
                }
                samples[command.name, default: []].append(run.seconds)
            }
        }
        progress("\(size) flags: devices measured")
        return DevicesFigures(
            size: size, list: Measure.median(samples["list"] ?? []), diff: Measure.median(samples["diff"] ?? []))
    }
}

extension Report {
    /// The devices table: each size's two times and their ratio, the largest measured against the goal.
    static func devicesTable(_ all: [DevicesFigures]) -> String {
        guard let largest = all.last else { return "" }
        var out =
            "\nDevices (the flagscope binary on the rules workspace, each run in its own process; medians)\n"
        var rows = [["flags", "list --json --device a", "diff a b --json", "diff vs list", "goal"]]
        for figures in all {
            rows.append(
                [
                    grouped(figures.size), milliseconds(figures.list), milliseconds(figures.diff), ratio(figures.ratio),
                    figures.size == largest.size ? (figures.ratio <= 2.2 ? "≤ 2.2×: met" : "≤ 2.2×: not met") : "",
                ])
        }
        out += table(rows)
        return out
    }
}
