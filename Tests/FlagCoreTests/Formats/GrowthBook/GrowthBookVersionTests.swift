import Testing

@testable import FlagCore

/// The padded version text every SDK compares for `$veq`, `$vgt` and the others.
@Suite("GrowthBook: versions")
struct GrowthBookVersionTests {
    @Test(
        "A version is cut at . and -, numbers padded to five places, a release marked with ~",
        arguments: [
            ("1.2.3", "    1-    2-    3-~"), ("v1.2.3+build.5", "    1-    2-    3-~"),
            ("1.2.3-rc.1", "    1-    2-    3-rc-    1"),
            ("123456.1.2", "123456-    1-    2-~"), ("1-2-3", "    1-    2-    3-~"), ("1.2", "    1-    2"),
            ("", "    0"),
            ("1.0+a\nb", "    1-0+a\nb"),
        ])
    func padded(version: String, text: String) {
        #expect(GrowthBookVersion.padded(.string(version)) == text)
    }

    @Test("A number is read as its text; anything else as 0")
    func otherValues() {
        #expect(GrowthBookVersion.padded(.double(2.5)) == "    2-    5")
        #expect(GrowthBookVersion.padded(.bool(true)) == "    0")
        #expect(GrowthBookVersion.padded(nil) == "    0")
    }
}
