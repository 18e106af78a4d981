import FlagCore
import OrderedCollections

/// What a change did to features, for the status line: after a what-if edit of the simulated
/// device the question is which features it made available or took away.
enum AvailabilityNews {
    /// Names shown before "and N more": the status line is one row.
    static let namesShown = 3

    /// "Smart playlists is now available", "3 features changed: …", or `nil` when no feature's
    /// availability changed. Features that came or went with the change are not news here.
    static func sentence(
        from old: OrderedDictionary<String, FeatureExplanation>,
        to new: OrderedDictionary<String, FeatureExplanation>
    ) -> String? {
        var changes: [(name: String, availability: Availability)] = []
        for (key, explanation) in new {
            guard let before = old[key], before.availability != explanation.availability else { continue }
            changes.append((explanation.feature.displayName, explanation.availability))
        }
        guard let first = changes.first else { return nil }
        if changes.count == 1 { return "\(first.name) is now \(first.availability.rawValue)" }
        var parts = changes.prefix(namesShown).map { "\($0.name) now \($0.availability.rawValue)" }
        if changes.count > namesShown { parts.append("and \(changes.count - namesShown) more") }
        return "\(changes.count) features changed: " + parts.joined(separator: ", ")
    }
}
