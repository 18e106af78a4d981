import FlagCore
import Foundation

/// GrowthBook's shared SDK test cases (`growthbook/cases.json`, spec 0.8.0), run through
/// FlagCore's GrowthBook engine: every case of `evalCondition`, `hash`, `getBucketRange`,
/// `chooseVariation`, `inNamespace`, `getEqualWeights`, `decrypt`, `feature`, `run` (the
/// experiment as a feature's only rule) and `stickyBucket` is one check, except those that need
/// an SDK option a provider file has no place for, which are counted as skipped with the reason.
struct GrowthBookSuite {
    let directory: URL
    var report: ConformanceReport
    /// Where the cases are, inside the conformance folder.
    static let path = "growthbook/cases.json"

    /// The kinds of check, as the report counts them.
    static let kinds = [
        "evalCondition", "hash", "getBucketRange", "chooseVariation", "inNamespace", "getEqualWeights", "decrypt",
        "feature", "run", "stickyBucket",
    ].map { "GrowthBook " + $0 }

    /// Runs every in-scope case.
    mutating func run() {
        let file = directory.appendingPathComponent(Self.path)
        let cases: [String: JSONValue]
        do {
            cases =
                JSONValue(try JSONReader.parse(Array(try Data(contentsOf: file)))).object.map {
                    Dictionary(uniqueKeysWithValues: Array($0))
                } ?? [:]
        } catch {
            report.fail(Self.path, "cannot read: \(error)")
            return
        }
        func rows(_ name: String) -> [[JSONValue]] {
            (cases[name]?.arrayValue ?? []).map { $0.arrayValue ?? [] }
        }
        for row in rows("evalCondition") { condition(row) }
        for row in rows("hash") { hash(row) }
        for row in rows("getBucketRange") { bucketRange(row) }
        for row in rows("chooseVariation") { chooseVariation(row) }
        for row in rows("inNamespace") { inNamespace(row) }
        for row in rows("getEqualWeights") { equalWeights(row) }
        for row in rows("decrypt") { decrypt(row) }
        var skipped: [String: Int] = [:]
        for row in rows("feature") {
            if let why = Self.outOfScope(row[safe: 1]) {
                skipped["feature: " + why, default: 0] += 1
            } else {
                feature(row)
            }
        }
        for row in rows("run") {
            if let why = Self.outOfScope(row[safe: 1], experiment: row[safe: 2]) {
                skipped["run: " + why, default: 0] += 1
            } else {
                run(row)
            }
        }
        for row in rows("stickyBucket") { stickyBucket(row) }
        for (why, count) in skipped.sorted(by: { $0.key < $1.key }) { report.skip(Self.path, why, rows: count) }
        for name in ["getQueryStringOverride", "urlRedirect", "contextualBandit"] {
            let count = rows(name).count
            if count > 0 {
                report.skip(
                    Self.path, "\(name): about a web page's URL or a bandit service's answer, out of scope", rows: count
                )
            }
        }
    }

    /// Why a case needs what a provider file cannot say, or `nil` when it is in scope.
    static func outOfScope(_ context: JSONValue?, experiment: JSONValue? = nil) -> String? {
        let fields = context?.object ?? [:]
        for option in ["url", "qaMode", "forcedVariations", "enabled"] where fields[option] != nil {
            return "needs the SDK option \(option), which a provider file has no place for"
        }
        if let experiment = experiment?.object, experiment["force"] != nil || experiment["active"] != nil {
            return "an inline experiment's own force or active, which a feature rule does not carry"
        }
        if fields["contextualBandits"] != nil
            || (fields["features"]?.compactText.contains("contextualBanditRef") ?? false)
        {
            return "a contextual bandit's answer"
        }
        return nil
    }

    // MARK: Checks

    mutating func check(_ kind: String, _ name: String, _ passed: Bool, _ detail: @autoclosure () -> String) {
        if passed {
            report.pass(Self.path, kind: "GrowthBook " + kind)
        } else {
            report.fail(Self.path, "\(kind) \"\(name)\": \(detail())", kind: "GrowthBook " + kind)
        }
    }

    private mutating func condition(_ row: [JSONValue]) {
        let name = row[safe: 0]?.stringValue ?? "?"
        let payload: JSONValue = .object([
            "features": .object([
                "condition": .object([
                    "defaultValue": .bool(false),
                    "rules": .array([.object(["condition": row[safe: 1] ?? .null, "force": .bool(true)])]),
                ])
            ]),
            "savedGroups": row[safe: 4] ?? .object([:]),
        ])
        let outcome = Self.evaluate(payload, key: "condition", attributes: row[safe: 2])
        let got = outcome?.value ?? .bool(false)
        check(
            "evalCondition", name, got == row[safe: 3],
            "gives \(got.compactText), expected \(row[safe: 3]?.compactText ?? "?")")
    }

    private mutating func hash(_ row: [JSONValue]) {
        let got = GrowthBookBucketing.hash(
            seed: row[safe: 0]?.stringValue ?? "", value: row[safe: 1]?.stringValue ?? "",
            version: Self.number(row[safe: 2]) ?? 0)
        let expected = Self.number(row[safe: 3])
        let same = got.map { value in expected.map { abs($0 - value) < 1e-9 } ?? false } ?? (expected == nil)
        check("hash", row.map(\.compactText).joined(separator: ", "), same, "gives \(got.map { "\($0)" } ?? "null")")
    }

    private mutating func bucketRange(_ row: [JSONValue]) {
        let arguments = row[safe: 1]?.arrayValue ?? []
        let weights = arguments[safe: 2]?.arrayValue?.compactMap(Self.number)
        let got = GrowthBookBucketing.bucketRanges(
            count: Int(Self.number(arguments[safe: 0]) ?? 0), coverage: Self.number(arguments[safe: 1]),
            weights: weights)
        let expected = Self.ranges(row[safe: 2])
        let same =
            got.count == expected.count
            && zip(got, expected).allSatisfy { abs($0.start - $1.start) < 1e-6 && abs($0.end - $1.end) < 1e-6 }
        check("getBucketRange", row[safe: 0]?.stringValue ?? "?", same, "gives \(got.map { [$0.start, $0.end] })")
    }

    private mutating func chooseVariation(_ row: [JSONValue]) {
        let got =
            GrowthBookBucketing.chooseVariation(Self.number(row[safe: 1]) ?? 0, ranges: Self.ranges(row[safe: 2])) ?? -1
        let expected = Int(Self.number(row[safe: 3]) ?? -99)
        check(
            "chooseVariation", row[safe: 0]?.stringValue ?? "?", got == expected, "gives \(got), expected \(expected)")
    }

    private mutating func inNamespace(_ row: [JSONValue]) {
        let namespace = row[safe: 2]?.arrayValue ?? []
        let got = GrowthBookBucketing.inNamespace(
            row[safe: 1]?.stringValue ?? "",
            GrowthBookNamespace(
                id: namespace[safe: 0]?.stringValue ?? "", start: Self.number(namespace[safe: 1]) ?? 0,
                end: Self.number(namespace[safe: 2]) ?? 0))
        check("inNamespace", row[safe: 0]?.stringValue ?? "?", .bool(got) == row[safe: 3], "gives \(got)")
    }

    private mutating func equalWeights(_ row: [JSONValue]) {
        let got = GrowthBookBucketing.equalWeights(Int(Self.number(row[safe: 0]) ?? 0))
        let expected = row[safe: 1]?.arrayValue?.compactMap(Self.number) ?? []
        let same = got.count == expected.count && zip(got, expected).allSatisfy { abs($0 - $1) < 1e-6 }
        check("getEqualWeights", row[safe: 0]?.compactText ?? "?", same, "gives \(got)")
    }

    private mutating func decrypt(_ row: [JSONValue]) {
        let got = try? GrowthBookDecryption.decrypt(
            row[safe: 1]?.stringValue ?? "", key: row[safe: 2]?.stringValue ?? "")
        let expected = row[safe: 3]?.stringValue
        check("decrypt", row[safe: 0]?.stringValue ?? "?", got == expected, "gives \(got ?? "an error")")
    }
}

extension Array {
    /// The item at `index`, or `nil` past the end.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
