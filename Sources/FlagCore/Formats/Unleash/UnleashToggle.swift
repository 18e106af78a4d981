import OrderedCollections

/// One Unleash feature toggle as its payload defines it: what the Unleash SDKs evaluate.
package struct UnleashToggle: Sendable, Hashable {
    /// The toggle's name (the key it gives).
    package var name: String
    /// Where the name is written, when known.
    package var location: TextLocation?
    /// Whether the toggle is switched on at the source (in the chosen environment).
    package var enabled: Bool
    /// The activation strategies, in order; none means on for everyone.
    package var strategies: [UnleashStrategy]
    /// The toggle's own variants.
    package var variants: [UnleashVariant]
    /// The parent toggles this one needs.
    package var dependencies: [UnleashDependency]

    /// Creates a toggle.
    package init(
        name: String, location: TextLocation? = nil, enabled: Bool, strategies: [UnleashStrategy] = [],
        variants: [UnleashVariant] = [], dependencies: [UnleashDependency] = []
    ) {
        self.name = name
        self.location = location
        self.enabled = enabled
        self.strategies = strategies
        self.variants = variants
        self.dependencies = dependencies
    }
}

/// An activation strategy: a name the SDKs know, its parameters, and what must hold first.
package struct UnleashStrategy: Sendable, Hashable {
    /// `default`, `userWithId`, `flexibleRollout`, … (an unknown name is off, as in the SDKs).
    package var name: String
    /// The parameters as written (the SDKs read them all as text), in file order.
    package var parameters: OrderedDictionary<String, String>
    /// Constraints that must all hold.
    package var constraints: [UnleashConstraint]
    /// Ids of segments whose constraints must all hold too.
    package var segments: [Int]
    /// Variants served when this strategy turns the toggle on (they win over the toggle's).
    package var variants: [UnleashVariant]
    /// Where the strategy is written.
    package var location: TextLocation?

    /// Creates a strategy.
    package init(
        name: String, parameters: OrderedDictionary<String, String> = [:], constraints: [UnleashConstraint] = [],
        segments: [Int] = [], variants: [UnleashVariant] = [], location: TextLocation? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.constraints = constraints
        self.segments = segments
        self.variants = variants
        self.location = location
    }
}

/// A named, shared list of constraints.
package struct UnleashSegment: Sendable, Hashable {
    /// The segment's id, as strategies name it.
    package var id: Int
    /// Its name, when given.
    package var name: String?
    /// Constraints that must all hold.
    package var constraints: [UnleashConstraint]

    /// Creates a segment.
    package init(id: Int, name: String? = nil, constraints: [UnleashConstraint]) {
        self.id = id
        self.name = name
        self.constraints = constraints
    }
}

/// A parent toggle this toggle depends on.
package struct UnleashDependency: Sendable, Hashable {
    /// The parent's name.
    package var feature: String
    /// Whether the parent must be on (`true`, the default) or off.
    package var enabled: Bool
    /// When not empty, the parent must be on with one of these variants.
    package var variants: [String]

    /// Creates a dependency.
    package init(feature: String, enabled: Bool = true, variants: [String] = []) {
        self.feature = feature
        self.enabled = enabled
        self.variants = variants
    }
}

/// A variant: a name, a weight and a payload, with overrides that pick it outright.
package struct UnleashVariant: Sendable, Hashable {
    /// What a variant carries to the app.
    package struct Payload: Sendable, Hashable {
        /// `string`, `json`, `csv` or `number`.
        package var type: String
        /// The value, always written as text.
        package var value: String

        /// Creates a payload.
        package init(type: String, value: String) {
            self.type = type
            self.value = value
        }
    }

    /// A context field whose values pick this variant whatever the weights say.
    package struct Override: Sendable, Hashable {
        /// The context field.
        package var contextName: String
        /// The values that pick the variant.
        package var values: [String]

        /// Creates an override.
        package init(contextName: String, values: [String]) {
            self.contextName = contextName
            self.values = values
        }
    }

    /// The variant's name.
    package var name: String
    /// Its weight (the server has already spread `variable` weights around the `fix` ones).
    package var weight: Int
    /// `fix` or `variable`, as written (shown; the weight is what counts).
    package var weightType: String?
    /// Which context field the split hashes (`default`, `userId`, `random`, a custom field).
    package var stickiness: String?
    /// The payload, if any.
    package var payload: Payload?
    /// Overrides, in order.
    package var overrides: [Override]

    /// Creates a variant.
    package init(
        name: String, weight: Int, weightType: String? = nil, stickiness: String? = nil, payload: Payload? = nil,
        overrides: [Override] = []
    ) {
        self.name = name
        self.weight = weight
        self.weightType = weightType
        self.stickiness = stickiness
        self.payload = payload
        self.overrides = overrides
    }
}

/// Every toggle and segment of one Unleash file: a toggle's dependencies are read from here,
/// so the file's toggles share one set rather than each carrying copies of the others.
package final class UnleashFeatures: Sendable {
    /// The toggles by name, in file order.
    package let toggles: OrderedDictionary<String, UnleashToggle>
    /// The segments by id.
    package let segments: [Int: UnleashSegment]

    /// Creates a set.
    package init(toggles: OrderedDictionary<String, UnleashToggle>, segments: [Int: UnleashSegment] = [:]) {
        self.toggles = toggles
        self.segments = segments
    }
}
