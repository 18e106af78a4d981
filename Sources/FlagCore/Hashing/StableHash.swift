/// A hash of bytes that is the same in every run and on every platform (Swift's own hashing is
/// seeded per process): FNV-1a, 64 bits, as 16 hex digits.
package enum StableHash {
    /// The hash of `bytes` as 16 lowercase hex digits.
    package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
