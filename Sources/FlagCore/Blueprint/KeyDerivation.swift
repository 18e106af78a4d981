/// Key derivation as RealFlags does it (SPEC §2).
public enum KeyDerivation {
    /// `snake_case` of an entry name: `([a-z0-9])([A-Z])` → `$1_$2`, then lowercased.
    public static func segment(for name: String) -> String {
        var result = ""
        result.reserveCapacity(name.utf8.count + 4)
        var previous: Character?
        for character in name {
            if let previous, character.isASCII, character.isUppercase,
               previous.isASCII, previous.isLowercase || previous.isNumber {
                result.append("_")
            }
            result.append(character)
            previous = character
        }
        return result.lowercased()
    }

    /// Joins non-empty segments with `/` (an empty `keyPrefix` or a `skip`ped collection adds none).
    public static func join(_ segments: [String]) -> String {
        segments.filter { !$0.isEmpty }.joined(separator: "/")
    }
}
