import Testing

@testable import FlagCore

/// `*` in a key pattern matches any characters, `/` included; everything else matches itself.
@Suite("Key patterns")
struct KeyPatternTests {
    @Test(
        "Matches",
        arguments: [
            ("context/*", "context/platform", true),
            ("context/*", "context/permissions/camera", true),
            ("context/*", "context", false),
            ("context/*", "lab/context/x", false),
            ("*/user_toggled", "player/sleep_timer/user_toggled", true),
            ("*/user_toggled", "player/sleep_timer/runtime_enabled", false),
            ("lab/*/deep/*", "lab/secrets/deep/api_environment", true),
            ("lab/*/deep/*", "lab/deep/x", false),
            ("*", "anything/at/all", true),
            ("a*a", "a", false),
            ("a*a", "aa", true),
            ("context/purchases/SUB*", "context/purchases/SUB0001", true),
            ("context/purchases/SUB*", "context/purchases/sub0001", false),
        ])
    func matches(pattern: String, key: String, expected: Bool) throws {
        let compiled = try #require(KeyPattern(pattern))
        #expect(compiled.matches(key) == expected)
    }

    @Test("A text without * is a key, not a pattern")
    func plainKey() {
        #expect(KeyPattern("context/platform") == nil)
    }
}
