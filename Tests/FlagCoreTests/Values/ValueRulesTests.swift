import Foundation
import Testing

@testable import FlagCore

/// `ValueRules` decides whether a value fits a flag, from every way a value arrives: text typed
/// into `set` or the browser, text from an environment variable, a JSON or plist value, a YAML
/// node of a blueprint. What is accepted, as what, and the words a refusal uses.
@Suite("Value rules")
struct ValueRulesTests {
    /// A result as a user reads it: the value shown, or the refusal.
    static func said(_ result: Result<FlagValue, ValueError>) -> String {
        switch result {
        case .success(.string(let text)): return "text \(text)"
        case .success(.json(let json)): return "json \(json.compactText)"
        case .success(let value): return "\(value.displayText)"
        case .failure(let error): return "refused: \(error.message)"
        }
    }

    /// The value of `key` in a one-line YAML document.
    static func node(_ yaml: String) throws -> SourceNode {
        try #require(try YAMLReader.parse("v: \(yaml)\n")["v"])
    }

    /// A whole number from 1 to 500.
    static let int = ValueRules(type: .int, minimum: 1, maximum: 500)
    /// An enum of three themes.
    static let theme = ValueRules(type: .enum, values: ["system", "light", "dark"])

    @Test(
        "Typed text is read by the flag's type",
        arguments: [
            (ValueRules(type: .bool), "on", "true"), (ValueRules(type: .bool), "NO", "false"),
            (ValueRules(type: .bool), "maybe", "refused: 'maybe' is not a bool; use true/false, on/off, yes/no or 1/0"),
            (int, " 42\t", "42"), (int, "4.5", "refused: '4.5' is not a whole number (allowed: 1 to 500)"),
            (int, "0", "refused: 0 is below the minimum (allowed: 1 to 500)"),
            (int, "501", "refused: 501 is above the maximum (allowed: 1 to 500)"),
            (ValueRules(type: .double, minimum: 0.5), "2", "2.0"),
            (
                ValueRules(type: .double, minimum: 0.5), "0.25",
                "refused: 0.25 is below the minimum (allowed: at least 0.5)"
            ),
            (ValueRules(type: .double, maximum: 3), "x", "refused: 'x' is not a number (allowed: at most 3.0)"),
            (ValueRules(type: .string), " spaced ", "text  spaced "),
            (theme, "dark", "text dark"),
            (theme, "drak", "refused: 'drak' is not one of system, light, dark; did you mean 'dark'?"),
            (ValueRules(type: .date), "2026-03-01", "2026-03-01"),
            (
                ValueRules(type: .date), "March",
                "refused: 'March' is not a date; write YYYY-MM-DD or 2026-03-01T09:30:00Z"
            ),
            (ValueRules(type: .url), "https://example.com/a", "https://example.com/a"),
            (
                ValueRules(type: .url), "example.com",
                "refused: 'example.com' is not a URL with a scheme, such as https://example.com"
            ),
            (
                ValueRules(type: .url), "https://a b",
                "refused: 'https://a b' is not a URL with a scheme, such as https://example.com"
            ),
            (ValueRules(type: .json), #"{"a": [1, true]}"#, #"json {"a":[1,true]}"#),
        ] as [(ValueRules, String, String)])
    func typedText(rules: ValueRules, text: String, result: String) {
        #expect(Self.said(rules.value(fromText: text)) == result)
    }

    @Test("Bools from files are only true and false; the lenient words are for what people type")
    func strictBools() {
        let rules = ValueRules(type: .bool)
        #expect(Self.said(rules.value(fromText: "yes", lenientBools: false)).hasPrefix("refused: 'yes' is not a bool"))
        #expect(Self.said(rules.value(fromText: "true", lenientBools: false)) == "true")
        #expect(ValueRules.trueWords.isDisjoint(with: ValueRules.falseWords))
    }

    @Test(
        "JSON and plist values keep their types, and a mismatch names what was found",
        arguments: [
            (ValueRules(type: .bool), JSONValue.int(3), "refused: expected a bool, found a whole number (3)"),
            (ValueRules(type: .double), .int(3), "3.0"),
            (int, .int(900), "refused: 900 is above the maximum (allowed: 1 to 500)"),
            (int, .double(2.5), "refused: expected a whole number, found a number (2.5)"),
            (ValueRules(type: .string), .bool(true), "refused: expected text, found a bool (true)"),
            (theme, .string("light"), "text light"),
            (theme, .null, "refused: expected one of system, light, dark, found null"),
            (ValueRules(type: .url), .array([]), "refused: expected a URL, found a list"),
            (ValueRules(type: .date), .object([:]), "refused: expected a date, found an object"),
            (ValueRules(type: .json), .array([.int(1)]), "json [1]"),
        ] as [(ValueRules, JSONValue, String)])
    func nativeValues(rules: ValueRules, json: JSONValue, result: String) {
        #expect(Self.said(rules.value(fromJSON: json)) == result)
    }

    @Test(
        "A blueprint's YAML value: quotes make text, and a quoted bool or number says to remove them",
        arguments: [
            (ValueRules(type: .bool), "true", "true"),
            (
                ValueRules(type: .bool), #""true""#,
                #"refused: expected a bool (true or false), found text "true"; remove the quotes"#
            ),
            (int, "12", "12"), (int, "1.5", "refused: expected a whole number, found 1.5"),
            (int, #""12""#, #"refused: expected a whole number, found text "12"; remove the quotes"#),
            (ValueRules(type: .string), "true", "refused: expected text, found a bool true; quote it to make it text"),
            (ValueRules(type: .string), #""true""#, "text true"), (ValueRules(type: .string), "yes", "text yes"),
            (ValueRules(type: .string), "~", "refused: expected text, found null"),
            (ValueRules(type: .json), "{a: [1, 2]}", #"json {"a":[1,2]}"#),
        ] as [(ValueRules, String, String)])
    func blueprintNodes(rules: ValueRules, yaml: String, result: String) throws {
        #expect(Self.said(rules.value(from: try Self.node(yaml))) == result)
    }

    @Test("A pattern that stands for a kind of text is named by the kind, with an example")
    func patterns() {
        var version = ValueRules(type: .string, pattern: #"\d+(\.\d+){0,2}"#)
        #expect(Self.said(version.value(fromText: "17.4.1")) == "text 17.4.1")
        #expect(
            Self.said(version.value(fromText: "17.x")) == #"refused: '17.x' does not match the pattern \d+(\.\d+){0,2}"#
        )
        version.textKind = ValueRules.TextKind(name: "version", example: "17.4.1")
        #expect(
            Self.said(version.value(fromText: "17.x")) == "refused: '17.x' is not a version: type one, such as 17.4.1")
        #expect(version.kindWord == "version" && ValueRules(type: .int).kindWord == "int")
        // A pattern that is not a regular expression is reported where it is declared, not here.
        #expect(Self.said(ValueRules(type: .string, pattern: "(").value(fromText: "x")) == "text x")
    }

    @Test("A context attribute keeps the JSON type its source gives; text sources and typed text stay text unless JSON")
    func anyJSON() {
        let rules = ValueRules.anyJSON
        #expect(Self.said(rules.value(from: .native(.int(12)))) == "json 12")
        #expect(Self.said(rules.value(from: .text("12"))) == "text 12")
        #expect(Self.said(rules.value(fromText: "12")) == "json 12")
        #expect(Self.said(rules.value(fromText: #""12""#)) == "text 12")
        #expect(Self.said(rules.value(fromText: "de-CH")) == "text de-CH")
        #expect(
            Self.said(rules.value(fromText: "null")) == "refused: null is no value; reset the key to leave it unset")
        #expect(rules.typeDescription == "text or any JSON value")
    }

    @Test("Only the rules that are set take room, and equal rules compare equal however they were made")
    func compact() {
        #expect(MemoryLayout<ValueRules>.size <= 16)
        var edited = ValueRules(type: .int, minimum: 1)
        edited.minimum = nil
        #expect(edited == ValueRules(type: .int))
        #expect(ValueRules.number(3, for: .int) == "3" && ValueRules.number(0.5, for: .double) == "0.5")
    }
}
