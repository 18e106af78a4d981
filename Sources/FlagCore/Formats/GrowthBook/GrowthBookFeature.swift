/// One feature of a GrowthBook payload, compiled: its default value and its rules in order.
package struct GrowthBookFeature: Sendable, Hashable {
    /// The feature's key (the flag key).
    package var key: String
    /// Where the key is written.
    package var location: TextLocation
    /// `defaultValue`, `nil` when absent (the SDK gives `null`).
    package var defaultValue: JSONValue?
    /// The rules, in order.
    package var rules: [GrowthBookRule]

    /// Creates a feature.
    package init(key: String, location: TextLocation, defaultValue: JSONValue?, rules: [GrowthBookRule]) {
        self.key = key
        self.location = location
        self.defaultValue = defaultValue
        self.rules = rules
    }
}

/// One rule of a feature: a `force` rule or an experiment, with what decides whether it applies.
package struct GrowthBookRule: Sendable, Hashable {
    /// What the rule gives when it applies.
    package enum Kind: Sendable, Hashable {
        /// `force`: this value (null included).
        case force(JSONValue)
        /// An experiment: a variation chosen by the device's hash.
        case experiment(GrowthBookExperiment)
        /// Neither `force` nor `variations`: the SDK skips the rule.
        case none
    }

    /// `id`, empty when absent.
    package var id: String
    /// Its place in the feature's rules, from 0.
    package var index: Int
    /// Where the rule is written.
    package var location: TextLocation
    /// What it gives.
    package var kind: Kind
    /// `condition`, when it has one.
    package var condition: GrowthBookCondition?
    /// Where `condition` is written.
    package var conditionLocation: TextLocation?
    /// `parentConditions`: prerequisites evaluated first.
    package var parentConditions: [GrowthBookParentCondition] = []
    /// `filters`, when it has some (namespaces by hash ranges).
    package var filters: [GrowthBookFilter]?
    /// `seed` (the feature's key when absent).
    package var seed: String?
    /// `hashAttribute` (`id` when absent).
    package var hashAttribute: String?
    /// `fallbackAttribute`: read only with sticky bucketing, as the SDKs do.
    package var fallbackAttribute: String?
    /// `hashVersion` (1 when absent).
    package var hashVersion: Double?
    /// A force rule's `range`.
    package var range: GrowthBookRange?
    /// `coverage`, when written (`null` reads as 0, as the SDK's arithmetic makes it).
    package var coverage: Double?
    /// `disableStickyBucketing`.
    package var disableStickyBucketing = false

    /// Creates a rule that gives nothing; the reader fills in the rest.
    package init(id: String, index: Int, location: TextLocation, kind: Kind) {
        self.id = id
        self.index = index
        self.location = location
        self.kind = kind
    }

    /// The attribute the rule hashes.
    package var hashedAttribute: String { hashAttribute ?? "id" }
}

/// An experiment rule's own fields.
package struct GrowthBookExperiment: Sendable, Hashable {
    /// `variations`: the values the experiment gives, by index.
    package var variations: [JSONValue]
    /// `key` (the feature's key when absent).
    package var key: String?
    /// `weights`.
    package var weights: [Double]?
    /// `ranges`: when given, they replace weights and coverage.
    package var ranges: [GrowthBookRange]?
    /// `meta`: each variation's `key`, `name` and `passthrough`.
    package var meta: [GrowthBookVariationMeta]?
    /// `namespace`.
    package var namespace: GrowthBookNamespace?
    /// `name`, the experiment's name for people.
    package var name: String?
    /// `phase`.
    package var phase: String?
    /// `bucketVersion` (0 when absent).
    package var bucketVersion: Int = 0
    /// `minBucketVersion` (0 when absent).
    package var minBucketVersion: Int = 0

    /// Creates an experiment of these variations.
    package init(variations: [JSONValue]) {
        self.variations = variations
    }
}

/// One variation's `meta`.
package struct GrowthBookVariationMeta: Sendable, Hashable {
    /// `key`: what sticky buckets and tracking call the variation.
    package var key: String?
    /// `name`, for people.
    package var name: String?
    /// `passthrough`: a device in this variation falls through to the next rule (holdouts).
    package var passthrough: Bool

    /// Creates a variation's meta.
    package init(key: String?, name: String?, passthrough: Bool) {
        self.key = key
        self.name = name
        self.passthrough = passthrough
    }
}

/// A prerequisite: the feature `id` is evaluated, and `condition` tested on `{"value": …}`.
package struct GrowthBookParentCondition: Sendable, Hashable {
    /// The feature it names.
    package var id: String
    /// What its value must pass.
    package var condition: GrowthBookCondition
    /// `gate`: when it fails, the whole feature is off (`prerequisite`), not just the rule.
    package var gate: Bool
    /// Where it is written.
    package var location: TextLocation

    /// Creates a prerequisite.
    package init(id: String, condition: GrowthBookCondition, gate: Bool, location: TextLocation) {
        self.id = id
        self.condition = condition
        self.gate = gate
        self.location = location
    }
}

/// A filter: the device's hash of `attribute` with `seed` must fall in one of `ranges`.
package struct GrowthBookFilter: Sendable, Hashable {
    /// The attribute hashed (`id` when absent).
    package var attribute: String?
    /// The seed (the SDK's text of a missing seed, `undefined`, when absent).
    package var seed: String
    /// The hash version (2 when absent).
    package var hashVersion: Double
    /// The ranges that let the device through.
    package var ranges: [GrowthBookRange]

    /// Creates a filter.
    package init(attribute: String?, seed: String, hashVersion: Double, ranges: [GrowthBookRange]) {
        self.attribute = attribute
        self.seed = seed
        self.hashVersion = hashVersion
        self.ranges = ranges
    }
}
