import Testing

@testable import FlagCore

/// The YAML reader builds nodes from libyaml's events itself: aliases, tags, duplicate keys and
/// the limits on nesting and alias expansion, as a user sees them.
@Suite("YAML reader: aliases, tags, duplicate keys and limits")
struct YAMLReaderStructureTests {
    static func error(_ text: String) -> DocumentError? {
        do {
            _ = try YAMLReader.parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// A node's kinds, texts and quoting, without positions.
    static func shape(_ node: SourceNode) -> String {
        switch node.content {
        case .scalar(let text, let quoted): return quoted ? text.debugDescription : text
        case .sequence(let items): return "[" + items.map(shape).joined(separator: ", ") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { shape($0.key) + ": " + shape($0.value) }.joined(separator: ", ") + "}"
        }
    }

    @Test("An alias builds the same tree as the anchored YAML written out again, at the anchor's positions")
    func aliasRepeatsTheAnchoredNode() throws {
        let source = MarkedText(
            """
            base: ‸&b { type: ‸bool, tags: [a, "b"], ‸on: ~ }
            copy: *b
            list: [*b, ‸&s 'text', *s]

            """)
        let written = """
            base: { type: bool, tags: [a, "b"], on: ~ }
            copy: { type: bool, tags: [a, "b"], on: ~ }
            list: [{ type: bool, tags: [a, "b"], on: ~ }, 'text', 'text']

            """
        let root = try YAMLReader.parse(source.text)
        #expect(Self.shape(root) == Self.shape(try YAMLReader.parse(written)))
        #expect(
            Self.shape(root)
                == #"{base: {type: bool, tags: [a, "b"], on: ~}, copy: {type: bool, tags: [a, "b"], on: ~}, list: [{type: bool, tags: [a, "b"], on: ~}, "text", "text"]}"#
        )
        let copy = try #require(root["copy"])
        #expect(copy.location == source[0])
        #expect(copy["type"]?.location == source[1])
        #expect(copy.mapping?.last?.key.location == source[2])
        #expect(root["list"]?.sequence?.map(\.location).suffix(2) == [source[3], source[3]])
    }

    @Test("An explicit !!str makes a plain scalar text; other tags leave its quoting alone")
    func explicitStringTag() throws {
        let root = try YAMLReader.parse(
            "a: !!str true\nb: !!str 12\nc: !!str ~\nd: !!str plain\ne: ! true\nf: !!int 7\n")
        let values = try #require(root.mapping).map(\.value)
        #expect(values.map(\.scalarText) == ["true", "12", "~", "plain", "true", "7"])
        #expect(values.map(\.isPlainScalar) == [false, false, false, true, true, true])
        #expect(values.map(\.kindDescription) == ["text", "text", "text", "text", "a bool", "a number"])
    }

    @Test("A tag such as !flag is an error at the value, saying to quote it")
    func customTag() throws {
        let source = MarkedText("name: App\ncomputed: ‸!flag\n")
        let error = try #require(Self.error(source.text))
        #expect(
            error.message
                == #"'!flag' is read as a YAML tag; quote the value if it starts with '!' (for example "!flag")"#)
        #expect(error.location == source[0])
    }

    @Test("A duplicate key is an error at its second occurrence, in block and flow mappings alike")
    func duplicateKeys() throws {
        let block = MarkedText("name: App\nflags:\n  a:\n    type: bool\n    ‸type: int\n")
        let blockError = try #require(Self.error(block.text))
        #expect(blockError.message == "duplicate key 'type' in a mapping")
        #expect(blockError.location == block[0])

        let flow = MarkedText("{a: 1, b: 2, ‸a: 3}\n")
        let flowError = try #require(Self.error(flow.text))
        #expect(flowError.message == "duplicate key 'a' in a mapping")
        #expect(flowError.location == flow[0])

        // A quoted and a plain key with the same text are the same string.
        let quoted = MarkedText("\"a\": 1\n‸a: 2\n")
        #expect(Self.error(quoted.text) == DocumentError("duplicate key 'a' in a mapping", at: quoted[0]))

        // A run of keys pasted twice: every repeated key named, at the second occurrence of the first named.
        let pasted = MarkedText("type: bool\ndefault: false\ntype: int\n‸default: true\n")
        #expect(Self.error(pasted.text) == DocumentError("duplicate key 'default', 'type' in a mapping", at: pasted[0]))
    }

    @Test("Keys that read as different types are not duplicates: 1 and \"1\", yes and \"yes\"")
    func differentlyTypedKeys() throws {
        let root = try YAMLReader.parse("1: a\n\"1\": b\nyes: c\n'yes': d\n")
        #expect(root.mapping?.map { Self.shape($0.key) } == ["1", "\"1\"", "yes", "\"yes\""])
    }

    @Test("Nesting is refused at the first node 512 levels deep, in flow and block style")
    func nestingLimit() throws {
        let depth = YAMLReader.maximumDepth
        #expect(Self.error(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) == nil)
        let tooDeep = DocumentError("nesting deeper than \(depth) levels", at: TextLocation(line: 1, column: depth + 1))
        #expect(
            Self.error(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)) == tooDeep)
        // libyaml's own limit, counted where its scanner has read ahead to, does not come first.
        #expect(Self.error(String(repeating: "[", count: 200_000)) == tooDeep)
        #expect(
            Self.error(String(repeating: "- ", count: 600) + "x\n")
                == DocumentError(
                    "nesting deeper than \(depth) levels", at: TextLocation(line: 1, column: 2 * depth + 1)))
        // Line n holds a mapping n - 1 levels deep; the key on line 512 is the first node 512 deep.
        let indented = (0..<600).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " 1\n"
        #expect(
            Self.error(indented)
                == DocumentError("nesting deeper than \(depth) levels", at: TextLocation(line: depth, column: depth)))
    }

    @Test("Brackets and dashes in text are not nesting")
    func bracketsInTextAreText() throws {
        let brackets = String(repeating: "[", count: 2_000)
        let root = try YAMLReader.parse(
            "a: x\(brackets)\nb: |\n  \(brackets)\n  \(String(repeating: "-", count: 2_000))\n")
        #expect(root["a"]?.scalarText == "x" + brackets)
        #expect(root["b"]?.scalarText?.count == 4_002)
    }

    @Test("An alias bomb is refused at the repeated node that passes the budget")
    func aliasBomb() throws {
        let laughs = (1...8).map { level in
            let name = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
            let previous = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level - 1)))
            return "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }.joined()
        let source = MarkedText(
            "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",‸\"lol\"]\n" + laughs)
        #expect(
            Self.error(source.text)
                == DocumentError(
                    "the document expands to more than \(YAMLReader.maximumNodes) nodes (aliases repeating aliases?)",
                    at: source[0]))
    }

    @Test("An alias bomb used as a mapping key is refused at the alias")
    func aliasBombAsKey() throws {
        let tens = (1...3).map { level in
            let name = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
            let previous = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level - 1)))
            return "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]\n"
        }.joined()
        let source = MarkedText("a: &a [x,x,x,x,x,x,x,x,x,x]\n" + tens + "? ‸*d\n: 1\n")
        #expect(
            Self.error(source.text)
                == DocumentError(
                    "mapping keys that are collections expand to more than "
                        + "\(YAMLReader.maximumCollectionKeyNodes) nodes (aliases repeating aliases?); "
                        + "keys must be plain text", at: source[0]))
    }

    @Test("An alias to no anchor is an error at the alias")
    func undefinedAlias() throws {
        let source = MarkedText("a: 1\nb: ‸*nothing\n")
        #expect(Self.error(source.text) == DocumentError("found undefined alias", at: source[0]))
    }

    @Test("A second document is an error where it starts")
    func secondDocument() throws {
        let source = MarkedText("a: 1\n‸---\nb: 2\n")
        #expect(
            Self.error(source.text)
                == DocumentError(
                    "but found another document (expected a single document in the stream at line 1, column 1)",
                    at: source[0]))
    }

    @Test("A value left empty at the end of a file without a final line break is on the file's last line")
    func emptyValueAtEndOfFile() throws {
        for text in ["name: App\nflags:", "name: App\r\nflags:", "naïve: App\nflags:"] {
            let root = try YAMLReader.parse(text)
            #expect(root["flags"]?.isNull == true)
            #expect(root["flags"]?.location == TextLocation(line: 2, column: 7), "\(text.debugDescription)")
        }
    }
}
