import Testing

@testable import FlagCore

/// Semantic versions as rules write them.
@Suite("Semantic versions")
struct SemanticVersionTests {
    @Test(
        "A sem_ver literal is strictly written only as three numbers without a v",
        arguments: [
            ("1.2.3", true), ("1.2.3-rc.1+b", true), ("0.0.0", true), ("1.2", false), ("v1.2.3", false),
            ("1.2.3.4", false),
            ("01.2.3", false), ("1.2.3-", false), ("", false), ("1.2.3-a.b.c", true),
        ])
    func strictlyWritten(text: String, strict: Bool) {
        #expect(SemanticVersion.isStrictlyWritten(text) == strict)
    }
}
