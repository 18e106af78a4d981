import FlagCore
import Foundation
import OrderedCollections

/// LaunchDarkly's SDK test harness data (`launchdarkly/server-side-eval/*.yml`), run through
/// FlagCore's LaunchDarkly reader and evaluator: every evaluation of every copy of every file
/// (``LaunchDarklyDataFile``), its value, variation index and reason each as the harness expects.
///
/// The harness hands the SDK the data after reading it with Go's SDK model (a flag's `key`
/// filled in from its entry, unknown members dropped) and asks through the typed variation
/// methods: a value of another JSON type than the type asked for (`valueType`, else the
/// default's type, the default itself taken from the flag's first variation when the case has
/// none) is the default with `WRONG_TYPE`, and an evaluation with no variation gives the default.
struct LaunchDarklySuite {
    /// The conformance data's folder.
    let directory: URL
    /// The counts so far.
    var report: ConformanceReport

    /// The folder of the harness's files.
    static let folder = "launchdarkly/server-side-eval"

    /// Runs every file, in name order.
    mutating func run() {
        let folder = directory.appendingPathComponent(Self.folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        if names.isEmpty { report.fail(Self.folder, "no data files in \(folder.path)") }
        for name in names { run(file: folder.appendingPathComponent(name)) }
    }

    private mutating func run(file: URL) {
        let path = "\(Self.folder)/\(file.lastPathComponent)"
        let copies: [LaunchDarklyDataFile.Copy]
        do {
            copies = try LaunchDarklyDataFile.copies(of: String(decoding: try Data(contentsOf: file), as: UTF8.self))
        } catch {
            report.fail(path, "cannot read: \(error)")
            return
        }
        for copy in copies {
            let suite = copy.json.object ?? [:]
            let sdkData = Self.normalised(suite["sdkData"] ?? .object([:]))
            let data: LaunchDarklyData
            do {
                data = try LaunchDarklyData.read(Array(sdkData.compactText.utf8))
            } catch {
                report.fail(path, "(\(copy.parameters)) the sdkData cannot be read: \(error)")
                continue
            }
            for evaluation in suite["evaluations"]?.arrayValue ?? [] {
                check(evaluation.object ?? [:], in: data, path: path, copy: copy)
            }
        }
    }

    private mutating func check(
        _ evaluation: OrderedDictionary<String, JSONValue>, in data: LaunchDarklyData, path: String,
        copy: LaunchDarklyDataFile.Copy
    ) {
        let flagKey = evaluation["flagKey"]?.stringValue ?? ""
        let context = evaluation["context"] ?? evaluation["user"] ?? .null
        let device = EvaluationContext(attributes: LaunchDarklyContext.deviceAttributes(of: context))
        let detail = data.detail(of: flagKey, in: device)
        var defaultValue = evaluation["default"] ?? .null
        if defaultValue == .null { defaultValue = Self.inferredDefault(data.flags[flagKey]) }
        let valueType = evaluation["valueType"]?.stringValue ?? Self.valueType(of: defaultValue)
        let got = Self.answer(detail, defaultValue: defaultValue, valueType: valueType)
        let expected = Self.expected(evaluation["expect"]?.object ?? [:])
        let name = evaluation["name"]?.stringValue ?? flagKey
        if got.isLaunchDarklyEqual(to: expected) {
            report.pass(path, kind: "LaunchDarkly evaluation")
        } else {
            report.fail(
                path,
                "\(name) (\(copy.parameters)): got \(got.compactText), expected \(expected.compactText)"
                    + (detail.errorMessage.map { " [\($0)]" } ?? ""),
                kind: "LaunchDarkly evaluation")
        }
    }

    /// The data as the harness serves it: each flag's and segment's `key` is its entry's.
    static func normalised(_ sdkData: JSONValue) -> JSONValue {
        var data = sdkData.object ?? [:]
        for part in ["flags", "segments"] {
            guard var entries = data[part]?.object else { continue }
            for (key, value) in entries {
                guard var members = value.object else { continue }
                members["key"] = .string(key)
                if members["version"] == nil { members["version"] = .int(1) }
                entries[key] = .object(members)
            }
            data[part] = .object(entries)
        }
        return .object(data)
    }

    /// The default the harness takes for a case without one: of the first variation's type.
    static func inferredDefault(_ flag: LaunchDarklyFlag?) -> JSONValue {
        switch flag?.variations.first {
        case .bool?: return .bool(false)
        case .int?, .double?: return .int(0)
        case .string?: return .string("")
        default: return .null
        }
    }

    /// The variation method a default asks through.
    static func valueType(of defaultValue: JSONValue) -> String {
        switch defaultValue {
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "double"
        case .string: return "string"
        default: return "any"
        }
    }

    /// What the SDK's typed variation method answers: `value`, `variationIndex`, `reason`.
    static func answer(_ detail: LaunchDarklyDetail, defaultValue: JSONValue, valueType: String) -> JSONValue {
        guard let value = detail.value, let index = detail.variationIndex else {
            return .object(["value": defaultValue, "reason": detail.sourceReason.json])
        }
        let fits: Bool
        switch valueType {
        case "bool": if case .bool = value { fits = true } else { fits = false }
        case "int", "double": fits = value.launchDarklyNumber != nil
        case "string": fits = value.stringValue != nil
        default: fits = true
        }
        guard fits else {
            return .object([
                "value": defaultValue, "reason": LaunchDarklyReason.error(.wrongType).sourceReason().json,
            ])
        }
        return .object(["value": value, "variationIndex": .int(index), "reason": detail.sourceReason.json])
    }

    /// The expectation, with `inExperiment: false` written out left out (it is the same as none).
    static func expected(_ expect: OrderedDictionary<String, JSONValue>) -> JSONValue {
        var members: [(String, JSONValue)] = [("value", expect["value"] ?? .null)]
        if let index = expect["variationIndex"], index != .null { members.append(("variationIndex", index)) }
        var reason = expect["reason"]?.object ?? [:]
        if reason["inExperiment"] == .bool(false) { reason.removeValue(forKey: "inExperiment") }
        members.append(("reason", .object(reason)))
        return .object(.init(members, uniquingKeysWith: { first, _ in first }))
    }
}
