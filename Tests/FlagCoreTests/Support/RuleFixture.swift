import Foundation
import Testing

@testable import FlagCore

/// Rules written as JSON text, compiled and evaluated the way a flagd provider's are (or in
/// another JsonLogic dialect, when one is given).
enum RuleFixture {
    /// A fixed clock (2026-01-02T03:04:05Z), so rules that read the time give one answer.
    static let now = Date(timeIntervalSince1970: 1_767_323_045)

    /// A context from a JSON object of attributes (`{"email": "a@b.c", "user": {"id": 1}}`).
    static func context(_ attributes: String = "{}", now: Date = now) throws -> EvaluationContext {
        let value = JSONValue(try JSONReader.parse(attributes))
        return EvaluationContext(
            attributes: Dictionary(uniqueKeysWithValues: (value.object ?? [:]).map { ($0.key, $0.value) }), now: now)
    }

    /// The value JsonLogic `rule` gives for `attributes` in `dialect`, flagd's unless said (a
    /// thrown error: the evaluator fails).
    static func result(
        _ rule: String, _ attributes: String = "{}", flagKey: String = "flag", dialect: JsonLogicDialect = .flagd
    ) throws -> LogicValue {
        var compiler = JsonLogicCompiler(evaluators: [:], dialect: dialect)
        let compiled = compiler.compile(try JSONReader.parse(rule))
        var evaluation = JsonLogicEvaluation(flagKey: flagKey, context: try context(attributes), dialect: dialect)
        return try evaluation.evaluate(compiled, LogicScope(data: .context))
    }

    /// A value written as JSON, as rules see it.
    static func value(_ json: String) throws -> LogicValue {
        LogicValue(JSONValue(try JSONReader.parse(json)))
    }

    /// The one flag of a flagd file holding `definition` under `key`.
    static func flag(_ definition: String, key: String = "flag", evaluators: String = "{}") throws -> FlagdFlag {
        let document = try FlagdDocument.read(
            Array(#"{"flags": {"\#(key)": \#(definition)}, "$evaluators": \#(evaluators)}"#.utf8))
        return try #require(document.flags[key])
    }

    /// What a flag with `targeting` over `variants` gives for `attributes`.
    static func outcome(
        targeting: String, variants: String = #"{"on": "on", "off": "off"}"#, defaultVariant: String? = "off",
        attributes: String = "{}", key: String = "flag"
    ) throws -> RuleOutcome {
        let defaultText = defaultVariant.map { "\"\($0)\"" } ?? "null"
        let flag = try flag(
            #"{"state": "ENABLED", "variants": \#(variants), "defaultVariant": \#(defaultText), "targeting": \#(targeting)}"#,
            key: key)
        return flag.evaluate(in: try context(attributes))
    }
}
