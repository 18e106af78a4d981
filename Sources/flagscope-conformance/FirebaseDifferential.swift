import FlagCore
import Foundation
import OrderedCollections

/// `--differential` for a `firebase` case: `{"kind": "firebase", "template": {…a Remote Config
/// template…}, "contexts": [{attributes}], "parameters": [names]}`, each parameter for each
/// context answered `{"value"}` (its text, or `null` when the app's own default decides) or
/// `{"error"}`.
enum FirebaseDifferential: DifferentialKind {
    static let format = ProviderFormat.firebase

    static func answer(_ fields: OrderedDictionary<String, JSONValue>) throws -> JSONValue {
        let contexts = fields["contexts"]?.arrayValue ?? []
        let template = try FirebaseTemplate.read(Array((fields["template"] ?? .null).compactText.utf8))
        let names = (fields["parameters"]?.arrayValue ?? []).compactMap(\.stringValue)
        return .object([
            "answers": .array(
                contexts.map { context in
                    var attributes: [String: JSONValue] = [:]
                    for (name, value) in context.object ?? [:] { attributes[name] = value }
                    let device = EvaluationContext(attributes: attributes)
                    return .array(names.map { name in Self.parameterAnswer(template.parameters[name], device) })
                })
        ])
    }

    /// A parameter's value as text (`null`: the app's own default decides), or the error.
    private static func parameterAnswer(_ parameter: FirebaseTemplate.Parameter?, _ device: EvaluationContext)
        -> JSONValue
    {
        guard let parameter else { return .object(["error": .string("no such parameter")]) }
        switch parameter.rules.evaluate(in: device, tracing: false).result {
        case .value(let raw): return .object(["value": .string(raw.json.stringValue ?? raw.json.compactText)])
        case .unset: return .object(["value": .null])
        case .error(let message): return .object(["error": .string(message)])
        }
    }

}
