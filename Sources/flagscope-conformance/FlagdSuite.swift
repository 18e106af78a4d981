import FlagCore
import Foundation
import OrderedCollections

/// The flagd-testbed scenarios that concern evaluation, run through FlagCore's flagd engine
/// and checked on what a `flagd` provider's layer shows (its entries, as the resolver decides
/// them): each expected value, reason, error code and metadata entry is one check.
struct FlagdSuite {
    /// Features about a running daemon (connection, caching, events, selectors, sync, config,
    /// context enrichment) are out of scope: Flagscope evaluates files.
    static let outOfScopeFeatures: Set<String> = [
        "config.feature", "connection.feature", "events.feature", "rpc-caching.feature", "selector.feature",
        "sync-payload.feature", "contextEnrichment.feature",
    ]
    /// Scenarios tagged so are not the contract: deprecated expectations, and legacy bucketing.
    static let excludedTags: Set<String> = ["@deprecated", "@fractional-v1"]

    let directory: URL
    var report: ConformanceReport

    /// Runs the `evaluator/` suite against `evaluator/flags/testkit-flags.json` and the
    /// `gherkin/` suite against the merge of `flags/*.json` except `selector-*`.
    mutating func run() {
        let testbed = directory.appendingPathComponent("flagd-testbed")
        let suites: [(folder: String, flags: [URL])] = [
            ("evaluator/gherkin", [testbed.appendingPathComponent("evaluator/flags/testkit-flags.json")]),
            (
                "gherkin",
                files(in: testbed.appendingPathComponent("flags"), ext: "json").filter {
                    !$0.lastPathComponent.hasPrefix("selector-")
                }
            ),
        ]
        var features: [(path: String, feature: GherkinFeature, flags: FlagSet)] = []
        for suite in suites {
            // The files make one flag set, as flagd-testbed's allFlags.json does: shared
            // rules (`$evaluators`) of one file serve the flags of the others.
            var merged: [String: OrderedDictionary<String, JSONValue>] = ["flags": [:], "$evaluators": [:]]
            for file in suite.flags {
                do {
                    guard case .object(let members) = JSONValue(try JSONReader.parse(Array(try Data(contentsOf: file))))
                    else { continue }
                    for part in ["flags", "$evaluators"] {
                        for (key, value) in members[part]?.object ?? [:] { merged[part]![key] = value }
                    }
                } catch {
                    report.fail("flagd-testbed/\(suite.folder)", "cannot read \(file.lastPathComponent): \(error)")
                }
            }
            var flags = FlagSet()
            let document = Array(
                JSONValue.object([
                    "flags": .object(merged["flags"]!), "$evaluators": .object(merged["$evaluators"]!),
                ]).compactText.utf8)
            do {
                for (key, flag) in try FlagdDocument.read(document).flags { flags.definitions[key] = flag }
                flags.entries = try ProviderFormat.flagd.readAlone(document).entries
            } catch {
                report.fail("flagd-testbed/\(suite.folder)", "cannot read the merged flags: \(error)")
            }
            for file in files(in: testbed.appendingPathComponent(suite.folder), ext: "feature")
            where !Self.outOfScopeFeatures.contains(file.lastPathComponent) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                features.append(
                    ("flagd-testbed/\(suite.folder)/\(file.lastPathComponent)", GherkinParser.parse(text), flags))
            }
        }
        // The newest fractional version of each scenario, across both suites (they share flags).
        var newest: [String: Int] = [:]
        for (_, feature, _) in features {
            for scenario in feature.scenarios {
                for version in Self.fractionalVersions(scenario) {
                    newest[scenario.name] = max(newest[scenario.name] ?? 0, version)
                }
            }
        }
        for (path, feature, flags) in features {
            for scenario in feature.scenarios {
                run(scenario, in: feature, path: path, flags: flags, newestVersion: newest[scenario.name])
            }
        }
    }

    /// The fractional versions (`@fractional-vN`) a scenario or its examples carry.
    static func fractionalVersions(_ scenario: GherkinScenario) -> [Int] {
        let tags = scenario.tags.union(scenario.examples.flatMap(\.tags))
        return tags.compactMap { $0.hasPrefix("@fractional-v") ? Int($0.dropFirst("@fractional-v".count)) : nil }
    }

    private func files(in folder: URL, ext: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { folder.appendingPathComponent($0) }
    }

    private mutating func run(
        _ scenario: GherkinScenario, in feature: GherkinFeature, path: String, flags: FlagSet, newestVersion: Int?
    ) {
        let tags = feature.tags.union(scenario.tags)
        guard tags.isDisjoint(with: Self.excludedTags) else { return }
        let steps = feature.background + scenario.steps
        guard steps.allSatisfy({ ScenarioRun.understands($0.text) }) else { return }
        func version(_ tags: Set<String>) -> Int? {
            tags.compactMap { $0.hasPrefix("@fractional-v") ? Int($0.dropFirst("@fractional-v".count)) : nil }.max()
        }
        if !scenario.isOutline {
            if let own = version(tags), own != newestVersion { return }
            execute(steps, values: [:], name: scenario.name, line: scenario.line, path: path, flags: flags)
            return
        }
        for examples in scenario.examples {
            let exampleTags = tags.union(examples.tags)
            guard exampleTags.isDisjoint(with: Self.excludedTags) else { continue }
            if let own = version(exampleTags), own != newestVersion {
                report.skip(
                    path,
                    "\(scenario.name) [\(examples.name.isEmpty ? "examples" : examples.name)]: superseded by @fractional-v\(newestVersion ?? 0)",
                    rows: examples.rows.count)
                continue
            }
            for row in examples.rows {
                var values: [String: String] = [:]
                for (index, name) in examples.header.enumerated() where index < row.cells.count {
                    values[name] = row.cells[index]
                }
                execute(steps, values: values, name: scenario.name, line: row.line, path: path, flags: flags)
            }
        }
    }

    private mutating func execute(
        _ steps: [GherkinStep], values: [String: String], name: String, line: Int, path: String, flags: FlagSet
    ) {
        var run = ScenarioRun(flags: flags)
        for step in steps {
            var text = step.text
            for (key, value) in values { text = text.replacingOccurrences(of: "<\(key)>", with: value) }
            if let problem = run.perform(text, table: step.table) {
                report.fail(path, "line \(line) \(name): \(problem)", kind: ScenarioRun.kind(of: text))
            } else if ScenarioRun.isCheck(text) {
                report.pass(path, kind: ScenarioRun.kind(of: text))
            }
        }
    }
}
