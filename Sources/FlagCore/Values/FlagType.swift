/// The type of a flag's value (SPEC §2).
public enum FlagType: String, Sendable, Hashable, CaseIterable, Codable {
    case bool, int, double, string, `enum`, date, url, json

    /// The type names as written in blueprints.
    public static var names: [String] { allCases.map(\.rawValue) }
}
