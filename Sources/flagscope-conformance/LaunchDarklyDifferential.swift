import FlagCore
import OrderedCollections

/// `--differential` for a `launchdarkly` case (`Scripts/differential-cases/launchdarkly_cases.py`):
/// `{"kind": "launchdarkly", "data": {…server-side SDK data…}, "contexts": [{…a context as the
/// SDKs take one in JSON…}], "queries": [flag keys]}`. Each flag for each context is answered as
/// the SDKs' `variation_detail` answers: `{"value", "variationIndex", "reason"}` (`value` and
/// `variationIndex` null when no variation is served).
enum LaunchDarklyDifferential: DifferentialKind {
    static let format = ProviderFormat.launchdarkly

    /// Each flag's detail for each context of the case `fields`.
    static func answer(_ fields: OrderedDictionary<String, JSONValue>) throws -> JSONValue {
        let data = try LaunchDarklyData.read(Array((fields["data"] ?? .null).compactText.utf8))
        let keys = (fields["queries"]?.arrayValue ?? []).compactMap(\.stringValue)
        let contexts = fields["contexts"]?.arrayValue ?? []
        return .object([
            "answers": .array(
                contexts.map { context in
                    let device = EvaluationContext(attributes: LaunchDarklyContext.deviceAttributes(of: context))
                    return .array(
                        keys.map { key in
                            let detail = data.detail(of: key, in: device)
                            return .object([
                                "value": detail.variationIndex == nil ? .null : (detail.value ?? .null),
                                "variationIndex": detail.variationIndex.map(JSONValue.int) ?? .null,
                                "reason": detail.sourceReason.json,
                            ])
                        })
                })
        ])
    }
}
