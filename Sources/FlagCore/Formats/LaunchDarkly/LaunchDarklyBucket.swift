import Crypto

/// Where a context falls in a LaunchDarkly rollout, experiment or segment rule weight: the
/// SHA-1 of `flagKey.salt.id` (or `seed.id` when the rollout has a seed), its first 15 hex
/// digits read as a number over 0xFFFFFFFFFFFFFFF — a value in 0 ≤ bucket < 1, compared with the
/// weights' running sum over 100,000.
enum LaunchDarklyBucket {
    /// The largest value 15 hex digits hold.
    static let scale = Double(0xFFF_FFFF_FFFF_FFFF as UInt64)

    /// The bucket of `id` under `prefix` (`flagKey.salt`, or the seed as decimal text).
    static func value(prefix: String, id: String) -> Double {
        var input: [UInt8] = []
        input.reserveCapacity(prefix.utf8.count + id.utf8.count + 1)
        input.append(contentsOf: prefix.utf8)
        input.append(UInt8(ascii: "."))
        input.append(contentsOf: id.utf8)
        var leading: UInt64 = 0
        for byte in Insecure.SHA1.hash(data: input).prefix(8) { leading = leading << 8 | UInt64(byte) }
        // The first 15 hex digits are the first 60 bits.
        return Double(leading >> 4) / scale
    }

    /// The prefix of a flag's rollout: the seed when there is one, else `key.salt`.
    static func prefix(key: String, salt: String, seed: Int?) -> String {
        seed.map(String.init) ?? key + "." + salt
    }

    /// The text an attribute value buckets by: text as it is, a whole number as its digits
    /// (`5` and `5.0` alike, as Go's SDK reads JSON numbers); anything else cannot be bucketed.
    static func identifier(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number):
            guard number == number.rounded(), abs(number) < 9.0e18 else { return nil }
            return String(Int(number))
        default: return nil
        }
    }
}
