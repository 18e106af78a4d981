/// One flag as a blueprint declares it.
public struct FlagDefinition: Sendable, Hashable {
    /// The entry name in the blueprint (`allowsSSON`).
    public var name: String
    /// The full key (`secrets/boom_feature`).
    public var key: String
    /// The value's type and what values fit.
    public var rules: ValueRules
    /// The blueprint default, the last layer of the stack; `nil` only for context keys whose
    /// unset state means "unknown" (`context/platform`, `context/os_version`, `context/locale` …).
    public var defaultValue: FlagValue?
    /// What the flag is for.
    public var description: String?
    /// Read-only in the browser and for `set` without `--force`.
    public var locked: Bool
    /// Shown only with "show hidden".
    public var hidden: Bool
    /// Free-form labels.
    public var tags: [String]
    /// Who to ask about the flag.
    public var owner: String?
    /// After this date the flag is stale (text as written, ISO 8601).
    public var expires: String?
    /// Provider names whose values this flag never reads.
    public var excludedProviders: [String]
    /// A change needs an app restart to take effect.
    public var requiresRestart: Bool
    /// The source of a computed value (SPEC §5).
    public var computed: String?
    /// Where the flag is declared.
    public var origin: SourceReference
    /// Where the `computed:` value is, for expression diagnostics.
    public var computedOrigin: SourceReference?
    /// Where each item of `excludedProviders` is written (same order), for diagnostics.
    public var excludedOrigins: [SourceReference] = []
    /// Whether the blueprint generated this entry (feature toggles, context keys) rather than a person.
    public var isGenerated: Bool

    /// The value's type.
    public var type: FlagType { rules.type }

    /// Creates a definition.
    public init(name: String, key: String, rules: ValueRules, defaultValue: FlagValue?, description: String? = nil,
                locked: Bool = false, hidden: Bool = false, tags: [String] = [], owner: String? = nil,
                expires: String? = nil, excludedProviders: [String] = [], requiresRestart: Bool = false,
                computed: String? = nil, origin: SourceReference, computedOrigin: SourceReference? = nil,
                isGenerated: Bool = false) {
        self.name = name
        self.key = key
        self.rules = rules
        self.defaultValue = defaultValue
        self.description = description
        self.locked = locked
        self.hidden = hidden
        self.tags = tags
        self.owner = owner
        self.expires = expires
        self.excludedProviders = excludedProviders
        self.requiresRestart = requiresRestart
        self.computed = computed
        self.origin = origin
        self.computedOrigin = computedOrigin
        self.isGenerated = isGenerated
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
