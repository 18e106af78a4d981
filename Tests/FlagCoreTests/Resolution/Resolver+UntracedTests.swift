import Foundation
import Testing

@testable import FlagCore

/// Resolving every key at once (the browser's rows, its first frame) evaluates rules without
/// their steps: the values, variants, reasons and errors are the ones a traced resolve gives.
@Suite("Rules: resolving without steps")
struct ResolverUntracedTests {
    static let rules = """
        {
          "flags": {
            "mail": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
                      "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@example.com"] }, "on", "off"] } },
            "version": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
                         "targeting": { "if": [{ "sem_ver": [{ "var": "app_version" }, ">=", "2.3.0"] }, "on", "off"] } },
            "country": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
                         "targeting": { "if": [{ "in": [{ "var": "country" }, ["DE", "IT"]] }, "on", "off"] } },
            "split": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
                       "targeting": { "fractional": [["on", 30], ["off", 70]] } },
            "chained": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
                         "targeting": { "if": [{ "ends_with": [{ "var": "email" }, "@staff.io"] }, "on",
                                               { "and": [{ "in": [{ "var": "country" }, ["DE"]] },
                                                         { "sem_ver": [{ "var": "app_version" }, ">=", "2.0.0"] }] },
                                               { "fractional": [["on", 50], ["off", 50]] }, "off"] } },
            "no_variant": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": null,
                           "targeting": { "if": [{ "==": [{ "var": "country" }, "FR"] }, "on", null] } },
            "bad_version": { "state": "ENABLED", "variants": { "on": true, "off": false }, "defaultVariant": "off",
                            "targeting": { "if": [{ "sem_ver": [{ "var": "email" }, ">=", "1.0.0"] }, "on", "off"] } },
            "broken": { "state": "ENABLED", "variants": { "on": true }, "defaultVariant": "on",
                        "targeting": { "if": [true, { "nonsense": [] }, "on"] } },
            "off": { "state": "DISABLED", "variants": { "on": true }, "defaultVariant": "on",
                     "targeting": { "if": [true, "on", "on"] } }
          }
        }
        """

    /// A blueprint declaring every flag of ``rules`` as a bool.
    static let blueprint =
        "name: App\ndescription: Targeted flags\nflags:\n"
        + ["mail", "version", "country", "split", "chained", "noVariant", "badVersion", "broken", "off"].map {
            "  \($0):\n    type: bool\n    default: false\n    description: Targeted\n"
        }.joined()

    /// A resolution as a bulk resolve may give it: every rule trace without its steps.
    static func withoutSteps(_ resolution: Resolution) -> Resolution {
        var resolution = resolution
        for index in resolution.layers.indices { resolution.layers[index].rules?.steps = [] }
        return resolution
    }

    @Test(
        "Every key resolved without steps has the traced value, source, variant, reason and error",
        arguments: [
            #"{"context/email": "ana@example.com", "context/app_version": "2.4.1", "context/country": "DE", "context/targeting_key": "u-1"}"#,
            #"{"context/email": "bo@staff.io", "context/app_version": "1.9.0", "context/country": "FR", "context/targeting_key": "u-2"}"#,
            #"{"context/email": "cy@other.org", "context/app_version": "not a version", "context/country": "IT"}"#,
        ])
    func untracedMatchesTraced(device: String) throws {
        let sandbox = try ProviderSandbox.with(providers: ResolverRulesTests.stack, blueprint: Self.blueprint)
        defer { sandbox.remove() }
        try sandbox.write("flags.flagd.json", Self.rules)
        try sandbox.write("device.json", device)
        let workspace = sandbox.load()
        let now = RuleFixture.now
        let traced = Resolver(workspace: workspace, now: now).resolveAll()
        var untraced: [Resolution] = []
        Resolver(workspace: workspace, now: now, tracingRuleSteps: false).forEachResolution { untraced.append($0) }
        #expect(untraced == traced.map(Self.withoutSteps))
        // The traced resolve does record steps, so the comparison above left something out.
        let ruled = traced.flatMap(\.layers).compactMap(\.rules)
        // The disabled flag has no rules to run, and says so: DISABLED, without steps.
        #expect(ruled.count == 9)
        #expect(ruled.filter { $0.reason == .disabled }.count == 1)
        #expect(ruled.filter { !$0.steps.isEmpty }.count >= 7)
        let untracedRules = untraced.flatMap(\.layers).compactMap(\.rules)
        #expect(untracedRules.count == 9 && untracedRules.allSatisfy { $0.steps.isEmpty })
    }

    @Test("Without steps, a rule's variant, reason and error code are still given")
    func untracedKeepsDecision() throws {
        let sandbox = try ProviderSandbox.with(providers: ResolverRulesTests.stack, blueprint: Self.blueprint)
        defer { sandbox.remove() }
        try sandbox.write("flags.flagd.json", Self.rules)
        try sandbox.write("device.json", #"{"context/email": "ana@example.com", "context/country": "FR"}"#)
        let workspace = sandbox.load()
        var byKey: [String: Resolution] = [:]
        Resolver(workspace: workspace, tracingRuleSteps: false).forEachResolution { byKey[$0.flag.key] = $0 }
        #expect(byKey["mail"]?.value == .bool(true))
        #expect(byKey["mail"]?.variant == "on")
        #expect(byKey["mail"]?.layers[0].rules?.reason == .targetingMatch)
        #expect(byKey["no_variant"]?.variant == "on")
        #expect(byKey["broken"]?.layers[0].rules?.errorCode == "PARSE_ERROR")
    }

    /// A bool flag read from an Unleash toggle that has variants: `list` (resolved without
    /// steps) named no variant and said TARGETING_MATCH, while `get` named the variant the
    /// split chose and said SPLIT.
    @Test("An Unleash toggle with variants gives a bool flag the same variant and reason with or without steps")
    func unleashBoolFlagVariantWithoutSteps() throws {
        let sandbox = try ProviderSandbox.with(
            providers: """
                  - name: Toggles
                    format: unleash
                    path: toggles.json
                  - name: Device
                    format: json
                    path: device.json

                """,
            blueprint: "name: App\nflags:\n  bigCache:\n    type: bool\n    default: false\n")
        defer { sandbox.remove() }
        try sandbox.write(
            "toggles.json",
            """
            {"version": 2, "features": [{"name": "big_cache", "enabled": true,
              "strategies": [{"name": "default"}],
              "variants": [{"name": "small", "weight": 500, "weightType": "variable", "stickiness": "default"},
                           {"name": "large", "weight": 500, "weightType": "variable", "stickiness": "default"}]}]}
            """)
        try sandbox.write("device.json", #"{"context/targeting_key": "listener-4711"}"#)
        let workspace = sandbox.load()
        let traced = try #require(Resolver(workspace: workspace).resolve("big_cache"))
        var listed: Resolution?
        Resolver(workspace: workspace, tracingRuleSteps: false).forEachResolution {
            if $0.flag.key == "big_cache" { listed = $0 }
        }
        let untraced = try #require(listed)
        #expect(traced.value == .bool(true))
        #expect(traced.variant != nil)
        #expect(untraced.variant == traced.variant)
        #expect(untraced.winningLayer?.rules?.reason == .split)
        #expect(traced.winningLayer?.rules?.reason == .split)
    }
}
