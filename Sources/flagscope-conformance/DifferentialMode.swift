import FlagCore
import Foundation
import OrderedCollections

/// `--differential`: answers the cases `Scripts/differential` writes to standard input, one JSON
/// line each, with one JSON line each, in order, so another engine's answers can be compared
/// with Flagscope's case by case. A case is `{"kind": <a rule format's name>, …}`; each rule
/// format answers its own kind (``DifferentialKind``), in the shape its official engine
/// answers in. The answer is `{"answers": [[…one per question…] per context]}`, or
/// `{"error": …}` when the definitions cannot be read at all.
enum DifferentialMode {
    static func run() -> Int32 {
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            // Written whole and at once: the script reads each answer before it sends the next case.
            FileHandle.standardOutput.write(Data((answer(line).compactText + "\n").utf8))
        }
        return 0
    }

    /// How each rule format's cases are answered, by the format's name.
    static var kinds: [String: any DifferentialKind.Type] {
        let all: [any DifferentialKind.Type] = [
            FlagdDifferential.self, UnleashDifferential.self, FirebaseDifferential.self,
            GrowthBookDifferential.self, LaunchDarklyDifferential.self,
        ]
        var kinds: [String: any DifferentialKind.Type] = [:]
        for kind in all { kinds[kind.format.name] = kind }
        return kinds
    }

    /// The rule formats of the registry that no kind answers: a new format gets its kind here.
    static var formatsWithoutKind: [String] {
        ProviderFormat.all.filter(\.hasRules).map(\.name).filter { kinds[$0] == nil }
    }

    static func answer(_ line: String) -> JSONValue {
        do {
            let item = JSONValue(try JSONReader.parse(Array(line.utf8)))
            let fields = item.object ?? [:]
            guard let name = fields["kind"]?.stringValue, let kind = kinds[name] else {
                let names = ProviderFormat.all.filter(\.hasRules).map(\.name)
                let expected = names.joined(separator: ", ")
                return .object(["error": .string("a case's kind is a rule format: \(expected)")])
            }
            return try kind.answer(fields)
        } catch {
            return .object(["error": .string("\(error)")])
        }
    }
}

/// One rule format's cases for `--differential`: read its definitions, answer each question for
/// each context in the shape its official engine answers in.
protocol DifferentialKind {
    /// The format whose cases these are.
    static var format: ProviderFormat { get }
    /// The answers to the case `fields`: `{"answers": [[…one per question…] per context]}`.
    static func answer(_ fields: OrderedDictionary<String, JSONValue>) throws -> JSONValue
}
