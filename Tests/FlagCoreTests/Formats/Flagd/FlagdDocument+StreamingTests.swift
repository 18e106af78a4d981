import Foundation
import Testing

@testable import FlagCore

/// A flagd file is read a flag at a time; what the flags need from the rest of the file may
/// come before or after them, and a broken file fails where the whole-document parser said.
@Suite("flagd files read a flag at a time")
struct FlagdDocumentStreamingTests {
    static let flags = #"""
        "flags": {
          "gold": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                   "targeting": {"if": [{"$ref": "isGold"}, "on", "off"]}},
          "plain": {"state": "ENABLED", "variants": {"a": "A"}, "defaultVariant": "a", "metadata": {"team": "web"}},
          "email": {"state": "ENABLED", "variants": {"on": 1, "off": 0}, "defaultVariant": "off",
                    "targeting": {"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on", "off"]}}
        }
        """#
    static let evaluators = #""$evaluators": {"isGold": {"==": [{"var": "plan"}, "gold"]}, "unused": {"nonsense": []}}"#
    static let metadata = #""metadata": {"owner": "checkout", "version": 3}"#
    static let schema = #""$schema": "https://flagd.dev/schema/v0/flags.json""#

    /// The flags as a device with a gold plan and an example.com address gets them, with
    /// their metadata, and the problems' messages: everything but where things are written.
    static func outcome(of members: [String]) throws -> [String] {
        let text = "{" + members.joined(separator: ",\n") + "}"
        let document = try FlagdDocument.read(Array(text.utf8))
        let context = try RuleFixture.context(#"{"plan": "gold", "email": "qa@example.com"}"#)
        var lines = document.flags.values.map { flag in
            let outcome = flag.evaluate(in: context)
            return
                "\(flag.key) \(outcome.result) \(outcome.trace.variant ?? "-") \(JSONValue.object(flag.metadata).compactText(limit: 200))"
        }
        lines += document.problems.map(\.message)
        lines.append("set metadata \(JSONValue.object(document.metadata).compactText(limit: 200))")
        return lines
    }

    @Test("Shared rules and the set's metadata apply to the flags whether written before or after them")
    func anyOrder() throws {
        let before = try Self.outcome(of: [Self.evaluators, Self.metadata, Self.flags])
        #expect(before.contains { $0.hasPrefix("gold ") && $0.contains(" on ") && $0.contains(#""owner":"checkout""#) })
        #expect(
            before.contains { $0.hasPrefix("plain ") && $0.contains(#""team":"web""#) && $0.contains(#""version":3"#) })
        #expect(before.contains("unknown operator 'nonsense'"))
        for order in [
            [Self.flags, Self.evaluators, Self.metadata], [Self.evaluators, Self.flags, Self.metadata],
            [Self.metadata, Self.flags, Self.evaluators], [Self.flags, Self.metadata, Self.evaluators],
        ] {
            #expect(try Self.outcome(of: order) == before, "\(order.map { $0.prefix(12) })")
        }
    }

    @Test("Shared rules after flags that do not use them are still checked, and the flags are read once")
    func lateRulesNobodyUses() throws {
        let flags =
            #""flags": {"a": {"state": "ENABLED", "variants": {"x": 1}, "defaultVariant": "x", "targeting": {"if": [{"var": "vip"}, "x", null]}}}"#
        let text = "{\(flags), \"$evaluators\": {\"broken\": {\"sem_ver\": [1]}}}"
        var handed: [String] = []
        let (_, problems, namesRead) = try FlagdDocument.read(Array(text.utf8), knownKeys: KnownKeys()) {
            handed.append($0.key)
        }
        #expect(handed == ["a"])
        #expect(problems.count == 1)
        #expect(problems.first?.location?.line == 1)
        #expect(namesRead == ["vip"])
    }

    @Test("A flag read again when shared rules come after it keeps its place among the provider's entries")
    func entriesKeepFileOrder() throws {
        let text = "{" + [Self.flags, Self.evaluators].joined(separator: ",") + "}"
        let read = try ProviderReaders.flagdFile(Array(text.utf8))
        #expect(Array(read.entries.keys) == ["gold", "plain", "email"])
        #expect(read.attributeKeys == ["context/plan", "context/email"])
    }

    @Test("The list form's schema note holds whether $schema comes before or after the flags")
    func schemaNoteAnyOrder() throws {
        let list = #""flags": [{"key": "a", "state": "ENABLED", "variants": {"x": 1}, "defaultVariant": "x"}]"#
        for text in ["{\(Self.schema), \(list)}", "{\(list), \(Self.schema)}"] {
            let document = try FlagdDocument.read(Array(text.utf8))
            #expect(Array(document.flags.keys) == ["a"])
            #expect(
                document.problems.map(\.message).contains { $0.contains("the list form is flagd.json's") }, "\(text)")
        }
    }

    /// Broken files: each fails with the whole-document parser's error, at its place.
    static let broken: [String] = [
        #"{"flags": {"a": {"state": "ENABLED", "variants": {"x": 1}"#,
        #"{"flags": {"a": {}, "a": {}}}"#,
        #"{"flags": {"a": {}}, "metadata": {"x": tru}}"#,
        #"{"flags": {"a": {"variants": [1 2]}}, "flags": {}}"#,
        #"{"flags": [{"key": "a"} {"key": "b"}]}"#,
        #"{"flags": {"a": {}}} trailing"#,
        #"{"flags": {"a": {}},}"#,
        #"{"$evaluators": {"x": {"var": "y"}}, "flags": {"a": "\u12"}}"#,
        "{\"flags\": {\"a\": " + String(repeating: "[", count: 600) + "}}",
        "[1, 2",
        "",
    ]

    @Test("A broken file fails where and as the whole-document parser says", arguments: broken)
    func brokenFiles(text: String) throws {
        let expected = #expect(throws: DocumentError.self) { try JSONReader.parse(Array(text.utf8)) }
        let streamed = #expect(throws: DocumentError.self) { try FlagdDocument.read(Array(text.utf8)) }
        #expect(streamed?.message == expected?.message)
        #expect(streamed?.location == expected?.location)
    }

    @Test("A file that is JSON but not a flagd file is refused where the parse saw it")
    func notAFlagdFile() throws {
        for (text, line, column) in [
            ("[1, 2]", 1, 1), ("\n  {\"flag\": {}}", 2, 3), (#"{"flags": 3}"#, 1, 11),
            (#"{"flags": "x", "a": 1}"#, 1, 11),
        ] {
            let error = #expect(throws: DocumentError.self) { try FlagdDocument.read(Array(text.utf8)) }
            #expect(error?.message == #"a flagd file is a JSON object with "flags""#, "\(text)")
            #expect(error?.location == TextLocation(line: line, column: column), "\(text)")
        }
    }
}
