/// Key derivation as RealFlags does it (docs/blueprints.md).
package enum KeyDerivation {
    /// `snake_case` of an entry name: `([a-z0-9])([A-Z])` → `$1_$2`, then lowercased.
    package static func segment(for name: String) -> String {
        // Entry names are nearly always ASCII: then the rule and the lowercasing are one pass
        // over bytes (deriving 100k keys scalar by scalar would take 7 % of a load).
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count + 4)
            var previous: UInt8 = 0
            for byte in name.utf8 {
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                let follows =
                    (previous >= UInt8(ascii: "a") && previous <= UInt8(ascii: "z"))
                    || (previous >= UInt8(ascii: "0") && previous <= UInt8(ascii: "9"))
                if isUpper && follows { bytes.append(UInt8(ascii: "_")) }
                bytes.append(isUpper ? byte | 0x20 : byte)
                previous = byte
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        result.reserveCapacity(name.utf8.count + 4)
        var previous: Unicode.Scalar?
        // By scalars: the rule only looks at ASCII letters and digits, and scalars are cheap.
        for scalar in name.unicodeScalars {
            if let previous, ("A"..."Z").contains(scalar),
                ("a"..."z").contains(previous) || ("0"..."9").contains(previous)
            {
                result.unicodeScalars.append("_")
            }
            result.unicodeScalars.append(scalar)
            previous = scalar
        }
        return result.lowercased()
    }

    /// Joins non-empty segments with `/` (an empty `keyPrefix` or a `skip`ped collection adds none).
    package static func join(_ segments: [String]) -> String {
        segments.filter { !$0.isEmpty }.joined(separator: "/")
    }
}
