import OrderedCollections

/// A GrowthBook SDK payload, read and compiled once: `{"features": {key: {"defaultValue",
/// "rules"}}, "savedGroups": {…}, "dateUpdated"}` as `GET /api/features/{clientKey}` returns it
/// and the SDKs load it offline, or its `encryptedFeatures` / `encryptedSavedGroups` form
/// decrypted with a key.
///
/// Lenient where the SDKs are: a part that cannot be read is a located problem for `validate`
/// and the rest still evaluates. Only a file that is not JSON, not an object, or whose encrypted
/// features cannot be decrypted, fails as a whole.
package struct GrowthBookPayload: Sendable, Hashable {
    /// The features and saved groups, shared by every feature's rules (prerequisites and
    /// `$inGroup` read them).
    package var definitions: GrowthBookDefinitions
    /// `dateUpdated`, as written.
    package var dateUpdated: String?
    /// What `validate` reports, in file order.
    package var problems: [RuleProblem]

    /// The features by key, in file order.
    package var features: OrderedDictionary<String, GrowthBookFeature> { definitions.features }
    /// The saved groups by id.
    package var savedGroups: [String: GrowthBookValueSet] { definitions.savedGroups }

    /// Reads a payload. `decryptionKey` decrypts `encryptedFeatures` and `encryptedSavedGroups`;
    /// encrypted features without a key, or that the key does not decrypt, fail with the reason.
    package static func read(_ bytes: [UInt8], decryptionKey: String? = nil) throws(DocumentError)
        -> GrowthBookPayload
    {
        var reader = GrowthBookPayloadReader(decryptionKey: decryptionKey)
        return try reader.read(JSONReader.parse(bytes))
    }

    /// The rules of the feature `key`, to evaluate it for a device (with the sticky-bucket
    /// documents when sticky bucketing is on).
    package func rules(for key: String, stickyBuckets: GrowthBookStickyBuckets? = nil) -> GrowthBookRules {
        GrowthBookRules(featureKey: key, definitions: definitions, stickyBuckets: stickyBuckets)
    }

    package static func == (a: GrowthBookPayload, b: GrowthBookPayload) -> Bool {
        a.definitions == b.definitions && a.dateUpdated == b.dateUpdated && a.problems == b.problems
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(definitions)
        hasher.combine(dateUpdated)
    }
}

/// Every feature and saved group of one payload, compiled: one instance shared by all of the
/// payload's feature rules, so a prerequisite or a saved group is read where it lies rather than
/// copied into each rule.
package final class GrowthBookDefinitions: Sendable, Hashable {
    /// The features by key, in file order.
    package let features: OrderedDictionary<String, GrowthBookFeature>
    /// The saved groups by id.
    package let savedGroups: [String: GrowthBookValueSet]

    /// Creates a set of definitions.
    package init(features: OrderedDictionary<String, GrowthBookFeature>, savedGroups: [String: GrowthBookValueSet]) {
        self.features = features
        self.savedGroups = savedGroups
    }

    // Definitions are the same when they are one instance, or say the same.
    package static func == (a: GrowthBookDefinitions, b: GrowthBookDefinitions) -> Bool {
        a === b || (a.features == b.features && a.savedGroups == b.savedGroups)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(features.count)
        hasher.combine(savedGroups.count)
    }
}
