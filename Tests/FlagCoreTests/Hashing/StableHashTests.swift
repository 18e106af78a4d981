import Testing

@testable import FlagCore

/// `StableHash` names cache files, ETags and a live device's context: it must be the same in
/// every run and on every machine, unlike Swift's seeded `Hasher`.
@Suite("Stable hash")
struct StableHashTests {
    @Test(
        "It is 64-bit FNV-1a, as the published test vectors give it",
        arguments: [
            ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
        ])
    func vectors(text: String, hex: String) {
        #expect(StableHash.hex(text.utf8) == hex)
    }

    @Test("Every hash is 16 lowercase hex digits, leading zeros kept, and a byte changed changes it")
    func shape() {
        var seen: Set<String> = []
        for number in 0..<2_000 {
            let hex = StableHash.hex("key \(number)".utf8)
            #expect(hex.count == 16 && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(hex)")
            seen.insert(hex)
        }
        #expect(seen.count == 2_000)
        #expect(StableHash.hex([0x00]) != StableHash.hex([0x00, 0x00]))
    }
}
