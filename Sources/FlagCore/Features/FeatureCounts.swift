/// How many features a device leaves unavailable and unknown, worded once for the browser's
/// Features heading, `flagscope devices` and `flagscope features`.
package struct FeatureCounts: Sendable, Hashable {
    /// Features a constraint rules out.
    package var unavailable: Int
    /// Features whose availability depends on something the device does not say.
    package var unknown: Int
    /// Every feature.
    package var total: Int

    /// Counts `explanations`.
    package init(_ explanations: some Collection<FeatureExplanation>) {
        unavailable = explanations.count { $0.availability == .unavailable }
        unknown = explanations.count { $0.availability == .unknown }
        total = explanations.count
    }

    /// `6 unavailable, 1 unknown of 17`, leaving out a count that is zero; `all 17 available`;
    /// `no features`.
    package var text: String {
        guard total > 0 else { return "no features" }
        let parts = [
            unavailable > 0 ? "\(unavailable) unavailable" : nil, unknown > 0 ? "\(unknown) unknown" : nil,
        ].compactMap { $0 }
        guard !parts.isEmpty else { return total == 1 ? "the 1 feature available" : "all \(total) available" }
        return parts.joined(separator: ", ") + " of \(total)"
    }
}
