import Testing

@testable import FlagCore

/// MurmurHash3 x86 32-bit, which flagd's fractional buckets with.
@Suite("MurmurHash3")
struct MurmurHash3Tests {
    @Test(
        "MurmurHash3 x86 32-bit matches the published vectors",
        arguments: [
            ("", UInt32(0), UInt32(0)), ("", 1, 0x514E_28B7), ("", 0xFFFF_FFFF, 0x81F1_6F39), ("hello", 0, 0x248B_FA47),
            ("aaaa", 0x9747_B28C, 0x5A97_808A), ("Hello, world!", 0x9747_B28C, 0x2488_4CBA),
            ("The quick brown fox jumps over the lazy dog", 0x9747_B28C, 0x2FA8_26CD),
            // flagd-testbed's hash edge keys: preimages of 0 and of 2³²−1.
            ("ejOoVL", 0, 0), ("ceQdGm", 0, 0xFFFF_FFFF),
        ])
    func murmurVectors(text: String, seed: UInt32, hash: UInt32) {
        #expect(MurmurHash3.hash32(Array(text.utf8), seed: seed) == hash)
    }
}
