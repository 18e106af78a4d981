import FlagCore
import Foundation
import OrderedCollections

/// `--differential` for an `unleash` case: `{"kind": "unleash", "state": {…a client payload…},
/// "contexts": [{…an Unleash context…}], "toggles": [names]}`, each toggle for each context
/// answered `{"enabled", "variant"}` with the variant as the client specification writes one.
enum UnleashDifferential: DifferentialKind {
    static let format = ProviderFormat.unleash

    static func answer(_ fields: OrderedDictionary<String, JSONValue>) throws -> JSONValue {
        let contexts = fields["contexts"]?.arrayValue ?? []
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
    }
}
