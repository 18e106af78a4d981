import Foundation
import Testing

@testable import FlagCore

/// What the fuzz targets (Fuzz/, Scripts/fuzz) found, each pinned by what a user sees; the
/// minimised inputs are kept in Fuzz/Reproducers/ and replayed by FuzzTargetTests.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
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

    /// YAML keys that are collections nested in one another (`? ? ? … a`): the JSON text naming
    /// each level quoted the level below, doubling its escapes, so 40 levels (81 bytes) never
    /// finished. A json flag's default written so now loads at once, its key cut with `…`.
    @Test("A json default whose YAML keys nest forty deep loads at once, its key text cut")
    func nestedCollectionKeys() throws {
        let nested = String(repeating: "? ", count: 40) + "a"
        let start = ContinuousClock.now
        let workspace = try Fixture.load(
            blueprint:
                "name: App\nflags:\n  settings:\n    type: json\n    description: d\n    default:\n      \(nested)\n")
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(!workspace.hasErrors)
        guard case .json(.object(let members))? = workspace.flags["settings"]?.defaultValue else {
            Issue.record(
                "the default is no JSON object: \(String(describing: workspace.flags["settings"]?.defaultValue))")
            return
        }
        let key = try #require(members.keys.first)
        #expect(key.hasPrefix(#"{"{\"{\\\"{"#))
        #expect(key.hasSuffix("…"))
        #expect(key.utf8.count <= JSONValue.collectionKeyLimit + 3)
    }
}
