import FlagCore
import Foundation

/// A flag set as flagd's evaluator reads it, and as a `flagd` provider keeps it.
struct FlagSet {
    /// The definitions by key.
    var definitions: [String: FlagdFlag] = [:]
    /// The provider entries by key: what the resolver decides a layer from.
    var entries = ProviderEntries()
}

/// One scenario's run: the steps build a flag request and a context, evaluate, and check.
struct ScenarioRun {
    let flags: FlagSet
    var flagKey = ""
    var flagType = "String"
    var codeDefault = ""
    var attributes: [String: JSONValue] = [:]
    var result: Evaluated?

    /// What an OpenFeature SDK would hand back for the request.
    struct Evaluated {
        var value: String
        var reason: String
        var errorCode: String?
        var metadata: [String: JSONValue]
    }

    init(flags: FlagSet) {
        self.flags = flags
    }

    /// The steps the runner knows; a scenario with any other step is about a running daemon.
    static func understands(_ text: String) -> Bool {
        let known = [
            #"^an evaluator$"#, #"^a stable flagd provider$"#,
            #"^an option "cache" of type "CacheType" with value "disabled"$"#,
            #"^a \S+-flag with key ".*" and a (fallback|default) value ".*"$"#,
            #"^a context containing a key ".*", with type ".*" and with value ".*"$"#,
            #"^a context containing a targeting key with value ".*"$"#,
            #"^a context containing a nested property with outer key ".*" and inner key ".*", with value ".*"$"#,
            #"^the flag was evaluated with details$"#,
            #"^the resolved details value should be ".*"$"#, #"^the reason should be ".*"$"#,
            #"^the error-code should be ".*"$"#,
            #"^the resolved metadata should contain$"#, #"^the resolved metadata is empty$"#,
        ]
        return known.contains { text.range(of: $0, options: .regularExpression) != nil }
    }

    /// Whether a step checks something.
    static func isCheck(_ text: String) -> Bool {
        text.hasPrefix("the resolved") || text.hasPrefix("the reason") || text.hasPrefix("the error-code")
    }

    /// What a check checks, for the counts.
    static func kind(of text: String) -> String {
        if text.hasPrefix("the resolved details value") { return "value" }
        if text.hasPrefix("the reason") { return "reason" }
        if text.hasPrefix("the error-code") { return "error code" }
        return "metadata"
    }

    /// Performs a step; for a check, what did not match (`nil` when it did).
    mutating func perform(_ text: String, table: [[String]]) -> String? {
        var quoted = Self.quotedValues(text)
        // The last value runs to the last quote: it may hold quotes itself (`{\"a\": 1}`).
        if let marker = text.range(of: "value \""), text.hasSuffix("\"") {
            let last = String(text[marker.upperBound...].dropLast())
            quoted = Self.quotedValues(String(text[..<marker.lowerBound])) + [last]
        } else if let first = text.firstIndex(of: "\""), let end = text.lastIndex(of: "\""), first < end,
            Self.isCheck(text)
        {
            quoted = [String(text[text.index(after: first)..<end])]
        }
        if text.hasPrefix("a context containing a key") {
            attributes[EvaluationContext.key(forAttribute: quoted[0])] = Self.typed(quoted[2], type: quoted[1])
        } else if text.hasPrefix("a context containing a targeting key") {
            attributes[ContextKeys.prefix + "targeting_key"] = .string(quoted[0])
        } else if text.hasPrefix("a context containing a nested property") {
            let outer = ContextKeys.prefix + quoted[0]
            var members = attributes[outer]?.object ?? [:]
            members[quoted[1]] = .string(quoted[2])
            attributes[outer] = .object(members)
        } else if text.contains("-flag with key") {
            flagType = String(text.dropFirst(2).prefix { $0 != "-" })
            flagKey = quoted[0]
            codeDefault = quoted[1]
        } else if text == "the flag was evaluated with details" {
            result = evaluate()
        } else if let result, Self.isCheck(text) {
            return check(text, quoted: quoted, table: table, result: result)
        }
        return nil
    }

    private func check(_ text: String, quoted: [String], table: [[String]], result: Evaluated) -> String? {
        if text.hasPrefix("the resolved details value") {
            return Self.same(result.value, quoted[0], type: flagType)
                ? nil : "value: expected \"\(quoted[0])\", got \"\(result.value)\""
        }
        if text.hasPrefix("the reason") {
            return result.reason == quoted[0] ? nil : "reason: expected \(quoted[0]), got \(result.reason)"
        }
        if text.hasPrefix("the error-code") {
            let expected = quoted[0].isEmpty ? nil : quoted[0]
            return result.errorCode == expected
                ? nil : "error code: expected \(expected ?? "none"), got \(result.errorCode ?? "none")"
        }
        if text == "the resolved metadata is empty" {
            return result.metadata.isEmpty ? nil : "metadata: expected none, got \(result.metadata.count) entries"
        }
        for row in table.dropFirst() where row.count >= 3 {
            let expected = Self.typed(row[2], type: row[1])
            guard let actual = result.metadata[row[0]], Self.sameJSON(actual, expected) else {
                return
                    "metadata '\(row[0])': expected \(expected.compactText), got \(result.metadata[row[0]]?.compactText ?? "nothing")"
            }
        }
        return nil
    }

    /// The request evaluated as an OpenFeature SDK with flagd's in-process provider answers it.
    private func evaluate() -> Evaluated {
        guard let flag = flags.definitions[flagKey], let entry = flags.entries[flagKey] else {
            return Evaluated(value: codeDefault, reason: "ERROR", errorCode: "FLAG_NOT_FOUND", metadata: [:])
        }
        let metadata = Dictionary(uniqueKeysWithValues: flag.metadata.map { ($0.key, $0.value) })
        let context = EvaluationContext(attributes: attributes, now: Date())
        // What is checked is what the provider's layer shows (`get --json`'s "rules"), decided as
        // the resolver decides it; it must be the evaluator's own decision, trace and all.
        func layerOutcome(tracing: Bool) -> RuleOutcome? {
            ProviderFormat.flagd.outcome(of: entry, evaluatingRules: true, context: context, tracing: tracing)
        }
        guard let outcome = layerOutcome(tracing: true), outcome == flag.evaluate(in: context) else {
            return Evaluated(value: codeDefault, reason: "PROVIDER_LAYER_DIFFERS", errorCode: nil, metadata: metadata)
        }
        // Bulk resolution evaluates without steps: it must decide exactly as the traced evaluation.
        var stepless = outcome
        stepless.trace.steps = []
        guard layerOutcome(tracing: false) == stepless else {
            return Evaluated(
                value: codeDefault, reason: "UNTRACED_EVALUATION_DIFFERS", errorCode: nil, metadata: metadata)
        }
        switch outcome.result {
        case .error:
            return Evaluated(
                value: codeDefault, reason: "ERROR", errorCode: outcome.trace.errorCode ?? "GENERAL", metadata: metadata
            )
        case .unset:
            return Evaluated(
                value: codeDefault, reason: outcome.trace.reason.rawValue, errorCode: nil, metadata: metadata)
        case .value(let raw):
            guard let text = Self.text(of: raw.json, as: flagType) else {
                return Evaluated(value: codeDefault, reason: "ERROR", errorCode: "TYPE_MISMATCH", metadata: metadata)
            }
            return Evaluated(value: text, reason: outcome.trace.reason.rawValue, errorCode: nil, metadata: metadata)
        }
    }

    /// The value as the scenario writes it, when it has the requested type.
    static func text(of value: JSONValue, as type: String) -> String? {
        switch (type, value) {
        case ("Boolean", .bool(let flag)): return flag ? "true" : "false"
        case ("String", .string(let text)): return text
        case ("Integer", .int(let number)): return String(number)
        case ("Integer", .double(let number)): return String(Int(number))
        case ("Float", .int(let number)): return String(Double(number))
        case ("Float", .double(let number)): return String(number)
        case ("Object", .object): return value.serialized(pretty: false, sortedKeys: true)
        default: return nil
        }
    }

    /// A scenario's value of a given type, as JSON.
    static func typed(_ text: String, type: String) -> JSONValue {
        switch type {
        case "Integer": return Int(text).map(JSONValue.int) ?? .double(Double(text) ?? 0)
        case "Float": return .double(Double(text) ?? 0)
        case "Boolean": return .bool(text == "true")
        case "Object": return LenientJSON.parse(objectText(text)) ?? .string(text)
        default: return .string(text)
        }
    }

    private static func objectText(_ text: String) -> String { text.replacingOccurrences(of: "\\\"", with: "\"") }

    private static func same(_ actual: String, _ expected: String, type: String) -> Bool {
        switch type {
        case "Float": return Double(actual) == Double(expected)
        case "Integer": return Int(actual) == Int(expected)
        case "Object": return sameJSON(typed(actual, type: "Object"), typed(expected, type: "Object"))
        default: return actual == expected
        }
    }

    private static func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
        a.serialized(pretty: false, sortedKeys: true) == b.serialized(pretty: false, sortedKeys: true)
            || numberEqual(a, b)
    }

    private static func numberEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        func number(_ value: JSONValue) -> Double? {
            switch value {
            case .int(let int): return Double(int)
            case .double(let double): return double
            default: return nil
            }
        }
        guard let x = number(a), let y = number(b) else { return false }
        return x == y
    }

    /// The texts between double quotes, in order.
    static func quotedValues(_ text: String) -> [String] {
        var values: [String] = []
        var current: String?
        for character in text {
            if character == "\"" {
                if let value = current {
                    values.append(value)
                    current = nil
                } else {
                    current = ""
                }
            } else if current != nil {
                current!.append(character)
            }
        }
        return values
    }
}
