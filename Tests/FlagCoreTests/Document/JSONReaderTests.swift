import Foundation
import Testing

@testable import FlagCore

/// The strict JSON reader: RFC 8259 with a position on every node and every error.
@Suite("JSON reader")
struct JSONReaderTests {
    static func error(_ text: String) -> DocumentError? {
        error(Array(text.utf8))
    }

    static func error(_ bytes: [UInt8]) -> DocumentError? {
        do {
            _ = try JSONReader.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("Every node, key and value carries its 1-based line and column")
    func nodePositions() throws {
        let source = MarkedText(
            """
            ‸{
              ‸"name": ‸"App",
              ‸"list": ‸[‸1, ‸true, ‸null, ‸{}],
                ‸"é🚀": ‸-0.5e3
            }
            """)
        let root = try JSONReader.parse(source.text)
        #expect(root.location == source[0])
        let pairs = try #require(root.mapping)
        #expect(pairs.map(\.key.scalarText) == ["name", "list", "é🚀"])
        #expect(pairs[0].key.location == source[1])
        #expect(pairs[0].value.location == source[2])
        #expect(pairs[1].key.location == source[3])
        #expect(pairs[1].value.location == source[4])
        let items = try #require(pairs[1].value.sequence)
        #expect(items.map(\.location) == [source[5], source[6], source[7], source[8]])
        #expect(pairs[2].key.location == source[9])
        #expect(pairs[2].value.location == source[10])
    }

    @Test("Strings decode every escape, including surrogate pairs, and are marked quoted")
    func stringEscapes() throws {
        let node = try JSONReader.parse(#"["a\"b\\c\/d", "\b\f\n\r\t", "\u00e9\u4E2D", "\ud83d\ude80", "plain é 🚀"]"#)
        let items = try #require(node.sequence)
        #expect(items.map(\.scalarText) == ["a\"b\\c/d", "\u{08}\u{0C}\n\r\t", "é中", "🚀", "plain é 🚀"])
        let allQuoted = items.allSatisfy { !$0.isPlainScalar }
        #expect(allQuoted)
    }

    @Test("Numbers keep their text; literals are plain scalars")
    func numbersAndLiterals() throws {
        let node = try JSONReader.parse("[0, -0, 42, -17, 1.5, 2e10, 1E-3, -0.25e+2, true, false, null]")
        let items = try #require(node.sequence)
        #expect(
            items.map(\.scalarText) == [
                "0", "-0", "42", "-17", "1.5", "2e10", "1E-3", "-0.25e+2", "true", "false", "null",
            ])
        let allPlain = items.allSatisfy(\.isPlainScalar)
        #expect(allPlain)
        #expect(items[10].isNull)
        #expect(JSONValue(items[2]) == .int(42))
        #expect(JSONValue(items[4]) == .double(1.5))
        #expect(JSONValue(items[8]) == .bool(true))
    }

    @Test(
        "Malformed numbers are errors at the offending character",
        arguments: [
            ("[01]", 2, "leading zeros"), ("[1.]", 4, "digits after '.'"), ("[1e]", 4, "exponent"),
            ("[-]", 3, "expected digits"), ("[+1]", 2, "expected a JSON value"), ("[.5]", 2, "expected a JSON value"),
        ])
    func badNumbers(text: String, column: Int, fragment: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.location == TextLocation(line: 1, column: column))
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test("Syntax errors point at the offending token")
    func syntaxErrors() throws {
        let cases: [(String, String)] = [
            ("{\n  \"name\": \"App\"\n  ‸\"flags\": {}\n}", "expected ',' or '}'"),  // missing comma
            ("{\"a\": 1,‸}", "expected a quoted key"),  // trailing comma (object)
            ("[1, 2,‸]", "expected a JSON value"),  // trailing comma (array)
            ("{\"a\": \"x ‸\\q y\"}", "invalid escape '\\q'"),  // bad escape
            ("{\"a\": \"‸\\u12G4\"}", "four hex digits"),  // bad \u escape (at the backslash or the digits)
            ("{‸'a': 1}", "expected a quoted key"),  // single quotes
            ("{\"a\" ‸1}", "expected ':'"),  // missing colon
            ("{\"a\": ‸tru}", "expected a JSON value"),  // bad literal
            ("{\"a\": 1}‸x", "after the JSON value"),  // trailing content
            ("‸", "end of file"),  // empty document
            ("{\"a\": [1, 2}", "expected ',' or ']'"),  // wrong closer
            ("{\"a\": \"tab‸\there\"}", "control character"),  // raw control character
        ]
        for (marked, fragment) in cases {
            let source = MarkedText(marked)
            let error = try #require(Self.error(source.text), "\(marked) should not parse")
            #expect(error.message.contains(fragment), "\(marked): \(error.message)")
            if marked.contains("‸"), !marked.contains("\\u12G4") {
                #expect(error.location == source[0], "\(marked): \(error.message) at \(error.location)")
            }
        }
    }

    @Test("A \\u escape with a bad hex digit is reported on its line")
    func badUnicodeEscape() throws {
        let error = try #require(Self.error("{\"a\": \"\\u12G4\"}"))
        #expect(error.location.line == 1)
        #expect((8...12).contains(error.location.column), "\(error.location)")
        #expect(error.message.contains("four hex digits"))
    }

    @Test("Unpaired surrogates are errors")
    func unpairedSurrogates() throws {
        #expect(Self.error(#"["\ud83d"]"#)?.message.contains("unpaired surrogate") == true)
        #expect(Self.error(#"["\ude80"]"#)?.message.contains("unpaired surrogate") == true)
        #expect(Self.error(#"["\ud83d\u0041"]"#)?.message.contains("unpaired surrogate") == true)
    }

    @Test("An unterminated string is reported where the line (or the file) ends")
    func unterminatedStrings() throws {
        let source = MarkedText("{\"name\": \"App,‸\n \"flags\": {}}")
        let atLineEnd = try #require(Self.error(source.text))
        #expect(atLineEnd.location == source[0])
        #expect(atLineEnd.message.contains("unterminated string"))
        let eof = MarkedText("{\"name\": \"App‸")
        let atEnd = try #require(Self.error(eof.text))
        #expect(atEnd.location == eof[0])
        #expect(atEnd.message.contains("unterminated string"))
    }

    @Test("Invalid UTF-8 is reported at the first bad byte, counting columns in scalars")
    func invalidUTF8() throws {
        // {"name": "caf\xE9"} — the bad byte is the 14th character.
        let inString = try #require(Self.error(Array("{\"name\": \"caf".utf8) + [0xE9] + Array("\"}".utf8)))
        #expect(inString.location == TextLocation(line: 1, column: 14))
        #expect(inString.message.contains("invalid UTF-8"))
        // After a two-byte é and a four-byte 🚀 on the second line.
        let afterWide = try #require(Self.error(Array("{\n \"é🚀".utf8) + [0xFF] + Array("\": 1}".utf8)))
        #expect(afterWide.location == TextLocation(line: 2, column: 5))
        // A truncated sequence at the very end of a string.
        let truncated = try #require(Self.error(Array("[\"ab".utf8) + [0xE2, 0x82] + Array("\"]".utf8)))
        #expect(truncated.location == TextLocation(line: 1, column: 5))
        // Outside a string.
        let outside = try #require(Self.error(Array("[1, ".utf8) + [0xC3]))
        #expect(outside.location == TextLocation(line: 1, column: 5))
    }

    @Test("A duplicate key is an error at the second occurrence")
    func duplicateKeys() throws {
        let source = MarkedText("{\n  \"type\": \"bool\",\n  \"default\": true,\n  ‸\"type\": \"int\"\n}")
        let error = try #require(Self.error(source.text))
        #expect(error.location == source[0])
        #expect(error.message.contains("duplicate key 'type'"))
        // Keys equal after unescaping are the same key.
        let escaped = MarkedText(#"{"ab": 1, ‸"a\u0062": 2}"#)
        #expect(Self.error(escaped.text)?.location == escaped[0])
    }

    /// An object of `count` keys `k00`…, one per line, with key `k` + `repeat` written again at the end.
    static func largeObject(count: Int, ascending: Bool, repeating repeated: Int) -> MarkedText {
        var keys = (0..<count).map { String(format: "k%02d", $0) }
        if !ascending { keys.reverse() }
        let lines = keys.map { "  \"\($0)\": 1," } + ["  ‸\"\(String(format: "k%02d", repeated))\": 2"]
        return MarkedText("{\n" + lines.joined(separator: "\n") + "\n}")
    }

    @Test(
        "In a small or large object a repeated key is found whether the keys are in order or not",
        arguments: [
            (1, true, 0), (2, true, 0), (3, false, 1), (20, true, 3), (20, false, 3), (20, true, 19), (16, true, 0),
            (16, false, 15), (40, false, 39),
        ])
    func duplicateKeysInLargeObjects(count: Int, ascending: Bool, repeated: Int) throws {
        let source = Self.largeObject(count: count, ascending: ascending, repeating: repeated)
        let error = try #require(Self.error(source.text))
        #expect(error.location == source[0])
        #expect(error.message == "duplicate key 'k\(String(format: "%02d", repeated))'")
        // The reader without positions finds it at the same place.
        #expect(throws: error) { try JSONReader.members(Array(source.text.utf8)) }
    }

    @Test("A large object whose keys are in order, then out of order, with no repeats, reads whole")
    func largeObjectsWithoutRepeats() throws {
        let keys = (0..<30).map { "k\($0)" } + ["a", "zz", "k5x"]
        let text = "{" + keys.map { "\"\($0)\": [\"\($0)\"]" }.joined(separator: ", ") + "}"
        #expect(try JSONReader.parse(text).mapping?.map(\.key.scalarText) == keys)
        let members = try JSONReader.members(Array(text.utf8))
        #expect(members.map(\.key) == keys)
        #expect(members.map(\.value) == keys.map { .array([.string($0)]) })
    }

    @Test("Members read without positions are the values the positioned reader gives")
    func membersMatchTheDocument() throws {
        let text =
            #"{"a": [1, -2.5e3, "x\u00e9", null, true], "b": {"z": {}, "y": []}, "c": 1e999, "d": "plain", "e": false}"#
        let members = try JSONReader.members(Array(text.utf8))
        let root = try JSONReader.parse(text)
        #expect(members.map(\.key) == root.mapping?.map { $0.key.scalarText ?? "" })
        #expect(members.map(\.value) == root.mapping?.map { JSONValue($0.value) })
    }

    @Test(
        "Reading members of a document that is not an object says what it is and where",
        arguments: [("[1, 2]", "a list", 1, 1), ("\n  \"text\"", "text", 2, 3), ("  42 ", "a number", 1, 3)])
    func membersOfANonObject(text: String, kind: String, line: Int, column: Int) throws {
        #expect(
            throws: DocumentError(
                "expected a JSON object of keys to values, found \(kind)", at: TextLocation(line: line, column: column))
        ) {
            try JSONReader.members(Array(text.utf8))
        }
        // Broken JSON is reported as such, not as the wrong kind.
        #expect(throws: DocumentError("unexpected ']' after the JSON value", at: TextLocation(line: 1, column: 7))) {
            try JSONReader.members(Array("[1, 2]]".utf8))
        }
    }

    @Test("A document of 200,000 '[' is refused with an error, not a crash")
    func deepNesting() throws {
        let error = try #require(Self.error(String(repeating: "[", count: 200_000)))
        #expect(error.message.contains("nesting deeper than \(JSONReader.maximumDepth) levels"))
        #expect(error.location == TextLocation(line: 1, column: JSONReader.maximumDepth + 1))
        let objects = try #require(Self.error(String(repeating: "{\"a\":", count: 200_000)))
        #expect(objects.message.contains("nesting deeper"))
        // Just inside the limit is fine.
        let depth = JSONReader.maximumDepth
        #expect(Self.error(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == nil)
    }

    @Test("A UTF-8 byte order mark is tolerated")
    func byteOrderMark() throws {
        let root = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(root.mapping?.first?.key.scalarText == "a")
        #expect(root.mapping?.first?.value.scalarText == "1")
    }

    @Test("White space includes CR, so CRLF files keep their line numbers")
    func crlf() throws {
        let root = try JSONReader.parse("{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n")
        #expect(
            root.mapping?.map(\.key.location) == [TextLocation(line: 2, column: 3), TextLocation(line: 3, column: 3)])
    }

    @Test("JSON: a UTF-8 byte order mark is not counted as a column")
    func byteOrderMarkIsNoColumn() throws {
        let root = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(root.mapping?.first?.key.scalarText == "a")
        #expect(root.location == TextLocation(line: 1, column: 1))
        #expect(root.mapping?.first?.key.location == TextLocation(line: 1, column: 2))
        let error = try #require(Self.error([0xEF, 0xBB, 0xBF] + Array("{,}".utf8)))
        #expect(error.location == TextLocation(line: 1, column: 2))
    }
}
