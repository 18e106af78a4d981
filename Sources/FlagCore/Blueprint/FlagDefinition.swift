/// One flag as a blueprint declares it.
///
/// A value type whose fields live in one shared, copy-on-write box: a definition is copied
/// into the blueprint's collection, the workspace's key index and every resolution, and at
/// 100k flags copying ~300 bytes of fields (and retaining each of their strings) each time
/// cost a fifth of a load and about 90 MB. Fields most flags leave empty (expiry, excluded
/// providers, a computed value) sit in a second box that exists only when one is set, so the
/// first box is about 160 bytes.
package struct FlagDefinition: Sendable, Hashable {
    /// The fields most flags have, stored once however many copies of the definition exist.
    private struct Fields: Hashable {
        var name: String
        var key: String
        var rules: ValueRules
        // The flags right after the 17-byte optional value fill its padding (fields are laid out in order).
        var defaultValue: FlagValue?
        var locked: Bool
        var hidden: Bool
        var requiresRestart: Bool
        var isGenerated: Bool
        var description: String?
        var tags: [String]
        var owner: String?
        var origin: SourceReference
        var rare: Indirect<Rare>?
    }

    /// The fields few flags set; never all empty (`nil` instead).
    private struct Rare: RarelySetFields {
        var expires: String?
        var excludedProviders: [String] = []
        var computed: String?
        var computedOrigin: SourceReference?
        var excludedOrigins: [SourceReference] = []
        var unknownDefault: String?
    }

    /// The fields; a write copies them first when another definition shares them.
    private var fields: Indirect<Fields>

    /// The entry name in the blueprint (`allowsSSON`).
    package var name: String {
        get { fields.value.name }
        set { fields.value.name = newValue }
    }
    /// The full key (`secrets/boom_feature`).
    package var key: String {
        get { fields.value.key }
        set { fields.value.key = newValue }
    }
    /// The value's type and what values fit.
    package var rules: ValueRules {
        get { fields.value.rules }
        set { fields.value.rules = newValue }
    }
    /// The blueprint default, the last layer of the stack; `nil` only for context keys whose
    /// unset state means "unknown" (`context/platform`, `context/os_version`, `context/locale` …).
    package var defaultValue: FlagValue? {
        get { fields.value.defaultValue }
        set { fields.value.defaultValue = newValue }
    }
    /// What the flag is for.
    package var description: String? {
        get { fields.value.description }
        set { fields.value.description = newValue }
    }
    /// Read-only in the browser and for `set` without `--force`.
    package var locked: Bool {
        get { fields.value.locked }
        set { fields.value.locked = newValue }
    }
    /// Shown only with "show hidden".
    package var hidden: Bool {
        get { fields.value.hidden }
        set { fields.value.hidden = newValue }
    }
    /// Free-form labels.
    package var tags: [String] {
        get { fields.value.tags }
        set { fields.value.tags = newValue }
    }
    /// Who to ask about the flag.
    package var owner: String? {
        get { fields.value.owner }
        set { fields.value.owner = newValue }
    }
    /// After this date the flag is stale (text as written, ISO 8601).
    package var expires: String? {
        get { fields.value.rare?.value.expires }
        set { Indirect.update(&fields.value.rare) { $0.expires = newValue } }
    }
    /// Provider names whose values this flag never reads.
    package var excludedProviders: [String] {
        get { fields.value.rare?.value.excludedProviders ?? [] }
        set { Indirect.update(&fields.value.rare) { $0.excludedProviders = newValue } }
    }
    /// A change needs an app restart to take effect.
    package var requiresRestart: Bool {
        get { fields.value.requiresRestart }
        set { fields.value.requiresRestart = newValue }
    }
    /// The source of a computed value (docs/computed.md).
    package var computed: String? {
        get { fields.value.rare?.value.computed }
        set { Indirect.update(&fields.value.rare) { $0.computed = newValue } }
    }
    /// Where the flag is declared.
    package var origin: SourceReference {
        get { fields.value.origin }
        set { fields.value.origin = newValue }
    }
    /// Where the `computed:` value is, for expression diagnostics.
    package var computedOrigin: SourceReference? {
        get { fields.value.rare?.value.computedOrigin }
        set { Indirect.update(&fields.value.rare) { $0.computedOrigin = newValue } }
    }
    /// Where each item of `excludedProviders` is written (same order), for diagnostics.
    package var excludedOrigins: [SourceReference] {
        get { fields.value.rare?.value.excludedOrigins ?? [] }
        set { Indirect.update(&fields.value.rare) { $0.excludedOrigins = newValue } }
    }
    /// The default as written in Swift source when reading cannot know its value (it calls a
    /// function, uses a constant from a file not read): shown as text, never as a value (docs/blueprints.md#swift-sources-as-blueprints).
    package var unknownDefault: String? {
        get { fields.value.rare?.value.unknownDefault }
        set { Indirect.update(&fields.value.rare) { $0.unknownDefault = newValue } }
    }
    /// Whether the blueprint generated this entry (feature toggles, context keys) rather than a person.
    package var isGenerated: Bool {
        get { fields.value.isGenerated }
        set { fields.value.isGenerated = newValue }
    }

    /// The value's type.
    package var type: FlagType { rules.type }

    /// The type as reports name it: `any` for a context attribute that keeps whatever JSON type
    /// its provider gives (docs/rules.md), else the flag type's own name.
    package var typeName: String { rules.acceptsAnyJSON ? "any" : type.rawValue }

    /// The type in words for people: `any JSON value` for such an attribute.
    package var typeWords: String { rules.acceptsAnyJSON ? "any JSON value" : rules.kindWord }

    /// Creates a definition.
    package init(
        name: String, key: String, rules: ValueRules, defaultValue: FlagValue?, description: String? = nil,
        locked: Bool = false, hidden: Bool = false, tags: [String] = [], owner: String? = nil,
        expires: String? = nil, excludedProviders: [String] = [], requiresRestart: Bool = false,
        computed: String? = nil, origin: SourceReference, computedOrigin: SourceReference? = nil,
        isGenerated: Bool = false
    ) {
        let rare = Rare(
            expires: expires, excludedProviders: excludedProviders, computed: computed, computedOrigin: computedOrigin)
        fields = Indirect(
            Fields(
                name: name, key: key, rules: rules, defaultValue: defaultValue, locked: locked, hidden: hidden,
                requiresRestart: requiresRestart, isGenerated: isGenerated, description: description, tags: tags,
                owner: owner,
                origin: origin, rare: .boxed(rare)))
    }
}
