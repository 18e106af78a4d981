import FlagCore
import Foundation

/// The Unleash client specification, run through FlagCore's Unleash reader and evaluator (the
/// ones the `unleash` provider uses): each `tests` row (isEnabled) and each `variantTests` row
/// (the variant's name, enabled, feature_enabled and payload) is one check.
struct UnleashSuite {
    let directory: URL
    var report: ConformanceReport

    /// Runs every `specifications/NN-*.json` file, in name order.
    mutating func run() {
        let folder = directory.appendingPathComponent("unleash-client-specification/specifications")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0.first?.isNumber == true }.sorted()
        if names.isEmpty { report.fail("unleash-client-specification", "no specification files in \(folder.path)") }
        for name in names { run(file: folder.appendingPathComponent(name)) }
    }

    private mutating func run(file: URL) {
        let path = "unleash-client-specification/specifications/\(file.lastPathComponent)"
        let specification: JSONValue
        let features: UnleashFeatures
        do {
            specification = JSONValue(try JSONReader.parse(Array(try Data(contentsOf: file))))
            let state = specification.object?["state"] ?? .null
            features = try UnleashDocument.read(Array(state.compactText.utf8)).features
        } catch {
            report.fail(path, "cannot read: \(error)")
            return
        }
        for test in specification.object?["tests"]?.arrayValue ?? [] {
            let row = test.object ?? [:]
            let toggle = row["toggleName"]?.stringValue ?? ""
            let expected = row["expectedResult"]
            let enabled = features.evaluate(toggle, in: Self.context(row["context"])).enabled
            if expected == .bool(enabled) {
                report.pass(path, kind: "isEnabled")
            } else {
                report.fail(
                    path,
                    "\(row["description"]?.stringValue ?? toggle): isEnabled is \(enabled), expected \(expected?.compactText ?? "?")",
                    kind: "isEnabled")
            }
        }
        for test in specification.object?["variantTests"]?.arrayValue ?? [] {
            let row = test.object ?? [:]
            let toggle = row["toggleName"]?.stringValue ?? ""
            let expected = row["expectedResult"] ?? .null
            let variant = features.evaluate(toggle, in: Self.context(row["context"])).variant
            let got = Self.json(of: variant)
            if Self.sameVariant(got, expected) {
                report.pass(path, kind: "variant")
            } else {
                report.fail(
                    path,
                    "\(row["description"]?.stringValue ?? toggle): variant is \(got.compactText), expected \(expected.compactText)",
                    kind: "variant")
            }
        }
    }

    /// The specification's context as Flagscope's: the standard fields and the `properties`
    /// both become `context/<name>` (docs/rules.md).
    static func context(_ json: JSONValue?) -> EvaluationContext {
        var attributes: [String: JSONValue] = [:]
        for (key, value) in json?.object ?? [:] where key != "properties" { attributes[key] = value }
        for (key, value) in json?.object?["properties"]?.object ?? [:] { attributes[key] = value }
        return EvaluationContext(attributes: attributes)
    }

    /// A variant as the specification writes one.
    static func json(of variant: UnleashVariantResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(variant.name)), ("enabled", .bool(variant.enabled)),
            ("feature_enabled", .bool(variant.featureEnabled)),
        ]
        if let payload = variant.payload {
            members.append(("payload", .object(["type": .string(payload.type), "value": .string(payload.value)])))
        }
        return .object(.init(uniqueKeysWithValues: members))
    }

    /// Equal name, enabled, feature_enabled and payload (key order aside).
    static func sameVariant(_ a: JSONValue, _ b: JSONValue) -> Bool {
        let fields = ["name", "enabled", "feature_enabled", "payload"]
        return fields.allSatisfy { a.object?[$0] == b.object?[$0] }
    }
}
