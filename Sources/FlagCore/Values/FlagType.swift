/// The type of a flag's value (docs/blueprints.md).
package enum FlagType: String, Sendable, Hashable, CaseIterable, Codable {
    case bool, int, double, string, `enum`, date, url, json

    /// The type names as written in blueprints.
    package static var names: [String] { allCases.map(\.rawValue) }
}
