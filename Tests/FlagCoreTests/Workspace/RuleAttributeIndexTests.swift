import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// The attributes rules read, found by reading the compiled flagd rules: each a key of the
/// simulated device (set or not), with the rules that read it and a type hint.
@Suite("Rules: the attributes they read")
struct RuleAttributeIndexTests {
    /// Rules under a writable file.
    static let stack: [WorkspaceBuilder.Provider] = [
        .flagd("Rules", "flags.flagd.json"), .json("Local", "local.json", writable: true),
    ]

    static let rules = """
        {
          "flags": {
            "theme": { "state": "ENABLED", "variants": { "light": "light", "dark": "dark" }, "defaultVariant": "dark",
                       "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@example.com"] }, "light",
                                             { "in": [{ "var": "tier" }, ["gold", "silver"]] }, "light",
                                             { ">=": [{ "var": "age" }, 18] }, "light",
                                             { "var": "beta" }, "light",
                                             { "sem_ver": [{ "var": "app.version" }, ">=", "2.0.0"] }, "light",
                                             { "==": [{ "var": "$flagd.flagKey" }, "theme"] }, "dark", null] } },
            "greeting": { "state": "ENABLED", "variants": { "hi": "hi", "yo": "yo" }, "defaultVariant": "hi",
                          "targeting": { "fractional": [["hi", 50], ["yo", 50]] } },
            "retries": { "state": "ENABLED", "variants": { "few": 1, "many": 7 }, "defaultVariant": "few",
                         "targeting": { "if": [{ "==": [{ "var": "tier" }, "platinum"] }, "many",
                                               { "some": [[1, 2], { "==": [{ "var": "" }, 2] }] }, "few",
                                               { "map": [[1], { "var": "item_field" }] }, "few", null] } },
            "dark_mode": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
                           "targeting": { "if": [{ "==": [{ "var": "beta" }, true] }, "on", "off"] } }
          }
        }
        """

    static func load() throws -> (ProviderSandbox, Workspace) {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        try sandbox.write("flags.flagd.json", Self.rules)
        return (sandbox, sandbox.load())
    }

    @Test(
        "Every context attribute a rule reads is listed by key: targetingKey as context/targeting_key, dotted paths as keys, $flagd and items not at all"
    )
    func attributesByKey() throws {
        let (sandbox, workspace) = try Self.load()
        defer { sandbox.remove() }
        #expect(
            workspace.ruleAttributes.map(\.key) == [
                "context/age", "context/app/version", "context/beta", "context/email", "context/targeting_key",
                "context/tier",
            ])
    }

    @Test(
        "An attribute lists the rules that read it, in the trace's words, with the provider and flag",
        arguments: [
            (
                "context/email",
                [AttributeReader(provider: "Rules", flag: "theme", rule: #"email ends_with "@example.com""#)]
            ),
            (
                "context/tier",
                [
                    AttributeReader(provider: "Rules", flag: "theme", rule: #"tier in ["gold", "silver"]"#),
                    AttributeReader(provider: "Rules", flag: "retries", rule: #"tier == "platinum""#),
                ]
            ),
            (
                "context/beta",
                [
                    AttributeReader(provider: "Rules", flag: "theme", rule: "beta"),
                    AttributeReader(provider: "Rules", flag: "dark_mode", rule: "beta == true"),
                ]
            ),
            (
                "context/app/version",
                [AttributeReader(provider: "Rules", flag: "theme", rule: #"app.version sem_ver >= "2.0.0""#)]
            ),
            (
                "context/targeting_key",
                [AttributeReader(provider: "Rules", flag: "greeting", rule: #"fractional(["hi", 50], ["yo", 50])"#)]
            ),
        ])
    func readers(key: String, expected: [AttributeReader]) throws {
        let (sandbox, workspace) = try Self.load()
        defer { sandbox.remove() }
        let attribute = try #require(workspace.ruleAttributes.first { $0.key == key })
        #expect(
            attribute.readers.map { AttributeReader(provider: $0.provider, flag: $0.flag, rule: $0.rule) } == expected)
        #expect(attribute.readers.allSatisfy { $0.location != nil })
    }

    @Test(
        "The type hint comes from what the rules compare the attribute with; text values become suggestions",
        arguments: [
            ("context/email", AttributeTypeHint.text, [String]()),
            ("context/tier", .text, ["gold", "silver", "platinum"]),
            ("context/age", .number, []),
            ("context/beta", .bool, []),
            ("context/app/version", .version, []),
            ("context/targeting_key", .text, []),
        ])
    func typeHints(key: String, hint: AttributeTypeHint, suggestions: [String]) throws {
        let (sandbox, workspace) = try Self.load()
        defer { sandbox.remove() }
        let attribute = try #require(workspace.ruleAttributes.first { $0.key == key })
        #expect(attribute.typeHint == hint)
        #expect(attribute.suggestions == suggestions)
    }

    @Test("An attribute nobody sets is a key: get shows it unset, and set writes it")
    func attributesAreKeys() throws {
        let (sandbox, workspace) = try Self.load()
        defer { sandbox.remove() }
        let email = try workspace.requireResolution("context/email")
        #expect(email.value == nil)
        #expect(email.flag.isGenerated)
        #expect(email.flag.description == "Simulated device context, read by the rules of theme")
        #expect(email.flag.origin.file == "flags.flagd.json")
        let report = try FlagEditor(workspace: workspace).set(
            ["context/email": .string("ana@example.com")], force: false)
        #expect(try sandbox.read("local.json").contains(#""context/email": "ana@example.com""#))
        let theme = try report.workspace.requireResolution("theme")
        #expect(theme.value == .string("light"))
        #expect(
            theme.layers[0].rules?.steps.first?.reads == [
                ContextRead(key: "context/email", value: .string("ana@example.com"))
            ])
    }

    @Test("A workspace without rules reads no attributes")
    func noRules() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write(
            "flags.flagd.json",
            #"{"flags": {"theme": {"state": "ENABLED", "variants": {"a": "dark"}, "defaultVariant": "a"}}}"#)
        #expect(sandbox.load().ruleAttributes.isEmpty)
    }

    @Test("A rule that reads an attribute twice is one reader of it; the same words elsewhere in the flag are another")
    func repeatedReadsInOneRule() throws {
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write(
            "flags.flagd.json",
            """
            {"flags": {"theme": {"state": "ENABLED", "variants": {"a": "dark", "b": "light"}, "defaultVariant": "a",
              "targeting": {"if": [{"==": [{"var": "tier"}, {"var": "tier"}]}, "b",
                                   {"missing": ["tier", "tier"]}, "a",
                                   {"==": [{"var": "tier"}, {"var": "tier"}]}, "b", null]}}}}
            """)
        let tier = try #require(sandbox.load().ruleAttributes.first { $0.key == "context/tier" })
        #expect(tier.readers.map(\.rule) == ["tier == tier", #"missing("tier", "tier")"#, "tier == tier"])
        #expect(tier.readers.map { $0.location?.line } == [2, 3, 4])
        #expect(tier.readerLines().first == "Rules: theme (tier == tier)")
    }

    @Test("An attribute that thousands of flags read lists each reader once and each compared value once")
    func manyReadersOfOneAttribute() throws {
        let domains = ["@a.example", "@b.example", "@c.example"]
        let flags = (0..<3000).map { index in
            #""flag_\#(index)": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off", "targeting": { "if": [{ "==": [{ "var": "email" }, "\#(domains[index % 3])"] }, "on", "off"] } }"#
        }
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write("flags.flagd.json", #"{"flags": {"# + flags.joined(separator: ",\n") + "}}")
        let email = try #require(sandbox.load().ruleAttributes.first { $0.key == "context/email" })
        #expect(email.readers.count == 3000)
        #expect(Set(email.readers.map(\.flag)).count == 3000)
        #expect(email.readers.first?.rule.contains("@a.example") == true)
        #expect(email.suggestions == domains)
        #expect(email.typeHint == .text)
    }

    @Test(
        "Loading makes the same keys of the device, from the same first readers, whether or not it stops walking a file's rules early"
    )
    func firstReadsStopOnlyWhenNothingIsLeft() throws {
        // Flags that read only what earlier flags read, then each way of reading a new one
        // late in the file: missing_some, a shared rule, a var with a default, a fractional.
        let repeats = (0..<50).map { index in
            #""repeat_\#(index)": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off", "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@x.example"] }, "on", "off"] } }"#
        }
        let late = [
            #""by_missing_some": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off", "targeting": { "if": [{ "missing_some": [1, ["plan", "email"]] }, "on", "off"] } }"#,
            #""by_ref": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off", "targeting": { "if": [{ "$ref": "in_region" }, "on", "off"] } }"#,
            #""by_default": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off", "targeting": { "if": [{ "==": [{ "var": ["user.country", "DE"] }, "FR"] }, "on", "off"] } }"#,
            #""by_split": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off", "targeting": { "fractional": [["on", 50], ["off", 50]] } }"#,
            #""by_item": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off", "targeting": { "if": [{ "some": [{ "var": "cart" }, { ">": [{ "var": "price" }, 10] }] }, "on", "off"] } }"#,
        ]
        let sandbox = try ProviderSandbox.with(providers: Self.stack)
        defer { sandbox.remove() }
        try sandbox.write(
            "flags.flagd.json",
            #"{"$evaluators": {"in_region": {"in": [{"var": "region"}, ["eu", "us"]]}}, "flags": {"#
                + (repeats + late).joined(separator: ",\n") + "}}")
        let workspace = sandbox.load()
        let walkedWhole = workspace.providers.map { provider -> ProviderData in
            var whole = provider
            whole.ruleAttributeKeys = nil
            return whole
        }
        let early = RuleAttributeIndex.firstReads(of: workspace.providers)
        let whole = RuleAttributeIndex.firstReads(of: walkedWhole)
        #expect(early.map(\.key) == whole.map(\.key))
        #expect(early.map(\.reader.flag) == whole.map(\.reader.flag))
        #expect(
            early.map(\.key) == [
                "context/email", "context/plan", "context/region", "context/user/country", "context/targeting_key",
                "context/cart", "context/price",
            ])
        // They are keys of the device in key order, as the Context branch lists them.
        let readKeys = Set(early.map(\.key))
        #expect(workspace.flags.keys.filter(readKeys.contains) == early.map(\.key).sorted())
        // The whole index, built when first read, agrees on the keys and each one's first reader.
        #expect(workspace.ruleAttributes.map(\.key) == early.map(\.key).sorted())
        for read in early {
            #expect(workspace.ruleAttribute(read.key)?.readers.first?.flag == read.reader.flag)
            #expect(workspace.flags[read.key] != nil)
        }
    }
}
