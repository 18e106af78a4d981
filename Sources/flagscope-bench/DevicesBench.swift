import FlagBrowser
import FlagCore
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

    /// Median seconds, in the browser, of a context edit (Enter in the line editor of
    /// `context/country`: the write and the frame after it) and of a device switch (Enter in
    /// the picker of `p`: the frame with the other device).
    var contextEdit: Double
    var deviceSwitch: Double

    /// `diff` against `list --json`, the goal being at most 2.2×.
    var ratio: Double { diff / list }
    /// A device switch against a context edit, the goal being at most 1× at 1k flags and 1.5× at 100k.
    var switchRatio: Double { deviceSwitch / contextEdit }

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
        let browser = try browserSwitch(rules, runs: max(runs, 5))
        progress("\(size) flags: devices measured")
        return DevicesFigures(
            size: size, list: Measure.median(samples["list"] ?? []), diff: Measure.median(samples["diff"] ?? []),
            contextEdit: browser.edit, deviceSwitch: browser.switch)
    }

    /// Seconds, in the browser on the rules workspace with a writable file on top, of a context
    /// edit and of a device switch, each pressed as a user does and measured from the key to
    /// the frame after it; medians of `runs`, taking turns.
    func browserSwitch(_ rules: RulesWorkspace, runs: Int) throws -> (edit: Double, switch: Double) {
        let config = rules.folder.appendingPathComponent("browser.yml")
        try Data(
            """
            blueprints:
              - blueprints/*.json
            providers:
              - name: Local
                format: json
                path: providers/local.json
                writable: true
              - name: Targeting
                format: flagd
                path: providers/flagd-rules.json
              - name: Device
                format: json
                path: providers/device.json

            """.utf8
        ).write(to: config)
        try? FileManager.default.removeItem(at: rules.folder.appendingPathComponent("providers/local.json"))
        var session = BrowserSession(
            workspaceFile: config, environment: [:], width: 120, height: 40, device: "a")
        func press(_ keys: String) throws {
            for key in try KeyEvent.parse(keys) { _ = session.press(key) }
        }
        try press("/context/country<Enter>")
        guard session.state.selectedNode?.flagKey == "context/country" else {
            throw BenchError("the search for context/country found \(session.state.selection?.rawValue ?? "nothing")")
        }
        /// Seconds from `Enter` after `keys` to the frame after it, what the first frame does
        /// not need built before, as the terminal builds it before reading a key.
        func enterAfter(_ keys: String) throws -> Double {
            session.state.model.buildDeferredParts()
            try press(keys)
            return Measure.time {
                _ = session.press(.enter)
                _ = session.render()
            }
        }
        var edits: [Double] = []
        var switches: [Double] = []
        for run in 0..<runs {
            // The picker of the countries the rules list: another one each time.
            edits.append(try enterAfter("e" + (run % 2 == 0 ? "D" : "F")))
            switches.append(try enterAfter("p" + (run % 2 == 0 ? "<Down>" : "<Up>")))
            let expected = run % 2 == 0 ? "Other device" : "Bench device"
            guard session.state.model.workspace.activeDevice?.name == expected else {
                throw BenchError("the device picker did not switch to \(expected): \(session.state.status?.text ?? "")")
            }
        }
        return (Measure.median(edits), Measure.median(switches))
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
        out += "\nIn the browser (key to frame, medians; a context edit writes the file, a switch reads nothing)\n"
        var browser = [["flags", "context edit", "device switch", "switch vs edit", "goal"]]
        for figures in all {
            let goal = figures.size >= 100_000 ? 1.5 : 1.0
            browser.append(
                [
                    grouped(figures.size), milliseconds(figures.contextEdit), milliseconds(figures.deviceSwitch),
                    ratio(figures.switchRatio),
                    "≤ \(goal == 1 ? "1" : "1.5")×: " + (figures.switchRatio <= goal ? "met" : "not met"),
                ])
        }
        out += table(browser)
        return out
    }
}
