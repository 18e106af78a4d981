import OrderedCollections

/// Every flag and segment of one LaunchDarkly file, read once and shared (by reference) by the
/// rules of each of its flags, which evaluate prerequisites and segments through it.
package final class LaunchDarklyStore: Sendable {
    /// The flags, in file order.
    package let flags: OrderedDictionary<String, LaunchDarklyFlag>
    /// The segments, in file order.
    package let segments: OrderedDictionary<String, LaunchDarklySegment>

    /// Creates a store.
    package init(
        flags: OrderedDictionary<String, LaunchDarklyFlag> = [:],
        segments: OrderedDictionary<String, LaunchDarklySegment> = [:]
    ) {
        self.flags = flags
        self.segments = segments
    }

    /// What `flagKey` gives for `device`, as LaunchDarkly's server-side SDKs give it (a key the
    /// file lacks is `FLAG_NOT_FOUND`), with the steps when `tracing`.
    package func detail(of flagKey: String, in device: EvaluationContext, tracing: Bool = false) -> LaunchDarklyDetail {
        guard let flag = flags[flagKey] else {
            return .failure(.flagNotFound, "no flag \(LaunchDarklyEvaluation.quoted(flagKey)) in this file")
        }
        var evaluation = LaunchDarklyEvaluation(store: self, device: device, tracing: tracing)
        return evaluation.detail(of: flag)
    }

    /// Whether two stores hold the same flags and segments.
    func holdsSame(as other: LaunchDarklyStore) -> Bool {
        self === other || (flags == other.flags && segments == other.segments)
    }
}
