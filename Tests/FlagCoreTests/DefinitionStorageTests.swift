import Testing
@testable import FlagCore

/// Definitions and rules keep some fields in shared boxes; they must still behave as plain values.
@Suite("Definition storage")
struct DefinitionStorageTests {
    static let origin = SourceReference(file: "blueprints/lab.yml", location: TextLocation(line: 3, column: 5))

    static func flag() -> FlagDefinition {
        FlagDefinition(name: "theme", key: "lab/theme", rules: ValueRules(type: .enum, values: ["light", "dark"]),
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
        let flag = FlagDefinition(name: "rate", key: "lab/rate", rules: ValueRules(type: .double, minimum: 0.5, maximum: 4, pattern: nil),
                                  defaultValue: .double(1), description: "Playback rate", locked: true, hidden: true,
                                  tags: ["media"], owner: "team-media", expires: "2027-06-30", excludedProviders: ["QA"],
                                  requiresRestart: true, computed: nil, origin: Self.origin, computedOrigin: nil, isGenerated: true)
        #expect(flag.name == "rate" && flag.key == "lab/rate" && flag.type == .double)
        #expect(flag.rules.minimum == 0.5 && flag.rules.maximum == 4 && flag.rules.values.isEmpty && flag.rules.pattern == nil)
        #expect(flag.defaultValue == .double(1) && flag.description == "Playback rate")
        #expect(flag.locked && flag.hidden && flag.requiresRestart && flag.isGenerated)
        #expect(flag.tags == ["media"] && flag.owner == "team-media" && flag.expires == "2027-06-30" && flag.excludedProviders == ["QA"])
        #expect(flag.origin == Self.origin && flag.computed == nil && flag.computedOrigin == nil)
    }
}
