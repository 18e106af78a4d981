import Testing

@testable import FlagCore

@Suite("Key derivation")
struct KeyDerivationTests {
    @Test(
        "Entry names become snake_case segments as RealFlags derives them",
        arguments: [
            ("allowsSSON", "allows_sson"), ("playbackRate", "playback_rate"), ("boomFeature", "boom_feature"),
            ("cacheSizeMB", "cache_size_mb"), ("v2Feature", "v2_feature"), ("plain", "plain"),
            ("HTTPServer", "httpserver"),
            // Names beyond ASCII take the scalar path and must agree with the byte path.
            ("caféMode", "cafémode"), ("ÉtéMode", "étémode"), ("naïveX9Y", "naïve_x9_y"), ("a_B-c.D", "a_b-c.d"),
        ])
    func segment(name: String, expected: String) {
        #expect(KeyDerivation.segment(for: name) == expected)
    }

    @Test("Empty segments (no keyPrefix, skipped collections) add nothing")
    func joining() {
        #expect(KeyDerivation.join(["", "secrets", "boom_feature"]) == "secrets/boom_feature")
        #expect(KeyDerivation.join(["lab", "", "x"]) == "lab/x")
    }
}
