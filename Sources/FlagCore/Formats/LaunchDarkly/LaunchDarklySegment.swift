/// A segment of LaunchDarkly's server-side SDK data: keys included and excluded (by user key,
/// and by key of any kind), and rules, each matching all its clauses and, with a `weight`, a
/// share of the contexts that do.
package struct LaunchDarklySegment: Sendable, Hashable {
    /// The segment's key (the key of its entry in `segments`).
    package var key: String
    /// Where its entry is written (its key).
    package var location: TextLocation?
    /// User keys in the segment.
    package var included = LaunchDarklyKeySet([])
    /// User keys out of it (after the included ones).
    package var excluded = LaunchDarklyKeySet([])
    /// Keys of other kinds in the segment.
    package var includedContexts: [LaunchDarklySegmentTarget] = []
    /// Keys of other kinds out of it.
    package var excludedContexts: [LaunchDarklySegmentTarget] = []
    /// The rules, in order: the context is in when one matches.
    package var rules: [LaunchDarklySegmentRule] = []
    /// The salt of its rules' weights.
    package var salt: String = ""
    /// Whether it is a big segment, whose members live in a store Flagscope does not have.
    package var unbounded = false
    /// The kind a big segment's members are (`user` when none is named).
    package var unboundedContextKind = "user"
    /// A big segment's generation; without one, the SDKs cannot ask the store.
    package var generation: Int?
    /// Why it cannot be evaluated (a part of the wrong type): a flag that reaches it is
    /// `MALFORMED_FLAG` with this message.
    package var malformation: String?

    /// Creates a segment with nothing but its key.
    package init(key: String, location: TextLocation? = nil) {
        self.key = key
        self.location = location
    }
}

/// Keys of one context kind listed by a segment.
package struct LaunchDarklySegmentTarget: Sendable, Hashable {
    /// The kind (`user` when the entry names none).
    package var contextKind: String
    /// The keys.
    package var values: LaunchDarklyKeySet
}

/// A segment rule: every clause must match, and with a weight, the context's bucket must fall
/// below it.
package struct LaunchDarklySegmentRule: Sendable, Hashable {
    /// The rule's id.
    package var id: String?
    /// The clauses.
    package var clauses: [LaunchDarklyClause]
    /// The share of matching contexts in the segment, out of 100,000 (none: all of them).
    package var weight: Int?
    /// The attribute bucketed by instead of the key.
    package var bucketBy: LaunchDarklyAttributeReference?
    /// The kind bucketed (`user` when none is named).
    package var rolloutContextKind: String = "user"
    /// Where it is written.
    package var location: TextLocation?
}
