import FlagCore
import OrderedCollections

/// The `growthbook` kind of `--differential`: `{"kind": "growthbook", "payload": {…an SDK
/// payload…}, "contexts": [{attributes}], "keys": [feature keys]}`, each feature answered for
/// each device as the SDK's `evalFeature` reports it: `{"value", "source", "ruleId",
/// "variationId"}` (`variationId` null unless an experiment gave the value), or `{"error"}`
/// when the rules ran out of budget.
enum GrowthBookDifferential: DifferentialKind {
    static let format = ProviderFormat.growthbook

    static func answer(_ fields: OrderedDictionary<String, JSONValue>) throws -> JSONValue {
        let payload = try GrowthBookPayload.read(Array((fields["payload"] ?? .null).compactText.utf8))
        let keys = (fields["keys"]?.arrayValue ?? []).compactMap(\.stringValue)
        let contexts = fields["contexts"]?.arrayValue ?? []
        return .object([
            "answers": .array(
                contexts.map { attributes in
                    let device = GrowthBookSuite.device(attributes)
                    return .array(keys.map { key in answer(payload.rules(for: key), device) })
                })
        ])
    }

    private static func answer(_ rules: GrowthBookRules, _ device: EvaluationContext) -> JSONValue {
        switch rules.result(in: device, tracing: false).result {
        case .failure(let error):
            return .object(["error": .string(error.message)])
        case .success(let result):
            return .object([
                "value": result.value ?? .null, "source": .string(result.source.rawValue),
                "ruleId": .string(result.ruleId),
                "variationId": result.source == .experiment
                    ? result.experiment.map { .int($0.variationId) } ?? .null : .null,
            ])
        }
    }
}
