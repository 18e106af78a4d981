import FlagCore
import Foundation
import OrderedCollections

/// `--differential` for a `flagd` case: `{"kind": "flagd", "flags": {…a flagd file…}, "contexts":
/// [{"targetingKey", "context"}], "queries": [{"flag", "type", "default"}]}`, each query for each
/// context answered as `--evaluate` answers one (`value`, `variant`, `reason`, `errorCode`).
enum FlagdDifferential: DifferentialKind {
    static let format = ProviderFormat.flagd

    static func answer(_ fields: OrderedDictionary<String, JSONValue>) throws -> JSONValue {
        let contexts = fields["contexts"]?.arrayValue ?? []
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
    }
}
