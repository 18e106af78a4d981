import FlagCore
import Foundation

/// `--differential`: answers the cases `Scripts/differential` writes to standard input, one JSON
/// line each, with one JSON line each, in order, so another engine's answers can be compared
/// with Flagscope's case by case. A case is
///
/// - `{"kind": "flagd", "flags": {…a flagd file…}, "contexts": [{"targetingKey", "context"}],
///   "queries": [{"flag", "type", "default"}]}`: each query for each context, answered as
///   `--evaluate` answers one (`value`, `variant`, `reason`, `errorCode`);
/// - `{"kind": "unleash", "state": {…a client payload…}, "contexts": [{…an Unleash context…}],
///   "toggles": [names]}`: each toggle for each context, `{"enabled", "variant"}` with the
///   variant as the client specification writes one;
/// - `{"kind": "firebase", "template": {…a Remote Config template…}, "contexts": [{attributes}],
///   "parameters": [names]}`: each parameter for each context, `{"value"}` (its text, or `null`
///   when the app's own default decides) or `{"error"}`;
/// - `{"kind": "launchdarkly", …}`: see ``LaunchDarklyDifferential``.
///
/// The answer is `{"answers": [[…one per query or toggle…] per context]}`, or `{"error": …}`
/// when the definitions cannot be read at all.
enum DifferentialMode {
    static func run() -> Int32 {
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            // Written whole and at once: the script reads each answer before it sends the next case.
            FileHandle.standardOutput.write(Data((answer(line).compactText + "\n").utf8))
        }
        return 0
    }

    /// A parameter's value as text (`null`: the app's own default decides), or the error.
    private static func firebaseAnswer(_ parameter: FirebaseTemplate.Parameter?, _ device: EvaluationContext)
        -> JSONValue
    {
        guard let parameter else { return .object(["error": .string("no such parameter")]) }
        switch parameter.rules.evaluate(in: device, tracing: false).result {
        case .value(let raw): return .object(["value": .string(raw.json.stringValue ?? raw.json.compactText)])
        case .unset: return .object(["value": .null])
        case .error(let message): return .object(["error": .string(message)])
        }
    }

    static func answer(_ line: String) -> JSONValue {
        do {
            let item = JSONValue(try JSONReader.parse(Array(line.utf8)))
            let fields = item.object ?? [:]
            let contexts = fields["contexts"]?.arrayValue ?? []
            switch fields["kind"]?.stringValue {
            case "flagd":
                let document = try FlagdDocument.read(Array((fields["flags"] ?? .null).compactText.utf8))
                let queries = fields["queries"]?.arrayValue ?? []
                let now = Date()
                return .object([
                    "answers": .array(
                        contexts.map { context in
                            .array(
                                queries.map { query in
                                    var request = Dictionary(uniqueKeysWithValues: Array(query.object ?? [:]))
                                    request["context"] = context.object?["context"] ?? .object([:])
                                    request["targetingKey"] = context.object?["targetingKey"] ?? .null
                                    let answer = EvaluateMode.answer(request, in: document, now: now)
                                    return .object(.init(uniqueKeysWithValues: answer.sorted { $0.key < $1.key }))
                                })
                        })
                ])
            case "unleash":
                let features = try UnleashDocument.read(Array((fields["state"] ?? .null).compactText.utf8)).features
                let toggles = (fields["toggles"]?.arrayValue ?? []).compactMap(\.stringValue)
                return .object([
                    "answers": .array(
                        contexts.map { context in
                            let context = UnleashSuite.context(context)
                            return .array(
                                toggles.map { name in
                                    let answer = features.evaluate(name, in: context)
                                    return .object([
                                        "enabled": .bool(answer.enabled),
                                        "variant": UnleashSuite.json(of: answer.variant),
                                    ])
                                })
                        })
                ])
            case "firebase":
                let template = try FirebaseTemplate.read(Array((fields["template"] ?? .null).compactText.utf8))
                let names = (fields["parameters"]?.arrayValue ?? []).compactMap(\.stringValue)
                return .object([
                    "answers": .array(
                        contexts.map { context in
                            var attributes: [String: JSONValue] = [:]
                            for (name, value) in context.object ?? [:] { attributes[name] = value }
                            let device = EvaluationContext(attributes: attributes)
                            return .array(names.map { name in Self.firebaseAnswer(template.parameters[name], device) })
                        })
                ])
            case "growthbook":
                return try GrowthBookDifferential.answer(Dictionary(uniqueKeysWithValues: Array(fields)))
            case "launchdarkly":
                return try LaunchDarklyDifferential.answer(fields)
            default:
                return .object(["error": .string("a case's kind is flagd, unleash, firebase, growthbook or launchdarkly")])
            }
        } catch {
            return .object(["error": .string("\(error)")])
        }
    }
}
