import Foundation
import Testing

@testable import FlagCore

/// The flagd file: its forms, its checks, and what `validate` says about it.
@Suite("Rules: flagd files")
struct FlagdDocumentTests {
    @Test("defaultVariant null or absent means no default variant, not a variant named null")
    func noDefaultVariant() throws {
        for defaultPart in [#", "defaultVariant": null"#, ""] {
            let flag = try RuleFixture.flag(
                #"{"state": "ENABLED", "variants": {"null": "oops", "on": "on"}\#(defaultPart)}"#)
            #expect(flag.defaultVariant == nil)
            #expect(flag.error == nil)
            let outcome = flag.evaluate(in: try RuleFixture.context())
            #expect(outcome.result == .unset)
            #expect(outcome.trace.reason == .defaultValue)
        }
    }

    @Test("The array form of flags loads; under the providers' schema it is reported")
    func arrayForm() throws {
        let text =
            #"{"flags": [{"key": "a", "state": "ENABLED", "variants": {"on": 1}, "defaultVariant": "on"}, {"state": "ENABLED"}]}"#
        let document = try FlagdDocument.read(Array(text.utf8))
        #expect(document.flags.keys.elements == ["a"])
        #expect(document.problems.map(\.message) == [#"each flag of a "flags" list is an object with a "key""#])
        let declared =
            #"{"$schema": "https://flagd.dev/schema/v0/flags.json", "flags": [{"key": "a", "state": "ENABLED", "variants": {"on": 1}}]}"#
        let reported = try FlagdDocument.read(Array(declared.utf8))
        #expect(reported.flags["a"] != nil)
        #expect(reported.problems.first?.message.contains("list form") == true)
        #expect(reported.problems.first?.location == TextLocation(line: 1, column: 64))
    }

    @Test("Flag and flag-set metadata are kept, the flag's over the set's")
    func metadata() throws {
        let text =
            #"{"metadata": {"team": "core", "version": 1}, "flags": {"a": {"state": "ENABLED", "variants": {"on": 1}, "metadata": {"version": 2, "ok": true}}}}"#
        let document = try FlagdDocument.read(Array(text.utf8))
        #expect(document.metadata == ["team": .string("core"), "version": .int(1)])
        #expect(document.flags["a"]?.metadata == ["team": .string("core"), "version": .int(2), "ok": .bool(true)])
    }

    @Test("Provider entries: metadata as a note, rules only where there is targeting")
    func entries() throws {
        let text = #"""
            {"metadata": {"team": "core"}, "flags": {
              "plain": {"state": "ENABLED", "variants": {"on": 1}, "defaultVariant": "on", "metadata": {"owner": "ana"}},
              "ruled": {"state": "ENABLED", "variants": {"on": 1, "off": 0}, "defaultVariant": "off", "targeting": {"if": [true, "on", null]}},
              "off": {"state": "DISABLED", "variants": {"on": 1}, "defaultVariant": "on", "targeting": {"if": [true, "on", null]}},
              "none": {"state": "ENABLED", "variants": {"on": 1}, "defaultVariant": null}}}
            """#
        let file = try ProviderReaders.flagdFile(Array(text.utf8))
        let (entries, problems) = (file.entries, file.problems)
        #expect(problems.isEmpty)
        #expect(entries["plain"]?.notes == ["default variant: on", #"metadata {"team":"core","owner":"ana"}"#])
        #expect(entries["plain"]?.value == .native(.int(1)))
        #expect(entries["plain"]?.rules == nil)
        #expect(entries["ruled"]?.value == .native(.int(0)))
        #expect(entries["ruled"]?.rules?.evaluate(in: try RuleFixture.context()).result == .value(.native(.int(1))))
        #expect(entries["off"]?.value == nil)
        #expect(entries["off"]?.rules == nil)
        #expect(entries["off"]?.notes.first == "state DISABLED")
        #expect(entries["none"]?.value == nil)
        #expect(entries["none"]?.notes.first == "no default variant: the app's own default applies")
    }

    /// A flagd file whose every `‸` marks a problem `validate` must report there.
    static let invalid = MarkedText(
        """
        {
          "flags": {
            "bad-state": { "state": ‸"MAYBE", "variants": { "on": true }, "defaultVariant": "on" },
            "no-variants": { "state": "ENABLED", "variants": ‸{} },
            "mixed": { "state": "ENABLED", "variants": { "a": true, "b": ‸"yes" }, "defaultVariant": "a" },
            "ghost-default": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": ‸"off" },
            ‸"no-state": { "variants": { "on": true }, "defaultVariant": "on" },
            "weights": { "state": "ENABLED", "variants": { "a": "a", "b": "b" }, "defaultVariant": "a",
                         "targeting": { "fractional": [["a", ‸-5], ["b", ‸2.5]] } },
            "ops": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on",
                     "targeting": { "if": [{ ‸"nope": [1] }, { "sem_ver": [{ "var": "v" }, ‸"=~", "1.0.0"] }, { "var": ‸"$flagd.other" }] } },
            "ref": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on", "targeting": { ‸"$ref": "missing" } },
            "meta": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on", "metadata": { "owner": ‸["x"] } },
            "fine": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on" }
          }
        }
        """)

    @Test("Each schema violation is a problem at its line and column")
    func locatedProblems() throws {
        let document = try FlagdDocument.read(Array(Self.invalid.text.utf8))
        #expect(
            document.problems.map(\.location) == Self.invalid.marks,
            "\(document.problems.map { "\($0.location!): \($0.message)" })")
    }

    @Test("A definition flagd cannot use is an error for that flag only; schema slips still evaluate")
    func errorsStayWithTheirFlag() throws {
        let document = try FlagdDocument.read(Array(Self.invalid.text.utf8))
        for key in ["bad-state", "no-variants", "ghost-default"] {
            #expect(document.flags[key]?.error != nil, "\(key)")
            #expect(document.flags[key]?.evaluate(in: try RuleFixture.context()).trace.reason == .error)
        }
        for key in ["mixed", "no-state", "weights", "meta", "fine"] {
            #expect(document.flags[key]?.error == nil, "\(key)")
        }
        // The negative weight counts as 0 and the decimal one fails the split, as flagd has it: default variant.
        #expect(
            document.flags["weights"]?.evaluate(in: try RuleFixture.context(#"{"targeting_key": "u"}"#)).trace.reason
                == .defaultValue)
        #expect(document.flags["fine"]?.evaluate(in: try RuleFixture.context()).trace.reason == .staticValue)
    }

    @Test("100,000 levels of nesting are refused by the reader with a located error")
    func hugeNesting() throws {
        let depth = 100_000
        let text =
            #"{"flags": {"f": {"state": "ENABLED", "variants": {"a": "a"}, "defaultVariant": "a", "targeting": "#
            + String(repeating: #"{"!": ["#, count: depth) + "true" + String(repeating: "]}", count: depth) + "}}}"
        let error = #expect(throws: DocumentError.self) { try FlagdDocument.read(Array(text.utf8)) }
        #expect(error?.location.line == 1)
    }
}
