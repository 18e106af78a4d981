/// MurmurHash3, x86 32-bit variant: the hash flagd's `fractional` and Unleash's rollouts
/// bucket by, so a device lands in the same bucket as the official SDKs put it.
enum MurmurHash3 {
    /// The hash of `bytes` with `seed`.
    static func hash32<Bytes: Collection<UInt8>>(_ bytes: Bytes, seed: UInt32 = 0) -> UInt32 {
        let c1: UInt32 = 0xCC9E_2D51
        let c2: UInt32 = 0x1B87_3593
        var hash = seed
        var block: UInt32 = 0
        var filled = 0
        var length: UInt32 = 0
        for byte in bytes {
            block |= UInt32(byte) << (8 * UInt32(filled))
            filled += 1
            length &+= 1
            if filled == 4 {
                hash ^= mixed(block, c1, c2)
                hash = rotated(hash, 13) &* 5 &+ 0xE654_6B64
                block = 0
                filled = 0
            }
        }
        // The last one to three bytes, mixed in without the block's rotation of the hash.
        if filled > 0 { hash ^= mixed(block, c1, c2) }
        hash ^= length
        hash ^= hash >> 16
        hash &*= 0x85EB_CA6B
        hash ^= hash >> 13
        hash &*= 0xC2B2_AE35
        hash ^= hash >> 16
        return hash
    }

    private static func mixed(_ block: UInt32, _ c1: UInt32, _ c2: UInt32) -> UInt32 {
        rotated(block &* c1, 15) &* c2
    }

    private static func rotated(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}
