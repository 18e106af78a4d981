import Foundation
import Testing

@testable import FlagCore

/// The YAML reader: positions from libyaml, quoted-ness kept, and hostile documents refused.
@Suite("YAML reader")
struct YAMLReaderTests {
    static func error(_ text: String) -> DocumentError? {
        error(Array(text.utf8))
    }

    static func error(_ bytes: [UInt8]) -> DocumentError? {
        do {
            _ = try YAMLReader.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("Nodes carry 1-based lines and columns counted in Unicode scalars")
    func nodePositions() throws {
        let source = MarkedText(
            """
            ‸name: ‸App
            ‸flags:
              ‸naïve🚀: { ‸type: ‸bool, default: ‸"true" }
              ‸list: [‸a, ‸'b']

            """)
        let root = try YAMLReader.parse(source.text)
        let pairs = try #require(root.mapping)
        #expect(pairs[0].key.location == source[0])
        #expect(pairs[0].value.location == source[1])
        #expect(pairs[1].key.location == source[2])
        let flags = try #require(pairs[1].value.mapping)
        #expect(flags[0].key.location == source[3])
        let fields = try #require(flags[0].value.mapping)
        #expect(fields[0].key.location == source[4])
        #expect(fields[0].value.location == source[5])
        #expect(fields[1].value.location == source[6])
        #expect(flags[1].key.location == source[7])
        #expect(flags[1].value.sequence?.map(\.location) == [source[8], source[9]])
    }

    @Test("Quoted scalars stay text; plain true, numbers and null resolve; an explicit !!str is text")
    func scalarStyles() throws {
        let root = try YAMLReader.parse(
            "a: true\nb: \"true\"\nc: 'true'\nd: 42\ne: ~\nf:\ng: !!str true\nh: |\n  block\n")
        let values = try #require(root.mapping).map(\.value)
        #expect(values.map(\.isPlainScalar) == [true, false, false, true, true, true, false, false])
        #expect(JSONValue(values[0]) == .bool(true))
        #expect(JSONValue(values[1]) == .string("true"))
        #expect(JSONValue(values[3]) == .int(42))
        #expect(values[4].isNull && values[5].isNull)
        #expect(JSONValue(values[6]) == .string("true"))
        #expect(values[7].scalarText == "block\n")
    }

    @Test("An empty document is an empty mapping")
    func emptyDocument() throws {
        #expect(try YAMLReader.parse("").mapping?.isEmpty == true)
        #expect(try YAMLReader.parse("# only a comment\n").mapping?.isEmpty == true)
    }

    @Test("Syntax errors point where libyaml finds them")
    func syntaxErrors() throws {
        let mappingValue = MarkedText("name: App\nflags:\n  sson:\n    description: Sign in‸: now\n")
        let first = try #require(Self.error(mappingValue.text))
        #expect(first.location == mappingValue[0])
        #expect(first.message.contains("mapping values are not allowed"))

        let afterWide = MarkedText("name: \"🚀é\"‸: x\n")
        #expect(Self.error(afterWide.text)?.location == afterWide[0])

        let tab = MarkedText("name: App\nflags:\n‸\ta: 1\n")
        #expect(Self.error(tab.text)?.location == tab[0])

        let unterminated = try #require(Self.error("name: \"App\nflags: {}\n"))
        #expect(unterminated.message.contains("line 1, column 7"))
    }

    @Test("A duplicate key in a mapping is an error naming the key")
    func duplicateKey() throws {
        let error = try #require(
            Self.error("name: App\nflags:\n  sson:\n    type: bool\n    default: false\n    type: int\n"))
        #expect(error.message.contains("duplicate key 'type'"))
    }

    @Test("Invalid UTF-8 is reported at the first bad byte")
    func invalidUTF8() throws {
        let error = try #require(
            Self.error(Array("name: App\ndescription: caf".utf8) + [0xE9] + Array(" au lait\n".utf8)))
        #expect(error.location == TextLocation(line: 2, column: 17))
        #expect(error.message.contains("invalid UTF-8"))
        let afterWide = try #require(Self.error(Array("a: é🚀".utf8) + [0xF0, 0x28] + Array("\n".utf8)))
        #expect(afterWide.location == TextLocation(line: 1, column: 6))
    }

    @Test("Flow nesting of 200,000 '[' is refused with an error, not a crash")
    func deepFlowNesting() throws {
        let error = try #require(Self.error(String(repeating: "[", count: 200_000)))
        #expect(error.message.contains("nesting deeper than \(YAMLReader.maximumDepth) levels"))
        #expect(error.location.line == 1)
        let braces = try #require(Self.error("a: " + String(repeating: "{b: ", count: 200_000)))
        #expect(braces.message.contains("nesting deeper"))
        let dashes = try #require(Self.error(String(repeating: "- ", count: 200_000) + "x\n"))
        #expect(dashes.message.contains("nesting deeper"))
    }

    @Test("Brackets inside quotes and comments do not count as nesting")
    func bracketsInTextAreNotNesting() throws {
        let text =
            "a: \"\(String(repeating: "[", count: 2_000))\"\nb: '\(String(repeating: "{", count: 2_000))'\n# \(String(repeating: "[", count: 2_000))\nc: 1\n"
        let root = try YAMLReader.parse(text)
        #expect(root.mapping?.count == 3)
    }

    @Test("Deeply indented block mappings are refused with an error, not a crash")
    func deepBlockNesting() throws {
        let text = (0..<3_000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " 1\n"
        #expect(Self.error(text) != nil)
    }

    @Test("A billion-laughs alias bomb is refused quickly")
    func billionLaughs() throws {
        let bomb = """
            a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
            b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
            c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
            d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
            e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
            f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
            g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
            h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
            i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]

            """
        let start = Date()
        let error = try #require(Self.error(bomb))
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(error.message.contains("expands to more than"))
    }

    @Test("A few aliases are expanded like the anchored node")
    func aliasesExpand() throws {
        let root = try YAMLReader.parse("base: &b { type: bool, default: false }\ncopy: *b\n")
        #expect(root["copy"]?["type"]?.scalarText == "bool")
        #expect(root["copy"]?["default"]?.isPlainScalar == true)
    }

    @Test("CRLF line endings keep line numbers")
    func crlf() throws {
        let root = try YAMLReader.parse("name: App\r\nflags:\r\n  sson: x\r\n")
        #expect(root["flags"]?.mapping?.first?.key.location == TextLocation(line: 3, column: 3))
    }

    @Test("YAML: a byte order mark is not counted as a column")
    func byteOrderMarkIsNoColumn() throws {
        let root = try YAMLReader.parse([0xEF, 0xBB, 0xBF] + Array("name: App\n".utf8))
        #expect(root["name"]?.scalarText == "App")
        #expect(root.mapping?.first?.key.location == TextLocation(line: 1, column: 1))
        #expect(root.mapping?.first?.value.location == TextLocation(line: 1, column: 7))
    }

    @Test("YAML reader: a duplicate key is an error at the second occurrence")
    func duplicateKeyPosition() throws {
        let source = MarkedText("name: App\nflags:\n  sson:\n    type: bool\n    default: false\n    ‸type: int\n")
        let error = try #require(Self.error(source.text))
        #expect(error.message.contains("duplicate key 'type'"))
        #expect(error.location == source[0])
    }
}
