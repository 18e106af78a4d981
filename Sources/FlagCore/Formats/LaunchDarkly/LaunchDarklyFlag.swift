/// A flag of LaunchDarkly's server-side SDK data, read once with the places of its parts.
/// Variation indices are kept as written: one out of range is a `validate` warning, and the
/// evaluation that reaches it is `MALFORMED_FLAG`, as the SDKs decide.
package struct LaunchDarklyFlag: Sendable, Hashable {
    /// The flag's key (the key of its entry in `flags`).
    package var key: String
    /// Where its entry is written (its key).
    package var location: TextLocation?
    /// Whether targeting is on; off serves `offVariation`.
    package var on: Bool = false
    /// The variation served when off or when a prerequisite fails; none leaves the app's default.
    package var offVariation: Int?
    /// The values the flag can serve, by index.
    package var variations: [JSONValue] = []
    /// Flags that must serve a given variation first.
    package var prerequisites: [LaunchDarklyPrerequisite] = []
    /// Individual targets by user key (the older form, and the user kind's lists).
    package var targets: [LaunchDarklyTarget] = []
    /// Individual targets by kind; a user-kind entry without keys stands for the `targets` entry
    /// of the same variation.
    package var contextTargets: [LaunchDarklyTarget] = []
    /// The rules, in order.
    package var rules: [LaunchDarklyFlagRule] = []
    /// What a context no target or rule chose gets.
    package var `fallthrough`: LaunchDarklyServe = .nothing
    /// The salt of its rollouts' hash.
    package var salt: String = ""
    /// Why it cannot be evaluated at all (a part of the wrong type): every evaluation is
    /// `MALFORMED_FLAG` with this message.
    package var malformation: String?

    /// Creates a flag with nothing but its key.
    package init(key: String, location: TextLocation? = nil) {
        self.key = key
        self.location = location
    }

    /// The variant name of variation `index`: `variation 2`.
    package static func variant(_ index: Int) -> String { "variation \(index)" }
}

/// A flag that must serve a variation before the flag that names it is evaluated further.
package struct LaunchDarklyPrerequisite: Sendable, Hashable {
    /// The prerequisite flag's key.
    package var key: String
    /// The variation it must serve.
    package var variation: Int
    /// Where it is written.
    package var location: TextLocation?
}

/// Context keys of one kind that are served one variation.
package struct LaunchDarklyTarget: Sendable, Hashable {
    /// The context kind whose key is looked up (`user` when the entry names none).
    package var contextKind: String
    /// The variation served.
    package var variation: Int
    /// The keys.
    package var values: LaunchDarklyKeySet
    /// Where it is written.
    package var location: TextLocation?
}

/// A flag rule: every clause must match; then it serves its variation or rollout.
package struct LaunchDarklyFlagRule: Sendable, Hashable {
    /// The rule's id, as the reason carries it.
    package var id: String?
    /// The clauses.
    package var clauses: [LaunchDarklyClause]
    /// What it serves.
    package var serve: LaunchDarklyServe
    /// Where it is written.
    package var location: TextLocation?
}

/// What a rule or the fallthrough serves: one variation, or a percentage rollout.
package enum LaunchDarklyServe: Sendable, Hashable {
    /// Always this variation.
    case variation(Int)
    /// A share of contexts each.
    case rollout(LaunchDarklyRollout)
    /// Neither (an evaluation that gets here is `MALFORMED_FLAG`).
    case nothing

    /// Whether a percentage decides (the OpenFeature reason is then `SPLIT`).
    package var isRollout: Bool {
        if case .rollout = self { return true }
        return false
    }

    /// The variation indices it can serve.
    var variationIndices: [Int] {
        switch self {
        case .variation(let index): return [index]
        case .rollout(let rollout): return rollout.variations.map(\.variation)
        case .nothing: return []
        }
    }
}

/// A percentage rollout or an experiment.
package struct LaunchDarklyRollout: Sendable, Hashable {
    /// Whether it is an experiment (`kind: experiment`): it buckets by key and can put the
    /// context in the experiment (`inExperiment`).
    package var isExperiment: Bool = false
    /// The context kind bucketed (`user` when none is named).
    package var contextKind: String = "user"
    /// The attribute bucketed by instead of the key (rollouts only).
    package var bucketBy: LaunchDarklyAttributeReference?
    /// The seed replacing `flagKey.salt` in the hash.
    package var seed: Int?
    /// The shares, in order.
    package var variations: [LaunchDarklyWeightedVariation] = []
    /// Where it is written.
    package var location: TextLocation?

    /// Creates a rollout.
    package init(
        isExperiment: Bool = false, contextKind: String = "user", bucketBy: LaunchDarklyAttributeReference? = nil,
        seed: Int? = nil, variations: [LaunchDarklyWeightedVariation] = [], location: TextLocation? = nil
    ) {
        self.isExperiment = isExperiment
        self.contextKind = contextKind
        self.bucketBy = bucketBy
        self.seed = seed
        self.variations = variations
        self.location = location
    }
}

/// One share of a rollout: a variation and its weight in thousandths of a percent.
package struct LaunchDarklyWeightedVariation: Sendable, Hashable {
    /// The variation served.
    package var variation: Int
    /// Its weight, out of 100,000.
    package var weight: Int
    /// In an experiment, a share whose contexts are not in the experiment.
    package var untracked: Bool = false

    /// Creates a share.
    package init(variation: Int, weight: Int, untracked: Bool = false) {
        self.variation = variation
        self.weight = weight
        self.untracked = untracked
    }
}
