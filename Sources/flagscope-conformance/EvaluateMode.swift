import FlagCore
import Foundation

/// `--evaluate FLAGS CASES`: evaluates each case of CASES (a JSON list of `{"flag", "type",
/// "default", "context", "targetingKey"}`) against the flagd file FLAGS and prints one JSON line
/// per case (`value`, `variant`, `reason`, `errorCode`, and `errorMessage` on an error), as an OpenFeature client would see it:
/// what is compared, case by case, with another flagd evaluator's answers.
enum EvaluateMode {
    static func run(flags: String, cases: String) -> Int32 {
        do {
            let document = try FlagdDocument.read(Array(try Data(contentsOf: URL(fileURLWithPath: flags))))
            guard
                case .array(let list) = JSONValue(
                    try JSONReader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: cases)))))
            else {
                print("the cases file is a JSON list")
                return 1
            }
            for (index, item) in list.enumerated() {
                guard case .object(let fields) = item, fields["flag"]?.stringValue != nil else { continue }
                var answer = self.answer(Dictionary(uniqueKeysWithValues: Array(fields)), in: document, now: Date())
                answer["case"] = .int(index)
                print(JSONValue.object(.init(uniqueKeysWithValues: answer.sorted { $0.key < $1.key })).compactText)
            }
            return 0
        } catch {
            print("cannot evaluate: \(error)")
            return 1
        }
    }

    /// One case (`flag`, `type`, `default`, `context`, `targetingKey`) as an OpenFeature client
    /// resolves it: `flag`, `value`, `variant`, `reason` and `errorCode`.
    static func answer(_ fields: [String: JSONValue], in document: FlagdDocument, now: Date) -> [String: JSONValue] {
        let key = fields["flag"]?.stringValue ?? ""
        let fallback = fields["default"] ?? .null
        var attributes: [String: JSONValue] = [:]
        for (name, value) in fields["context"]?.object ?? [:] { attributes[name] = value }
        if case .string(let targetingKey)? = fields["targetingKey"] {
            attributes["targeting_key"] = .string(targetingKey)
        }
        var answer: [String: JSONValue] = ["flag": .string(key)]
        guard let flag = document.flags[key] else {
            return answer.merging([
                "reason": .string("ERROR"), "errorCode": .string("FLAG_NOT_FOUND"), "value": fallback,
                "variant": .null,
            ]) { $1 }
        }
        let outcome = flag.evaluate(in: EvaluationContext(attributes: attributes, now: now), tracing: false)
        answer["reason"] = .string(outcome.trace.reason.rawValue)
        answer["variant"] = outcome.trace.variant.map(JSONValue.string) ?? .null
        answer["errorCode"] = outcome.trace.errorCode.map(JSONValue.string) ?? .null
        if let message = outcome.trace.errorMessage { answer["errorMessage"] = .string(message) }
        let typeName = fields["type"]?.stringValue?.capitalized ?? "Object"
        switch outcome.result {
        case .value(let raw) where ScenarioRun.text(of: raw.json, as: typeName) == nil:
            answer.merge([
                "reason": .string("ERROR"), "errorCode": .string("TYPE_MISMATCH"), "value": fallback,
                "variant": .null,
            ]) { $1 }
        case .value(let raw): answer["value"] = raw.json
        case .unset, .error:
            answer["value"] = fallback
            answer["variant"] = .null
        }
        return answer
    }
}
