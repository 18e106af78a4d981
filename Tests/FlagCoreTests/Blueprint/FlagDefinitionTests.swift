import Testing

@testable import FlagCore

/// Definitions and rules keep some fields in shared boxes; they must still behave as plain values.
@Suite("Definition storage")
struct FlagDefinitionTests {
    static let origin = SourceReference(file: "blueprints/lab.yml", location: TextLocation(line: 3, column: 5))

    static func flag() -> FlagDefinition {
        FlagDefinition(
            name: "theme", key: "lab/theme", rules: ValueRules(type: .enum, values: ["light", "dark"]),
            defaultValue: .string("light"), origin: origin)
    }

    @Test("A changed copy leaves the original as it was, for common and rare fields alike")
    func copiesAreIndependent() {
        let original = Self.flag()
        var copy = original
        copy.description = "Colours"
        copy.excludedProviders = ["Remote"]
        copy.rules.values.append("auto")
        copy.rules.maximum = 3
        #expect(original.description == nil && original.excludedProviders.isEmpty)
        #expect(original.rules.values == ["light", "dark"] && original.rules.maximum == nil)
        #expect(copy.description == "Colours" && copy.excludedProviders == ["Remote"])
        #expect(copy.rules.values == ["light", "dark", "auto"] && copy.rules.maximum == 3)
        #expect(copy != original)
    }

    @Test("Setting rare fields and rules limits and clearing them again gives an equal value with an equal hash")
    func clearedFieldsCompareEqual() {
        let original = Self.flag()
        var changed = original
        changed.expires = "2027-01-01"
        changed.computed = "lab/a && lab/b"
        changed.computedOrigin = Self.origin
        changed.excludedOrigins = [Self.origin]
        changed.rules.pattern = "^[a-z]+$"
        #expect(changed != original)
        changed.expires = nil
        changed.computed = nil
        changed.computedOrigin = nil
        changed.excludedOrigins = []
        changed.rules.pattern = nil
        #expect(changed == original)
        #expect(changed.hashValue == original.hashValue)
        #expect(ValueRules(type: .int, minimum: 1) != ValueRules(type: .int))
        var bounded = ValueRules(type: .int, minimum: 1, maximum: 9)
        bounded.minimum = nil
        bounded.maximum = nil
        #expect(bounded == ValueRules(type: .int))
    }

    @Test("Every field reads back what the initialiser was given")
    func fieldsRoundTrip() {
        let flag = FlagDefinition(
            name: "rate", key: "lab/rate", rules: ValueRules(type: .double, minimum: 0.5, maximum: 4, pattern: nil),
            defaultValue: .double(1), description: "Playback rate", locked: true, hidden: true,
            tags: ["media"], owner: "team-media", expires: "2027-06-30", excludedProviders: ["QA"],
            requiresRestart: true, computed: nil, origin: Self.origin, computedOrigin: nil, isGenerated: true)
        #expect(flag.name == "rate" && flag.key == "lab/rate" && flag.type == .double)
        #expect(
            flag.rules.minimum == 0.5 && flag.rules.maximum == 4 && flag.rules.values.isEmpty
                && flag.rules.pattern == nil)
        #expect(flag.defaultValue == .double(1) && flag.description == "Playback rate")
        #expect(flag.locked && flag.hidden && flag.requiresRestart && flag.isGenerated)
        #expect(
            flag.tags == ["media"] && flag.owner == "team-media" && flag.expires == "2027-06-30"
                && flag.excludedProviders == ["QA"])
        #expect(flag.origin == Self.origin && flag.computed == nil && flag.computedOrigin == nil)
    }

    @Test("Flags of one blueprint that repeat tags and rules share one copy of them; different ones do not")
    func repeatsShareStorage() throws {
        let root = try JSONReader.parse(
            Array(
                """
                {"name": "Lab", "keyPrefix": "lab", "flags": {
                  "a": {"type": "enum", "default": "x", "description": "A", "values": ["x", "y"], "tags": ["ui", "beta"]},
                  "b": {"type": "enum", "default": "y", "description": "B", "values": ["x", "y"], "tags": ["ui", "beta"]},
                  "c": {"type": "enum", "default": "x", "description": "C", "values": ["x", "z"], "tags": ["ui"]}}}
                """.utf8))
        var loader = BlueprintLoader(file: "blueprints/lab.json")
        let blueprint = loader.load(root)
        let flags = try #require(blueprint).root.flags
        try #require(flags.count == 3)
        func address(_ list: [String]) -> UnsafeRawPointer? {
            list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(address(flags[0].tags) == address(flags[1].tags))
        #expect(address(flags[0].rules.values) == address(flags[1].rules.values))
        #expect(address(flags[0].tags) != address(flags[2].tags))
        #expect(flags[2].rules.values == ["x", "z"] && flags[1].tags == ["ui", "beta"])
    }
}
