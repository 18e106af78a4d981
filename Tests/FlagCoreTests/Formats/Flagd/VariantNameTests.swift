import Foundation
import Testing

@testable import FlagCore

/// The name a variant is given as flagd writes it: the text itself when nothing needs escaping, else
/// the JSON text flagd's evaluator would print.
@Suite("Variant names")
struct VariantNameTests {
    @Test(
        "A variant name is the text itself only when nothing is escaped, removed or trimmed",
        arguments: [
            ("on", "on"), ("dark-mode_2", "dark-mode_2"), ("café au lait", "café au lait"), ("a b", "a b"),
            // Trimmed, escaped or with quotes removed: the general path decides.
            (" on ", "on"), ("on\u{A0}", "on"), ("\u{3000}on", "on"), (#"say "hi""#, #"say \hi\"#), (#"a\b"#, #"a\\b"#),
            ("a<b", #"a\u003cb"#), ("a&b", #"a\u0026b"#), ("line\nbreak", #"line\nbreak"#), ("é", "é"),
            ("x\u{2028}y", #"x\u2028y"#),
            ("tab\there", #"tab\there"#), ("del\u{7F}", "del\u{7F}"),
        ])
    func variantName(text: String, name: String) throws {
        #expect(try VariantName.written(.string(text)) == name)
    }

    @Test(
        "A targeting result names its variant as flagd writes it",
        arguments: [
            (#""on""#, "on"), ("true", "true"), ("false", "false"), ("2", "2"), ("2.5", "2.5"), ("1e21", "1e+21"),
            (#""a<b""#, #"a\u003cb"#), (#"["x"]"#, "[x]"),
        ])
    func variantNames(result: String, name: String) throws {
        #expect(try VariantName.written(RuleFixture.value(result)) == name)
    }
}
