/// Key derivation as RealFlags does it (SPEC §2).
public enum KeyDerivation {
    /// `snake_case` of an entry name: `([a-z0-9])([A-Z])` → `$1_$2`, then lowercased.
    public static func segment(for name: String) -> String {
        var result = ""
        result.reserveCapacity(name.utf8.count + 4)
        var previous: Unicode.Scalar?
        // By scalars: the rule only looks at ASCII letters and digits, and scalars are cheap.
        for scalar in name.unicodeScalars {
            if let previous, ("A"..."Z").contains(scalar), ("a"..."z").contains(previous) || ("0"..."9").contains(previous) {
                result.unicodeScalars.append("_")
            }
            result.unicodeScalars.append(scalar)
            previous = scalar
        }
        return result.lowercased()
    }

    /// Joins non-empty segments with `/` (an empty `keyPrefix` or a `skip`ped collection adds none).
    public static func join(_ segments: [String]) -> String {
        segments.filter { !$0.isEmpty }.joined(separator: "/")
    }
}
