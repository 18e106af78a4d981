/// One flag as a blueprint declares it.
///
/// A value type whose fields live in one shared, copy-on-write box: a definition is copied
/// into the blueprint's collection, the workspace's key index and every resolution, and at
/// 100k flags copying ~300 bytes of fields (and retaining each of their strings) each time
/// cost a fifth of a load and about 90 MB.
public struct FlagDefinition: Sendable, Hashable {
    /// The fields, stored once however many copies of the definition exist.
    private struct Fields: Hashable {
        var name: String
        var key: String
        var rules: ValueRules
        var defaultValue: FlagValue?
        var description: String?
        var locked: Bool
        var hidden: Bool
        var tags: [String]
        var owner: String?
        var expires: String?
        var excludedProviders: [String]
        var requiresRestart: Bool
        var computed: String?
        var origin: SourceReference
        var computedOrigin: SourceReference?
        var excludedOrigins: [SourceReference]
        var isGenerated: Bool
    }

    /// The box holding the fields; replaced before a write when another copy shares it.
    private final class Box: @unchecked Sendable {
        // Never mutated once shared: writes go through `fields`, which copies a shared box first.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The fields, copied into a box of their own before the first write to a shared one.
    private var fields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    /// The entry name in the blueprint (`allowsSSON`).
    public var name: String {
        get { box.fields.name }
        set { fields.name = newValue }
    }
    /// The full key (`secrets/boom_feature`).
    public var key: String {
        get { box.fields.key }
        set { fields.key = newValue }
    }
    /// The value's type and what values fit.
    public var rules: ValueRules {
        get { box.fields.rules }
        set { fields.rules = newValue }
    }
    /// The blueprint default, the last layer of the stack; `nil` only for context keys whose
    /// unset state means "unknown" (`context/platform`, `context/os_version`, `context/locale` …).
    public var defaultValue: FlagValue? {
        get { box.fields.defaultValue }
        set { fields.defaultValue = newValue }
    }
    /// What the flag is for.
    public var description: String? {
        get { box.fields.description }
        set { fields.description = newValue }
    }
    /// Read-only in the browser and for `set` without `--force`.
    public var locked: Bool {
        get { box.fields.locked }
        set { fields.locked = newValue }
    }
    /// Shown only with "show hidden".
    public var hidden: Bool {
        get { box.fields.hidden }
        set { fields.hidden = newValue }
    }
    /// Free-form labels.
    public var tags: [String] {
        get { box.fields.tags }
        set { fields.tags = newValue }
    }
    /// Who to ask about the flag.
    public var owner: String? {
        get { box.fields.owner }
        set { fields.owner = newValue }
    }
    /// After this date the flag is stale (text as written, ISO 8601).
    public var expires: String? {
        get { box.fields.expires }
        set { fields.expires = newValue }
    }
    /// Provider names whose values this flag never reads.
    public var excludedProviders: [String] {
        get { box.fields.excludedProviders }
        set { fields.excludedProviders = newValue }
    }
    /// A change needs an app restart to take effect.
    public var requiresRestart: Bool {
        get { box.fields.requiresRestart }
        set { fields.requiresRestart = newValue }
    }
    /// The source of a computed value (SPEC §5).
    public var computed: String? {
        get { box.fields.computed }
        set { fields.computed = newValue }
    }
    /// Where the flag is declared.
    public var origin: SourceReference {
        get { box.fields.origin }
        set { fields.origin = newValue }
    }
    /// Where the `computed:` value is, for expression diagnostics.
    public var computedOrigin: SourceReference? {
        get { box.fields.computedOrigin }
        set { fields.computedOrigin = newValue }
    }
    /// Where each item of `excludedProviders` is written (same order), for diagnostics.
    public var excludedOrigins: [SourceReference] {
        get { box.fields.excludedOrigins }
        set { fields.excludedOrigins = newValue }
    }
    /// Whether the blueprint generated this entry (feature toggles, context keys) rather than a person.
    public var isGenerated: Bool {
        get { box.fields.isGenerated }
        set { fields.isGenerated = newValue }
    }

    /// The value's type.
    public var type: FlagType { rules.type }

    /// Creates a definition.
    public init(name: String, key: String, rules: ValueRules, defaultValue: FlagValue?, description: String? = nil,
                locked: Bool = false, hidden: Bool = false, tags: [String] = [], owner: String? = nil,
                expires: String? = nil, excludedProviders: [String] = [], requiresRestart: Bool = false,
                computed: String? = nil, origin: SourceReference, computedOrigin: SourceReference? = nil,
                isGenerated: Bool = false) {
        box = Box(Fields(name: name, key: key, rules: rules, defaultValue: defaultValue, description: description, locked: locked,
                         hidden: hidden, tags: tags, owner: owner, expires: expires, excludedProviders: excludedProviders,
                         requiresRestart: requiresRestart, computed: computed, origin: origin, computedOrigin: computedOrigin,
                         excludedOrigins: [], isGenerated: isGenerated))
    }

    public static func == (lhs: FlagDefinition, rhs: FlagDefinition) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }
}

/// A place in a workspace file: the file (relative to the workspace) and the position.
public struct SourceReference: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the workspace folder.
    public var file: String
    /// The position in it.
    public var location: TextLocation

    /// Creates a reference.
    public init(file: String, location: TextLocation) {
        self.file = file
        self.location = location
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(location.line):\(location.column)" }
}
