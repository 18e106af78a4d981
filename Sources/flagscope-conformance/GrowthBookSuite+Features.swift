import FlagCore
import Foundation
import OrderedCollections

/// The `feature`, `run` and `stickyBucket` cases: a payload read by the GrowthBook reader, one
/// feature evaluated for the case's attributes, and the SDK's result compared field by field.
extension GrowthBookSuite {
    /// The result of `key` in `payload` for `attributes`: `nil` when the payload cannot be read or
    /// the rules fail.
    static func evaluate(
        _ payload: JSONValue, key: String, attributes: JSONValue?, stickyBuckets: GrowthBookStickyBuckets? = nil
    ) -> GrowthBookResult? {
        guard let read = try? GrowthBookPayload.read(Array(payload.compactText.utf8)) else { return nil }
        let rules = read.rules(for: key, stickyBuckets: stickyBuckets)
        guard case .success(let result) = rules.result(in: device(attributes), tracing: false).result else {
            return nil
        }
        return result
    }

    /// The device whose attributes are these.
    static func device(_ attributes: JSONValue?) -> EvaluationContext {
        var values: [String: JSONValue] = [:]
        for (name, value) in attributes?.object ?? [:] { values[name] = value }
        return EvaluationContext(attributes: values)
    }

    /// The payload a case's context describes.
    static func payload(_ context: JSONValue?, extra: (key: String, feature: JSONValue)? = nil) -> JSONValue {
        var features = context?.object?["features"]?.object ?? [:]
        if let extra { features[extra.key] = extra.feature }
        var payload: OrderedDictionary<String, JSONValue> = ["features": .object(features)]
        if let groups = context?.object?["savedGroups"] { payload["savedGroups"] = groups }
        return .object(payload)
    }

    mutating func feature(_ row: [JSONValue]) {
        let name = row[safe: 0]?.stringValue ?? "?"
        let context = row[safe: 1]
        let key = row[safe: 2]?.stringValue ?? ""
        let expected = Dictionary(uniqueKeysWithValues: Array(row[safe: 3]?.object ?? [:]))
        guard let result = Self.evaluate(Self.payload(context), key: key, attributes: context?.object?["attributes"])
        else {
            check("feature", name, false, "the payload could not be read or evaluated")
            return
        }
        var differences = Self.differences(result, expected)
        if let experiment = expected["experimentResult"] {
            differences += Self.experimentDifferences(result.experiment, experiment)
        }
        check("feature", name, differences.isEmpty, differences.joined(separator: "; "))
    }

    mutating func run(_ row: [JSONValue]) {
        let name = row[safe: 0]?.stringValue ?? "?"
        let context = row[safe: 1]
        let key = "conformance-run-experiment"
        let feature: JSONValue = .object(["rules": .array([row[safe: 2] ?? .null])])
        let payload = Self.payload(context, extra: (key, feature))
        guard let result = Self.evaluate(payload, key: key, attributes: context?.object?["attributes"]) else {
            check("run", name, false, "the payload could not be read or evaluated")
            return
        }
        let inExperiment = row[safe: 4] == .bool(true)
        var differences: [String] = []
        if (result.source == .experiment) != inExperiment {
            differences.append("inExperiment is \(result.source == .experiment), expected \(inExperiment)")
        }
        if inExperiment, result.value ?? .null != row[safe: 3] {
            differences.append(
                "value is \((result.value ?? .null).compactText), expected \(row[safe: 3]?.compactText ?? "?")")
        }
        let hashUsed = result.experiment?.hashUsed ?? false
        if hashUsed != (row[safe: 5] == .bool(true)) { differences.append("hashUsed is \(hashUsed)") }
        check("run", name, differences.isEmpty, differences.joined(separator: "; "))
    }

    mutating func stickyBucket(_ row: [JSONValue]) {
        let name = row[safe: 0]?.stringValue ?? "?"
        let context = row[safe: 1]
        var documents: [GrowthBookStickyBucketDocument] = []
        let given =
            (context?.object?["stickyBucketAssignmentDocs"]?.object?.values.map { $0 } ?? [])
            + (row[safe: 2]?.arrayValue ?? [])
        for item in given { if let document = Self.document(item) { documents.append(document) } }
        let buckets = GrowthBookStickyBuckets(documents: documents)
        let key = row[safe: 3]?.stringValue ?? ""
        guard
            let result = Self.evaluate(
                Self.payload(context), key: key, attributes: context?.object?["attributes"], stickyBuckets: buckets)
        else {
            check("stickyBucket", name, false, "the payload could not be read or evaluated")
            return
        }
        var differences: [String] = []
        if let expected = row[safe: 4], expected != .null {
            if result.source != .experiment {
                differences.append("source is \(result.source.rawValue), expected experiment")
            }
            differences += Self.experimentDifferences(result.experiment, expected)
        } else if result.source == .experiment {
            differences.append("in the experiment, expected not")
        }
        let saved = result.experiment?.stickyAssignment.map { buckets.saving($0) } ?? buckets
        // The SDK holds the documents of the device's own identifiers only (its sticky bucket
        // service is asked for those), and the case lists what it holds after evaluating.
        let own = Self.identifierKeys(context)
        let got = Self.sortedJSON(.object(saved.documents.filter { own.contains($0.key) }.mapValues(Self.json)))
        let expectedDocuments = Self.sortedJSON(row[safe: 5] ?? .object([:]))
        if got != expectedDocuments { differences.append("documents are \(got.compactText)") }
        check("stickyBucket", name, differences.isEmpty, differences.joined(separator: "; "))
    }

    /// `attribute||value` of every attribute the payload's experiments hash or fall back to, with
    /// the device's value of each, as the SDK asks its sticky bucket service for them.
    static func identifierKeys(_ context: JSONValue?) -> Set<String> {
        let attributes = context?.object?["attributes"]?.object ?? [:]
        var names: [String] = []
        for feature in (context?.object?["features"]?.object).map({ Array($0.values) }) ?? [] {
            for rule in feature.object?["rules"]?.arrayValue ?? [] where rule.object?["variations"] != nil {
                names.append(rule.object?["hashAttribute"]?.stringValue ?? "id")
                if let fallback = rule.object?["fallbackAttribute"]?.stringValue { names.append(fallback) }
            }
        }
        return Set(
            names.map { name in
                let value = attributes[name]
                let text = value?.stringValue ?? (truthy(value ?? .null) ? (value?.compactText ?? "") : "")
                return name + "||" + text
            })
    }

    // MARK: Comparing

    private static func differences(_ result: GrowthBookResult, _ expected: [String: JSONValue]) -> [String] {
        var differences: [String] = []
        let value = result.value ?? .null
        if let wanted = expected["value"], value != wanted {
            differences.append("value is \(value.compactText), expected \(wanted.compactText)")
        }
        let truthy = Self.truthy(value)
        if let on = expected["on"], on != .bool(truthy) { differences.append("on is \(truthy)") }
        if let off = expected["off"], off != .bool(!truthy) { differences.append("off is \(!truthy)") }
        if let source = expected["source"], source != .string(result.source.rawValue) {
            differences.append("source is \(result.source.rawValue), expected \(source.compactText)")
        }
        if let ruleId = expected["ruleId"], ruleId != .string(result.ruleId) {
            differences.append("ruleId is \"\(result.ruleId)\", expected \(ruleId.compactText)")
        }
        return differences
    }

    private static func experimentDifferences(_ got: GrowthBookExperimentResult?, _ expected: JSONValue) -> [String] {
        guard let got else { return ["no experiment result"] }
        var actual: [String: JSONValue] = [
            "variationId": .int(got.variationId), "key": .string(got.key), "value": got.value,
            "inExperiment": .bool(got.inExperiment), "hashUsed": .bool(got.hashUsed),
            "hashAttribute": .string(got.hashAttribute), "hashValue": got.hashValue ?? .null,
            "stickyBucketUsed": .bool(got.stickyBucketUsed),
        ]
        if let name = got.name { actual["name"] = .string(name) }
        if let bucket = got.bucket { actual["bucket"] = .double(bucket) }
        var differences: [String] = []
        for (field, wanted) in expected.object ?? [:] where field != "featureId" {
            let mine = actual[field] ?? .null
            if field == "bucket", let a = Self.number(mine), let b = Self.number(wanted), abs(a - b) < 1e-9 { continue }
            if Self.number(mine) != nil, Self.number(mine) == Self.number(wanted) { continue }
            if mine != wanted {
                differences.append("experimentResult.\(field) is \(mine.compactText), expected \(wanted.compactText)")
            }
        }
        return differences
    }

    static func document(_ json: JSONValue) -> GrowthBookStickyBucketDocument? {
        guard let fields = json.object, let name = fields["attributeName"]?.stringValue,
            let value = fields["attributeValue"]?.stringValue
        else { return nil }
        var assignments = OrderedDictionary<String, String>()
        for (key, variation) in fields["assignments"]?.object ?? [:] { assignments[key] = variation.stringValue ?? "" }
        return GrowthBookStickyBucketDocument(attributeName: name, attributeValue: value, assignments: assignments)
    }

    static func json(_ document: GrowthBookStickyBucketDocument) -> JSONValue {
        .object([
            "attributeName": .string(document.attributeName), "attributeValue": .string(document.attributeValue),
            "assignments": .object(document.assignments.mapValues { .string($0) }),
        ])
    }

    /// The value with every object's members in key order, to compare objects whatever their order.
    static func sortedJSON(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                OrderedDictionary(
                    uniqueKeysWithValues: members.sorted { $0.key < $1.key }.map { ($0.key, sortedJSON($0.value)) }))
        case .array(let items): return .array(items.map(sortedJSON))
        default: return value
        }
    }

    static func truthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .double(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        case .array, .object: return true
        }
    }

    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    static func ranges(_ value: JSONValue?) -> [GrowthBookRange] {
        (value?.arrayValue ?? []).map { pair in
            let bounds = pair.arrayValue ?? []
            return GrowthBookRange(start: number(bounds[safe: 0]) ?? 0, end: number(bounds[safe: 1]) ?? 0)
        }
    }
}
