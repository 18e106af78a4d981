import Foundation
import Testing

@testable import FlagCore

/// The linear-time regular expressions REGEX (Unleash) and `.matches` (Firebase) run on: the
/// syntax those engines accept, what they refuse, and agreement with the backtracking engine the
/// rules used before on ordinary patterns.
@Suite("Rules: linear-time regular expressions")
struct LinearPatternTests {
    private func matches(
        _ pattern: String, _ text: String, dialect: LinearPattern.Dialect = .rust, caseInsensitive: Bool = false
    ) throws -> Bool {
        try LinearPattern(pattern, dialect: dialect, caseInsensitive: caseInsensitive).matches(in: text)
    }

    @Test(
        "Syntax the engines accept, searched anywhere in the text",
        arguments: [
            ("abc", "xxabcxx", true), ("abc", "abx", false), ("^abc", "xabc", false), ("abc$", "abcx", false),
            ("a.c", "abc", true), ("a.c", "a\nc", false), ("(?s)a.c", "a\nc", true),
            (#"a\.c"#, "abc", false), (#"a\.c"#, "a.c", true), (#"\d+"#, "ab12", true), (#"^\d+$"#, "12a", false),
            (#"\w+@\w+"#, "ana@example", true), (#"^\s*$"#, " \t", true), (#"\S"#, "  ", false),
            (#"\D"#, "123", false), (#"\W"#, "abc", false),
            ("[abc]", "xbx", true), ("[^abc]", "abc", false), ("[a-z]+[0-9]", "ab1", true), ("[]a]", "]", true),
            ("[a-]", "-", true), (#"[\d.]+"#, "1.2", true), (#"[^\s]"#, "   ", false), ("[[:alpha:]]", "1a", true),
            ("[[:^digit:]]", "12", false), ("[a-z&&[^aeiou]]", "e", false), ("[a-z&&[^aeiou]]", "b", true),
            ("[a-z--c]", "c", false), (#"\bcat\b"#, "a cat here", true), (#"\bcat\b"#, "concatenate", false),
            (#"\Bcat"#, "concat", true), (#"\Acat\z"#, "cat", true), ("(?m)^b$", "a\nb\nc", true),
            ("^b$", "a\nb\nc", false), ("gr(a|e)y", "grey", true), ("gr(?:a|e)y", "gruy", false),
            ("(?P<year>[0-9]{4})-(?<month>[0-9]{2})", "2025-01", true), ("a|b|c", "c", true), ("a|", "zzz", true),
            ("ab*c", "ac", true), ("ab+c", "ac", false), ("ab?c", "abc", true), ("a{3}", "aa", false),
            ("a{3}", "aaa", true), ("a{2,}", "aaaa", true), ("^a{2,3}$", "aaaa", false), ("^a{2,3}?$", "aaa", true),
            ("a*?b", "aab", true), ("(?i)hello", "HeLLo", true), ("(?i:h)ello", "HELLO", false),
            ("h(?i)ello", "hELLO", true), ("(?i)[a-c]", "B", true), ("(?i)[^a]", "A", false),
            ("(?i)k", "\u{212A}", true),
            (#"\x41\x{263A}"#, "A☺", true), (#"\u00e9"#, "é", true), (#"\pL"#, "é", true), (#"\p{Lu}"#, "é", false),
            (#"\P{L}"#, "é", false), ("é+", "ééé", true), ("^.$", "😀", true), ("(a*)*b", "aaab", true),
            ("(?x) a  b # a comment", "ab", true), (#"\/api\/"#, "/api/v1", true), ("", "anything", true),
            ("()", "", true), ("(?:)*x", "x", true), ("a{0}", "b", true),
        ] as [(String, String, Bool)])
    func accepted(pattern: String, text: String, expected: Bool) throws {
        #expect(try matches(pattern, text) == expected, "\(pattern) on \(text)")
    }

    @Test("The case-insensitive flag Unleash passes folds the pattern and the text")
    func caseInsensitive() throws {
        #expect(try matches("^ANA@EXAMPLE\\.com$", "ana@example.COM", caseInsensitive: true))
        #expect(try !matches("^ANA", "ana", caseInsensitive: false))
        #expect(try matches("[A-Z]+", "straße", caseInsensitive: true))
    }

    @Test("RE2 reads \\d, \\w, \\s and \\b in ASCII; Rust's regex in Unicode")
    func classesByDialect() throws {
        #expect(try matches(#"^\d$"#, "٣", dialect: .rust))
        #expect(try !matches(#"^\d$"#, "٣", dialect: .re2))
        #expect(try matches(#"^\w+$"#, "café", dialect: .rust))
        #expect(try !matches(#"^\w+$"#, "café", dialect: .re2))
        #expect(try matches("^a{", "a{", dialect: .re2))
    }

    @Test(
        "What the engines refuse is an error with the reason and where",
        arguments: [
            ("^(?=a)a", LinearPattern.Dialect.rust, 1, "look-ahead is not supported"),
            ("(?<!a)b", .rust, 0, "look-behind is not supported"),
            ("(?>a)", .rust, 0, "atomic groups are not supported"),
            (#"^(a)\1$"#, .rust, 4, "back-references are not supported"),
            (#"\k<x>"#, .re2, 0, "back-references are not supported"),
            ("(unclosed", .rust, 0, "unclosed group"),
            ("a)", .rust, 1, "this ')' closes nothing"),
            ("[a-", .rust, 0, "unclosed class"),
            ("[z-a]", .rust, 1, "ends before it starts"),
            ("*a", .rust, 0, "a repetition operator with nothing before it"),
            ("a{", .rust, 1, "a '{' that starts no repetition"),
            ("a{3,2}", .rust, 1, "minimum is above its maximum"),
            ("a**", .re2, 2, "a repetition of a repetition"),
            ("a{1001}", .re2, 1, "a repetition count above 1000"),
            ("(?:a{100}){100}", .re2, 0, "more than 1000 times in all"),
            ("a{1000}{1000}", .rust, 0, "the pattern is too big"),
            (#"\y"#, .rust, 0, "unknown escape \\y"),
            (#"\p{Greek}"#, .rust, 0, "unknown Unicode class"),
            ("(?q)", .rust, 2, "unknown group flag 'q'"),
            ("(?x)a", .re2, 2, "unknown group flag 'x'"),
            ("[[:word2:]]", .rust, 1, "unknown POSIX class"),
        ] as [(String, LinearPattern.Dialect, Int, String)])
    func refused(pattern: String, dialect: LinearPattern.Dialect, offset: Int, fragment: String) {
        #expect(throws: LinearPatternError.self) { try LinearPattern(pattern, dialect: dialect) }
        do {
            _ = try LinearPattern(pattern, dialect: dialect)
        } catch {
            #expect(error.message.contains(fragment), "\(pattern): \(error.message)")
            #expect(error.offset == offset, "\(pattern): \(error.message)")
        }
    }

    @Test("Rust's regex stacks repetitions (a** is (a*)*) and allows large counts within the size limit")
    func rustRepetitions() throws {
        #expect(try matches("^a**$", "aaa"))
        #expect(try matches("^a{2}{3}$", "aaaaaa"))
        #expect(try matches("^a{5000}$", String(repeating: "a", count: 5000)))
        #expect(try !matches("^a{5000}$", String(repeating: "a", count: 4999)))
    }

    @Test("Nesting past the limit is refused, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        #expect(throws: LinearPatternError.self) { try LinearPattern(deep, dialect: .rust) }
        let classes = String(repeating: "[", count: 100_000)
        #expect(throws: LinearPatternError.self) { try LinearPattern(classes, dialect: .rust) }
        let shallow = String(repeating: "(", count: 200) + "a" + String(repeating: ")", count: 200)
        #expect(throws: Never.self) { try LinearPattern(shallow, dialect: .rust) }
    }

    @Test(
        "Ordinary patterns agree with the backtracking engine the rules used before",
        arguments: [
            #"^[a-z0-9._%+-]+@example\.com$"#, #"^\d{3}-\d{4}$"#, "^(ios|android)$", #"^2\.\d+(\.\d+)?$"#,
            "beta|canary", "^user-[0-9]+$", "[A-Z]{2}", #"^v?\d+\.\d+\.\d+(-[a-z]+(\.\d+)?)?$"#, "(ab)+c", "a.*b.*c",
            #"^\s*(yes|no)\s*$"#, "colou?r", "x{2,3}y", "^[^@]+@[^@]+$",
        ])
    func agreesWithFoundation(pattern: String) throws {
        let texts = [
            "", "ana@example.com", "ANA@example.com", "bob@example.org", "555-1234", "55-1234", "ios", "android",
            "iosx", "2.1", "2.1.3", "3.0", "beta-1", "user-42", "user-", "US", "us", "v1.2.3", "1.2.3-rc.1",
            "ababc", "abc", "axxbxxc", " yes ", "color", "colour", "xxy", "xxxxy", "a@b@c", "naïve", "😀 emoji",
        ]
        let foundation = try NSRegularExpression(pattern: pattern)
        let linear = try LinearPattern(pattern, dialect: .rust)
        let re2 = try LinearPattern(pattern, dialect: .re2)
        for text in texts {
            let expected = foundation.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(linear.matches(in: text) == expected, "\(pattern) on \(text)")
            #expect(re2.matches(in: text) == expected, "\(pattern) on \(text) (RE2)")
        }
    }
}
