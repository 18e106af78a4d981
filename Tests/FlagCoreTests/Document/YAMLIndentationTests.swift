import Foundation
import Testing

@testable import FlagCore

/// A mis-indented YAML line is reported as such, at the start of the line that is off.
@Suite("Indentation diagnostics")
struct YAMLIndentationTests {
    static func parseError(_ text: String) throws -> DocumentError {
        do {
            _ = try YAMLReader.parse(text)
        } catch {
            return error
        }
        Issue.record("the YAML parsed")
        throw DocumentError("parsed", at: .start)
    }

    @Test("A key indented deeper than the key above it: 'the indentation is off', at the line's first character")
    func deeperThanAbove() throws {
        let source = MarkedText("name: App\nflags:\n  alpha:\n    type: bool\n     ‸default: false\n")
        let error = try Self.parseError(source.text)
        #expect(error.location == source[0])
        #expect(
            error.message
                == "the indentation is off: line 5 starts at column 6, deeper than the line above (column 5), so it reads as the rest of that value; keys of one mapping start in the same column"
        )
    }

    @Test("A key between two levels names both columns it could belong to")
    func betweenLevels() throws {
        let source = MarkedText("name: App\nflags:\n  alpha:\n    type: bool\n   ‸default: false\n")
        let error = try Self.parseError(source.text)
        #expect(error.location == source[0])
        #expect(
            error.message
                == "the indentation is off: line 5 starts at column 4, between the keys at column 3 (line 3) and column 5 (line 4); indent it like one of them"
        )
    }

    @Test("A second ': ' in an unquoted value is not an indentation problem: the advice is to quote it")
    func colonInValue() throws {
        let source = MarkedText("name: App\ndescription: Note‸: quoted text\n")
        let error = try Self.parseError(source.text)
        #expect(error.location == source[0])
        #expect(
            error.message.hasPrefix(
                "mapping values are not allowed in this context: a second ': ' on this line; if it is part of the text, put the value in quotes"
            ))
    }
}
