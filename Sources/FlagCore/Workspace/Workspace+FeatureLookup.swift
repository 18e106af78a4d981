/// Finding a feature by what people type: its full key, its last segment (`smart_playlists`, or
/// the entry name `smartPlaylists`) or its display name (`"Smart playlists"`, any case).
package enum FeatureLookup: Sendable, Equatable {
    /// One feature fits.
    case found(FeatureDefinition)
    /// Several features fit; the user must choose by full key.
    case ambiguous([FeatureDefinition])
    /// None fits.
    case notFound
}

extension Workspace {
    /// The feature `text` names; a full key always wins over other features' short names.
    package func feature(named text: String) -> FeatureLookup {
        if let feature = features[text] { return .found(feature) }
        let typed = text.lowercased()
        // `smartPlaylists` derives to the same segment as the key's.
        let segment = KeyDerivation.segment(for: text)
        let matches = features.values.filter { feature in
            let leaf = feature.key.split(separator: "/").last.map(String.init) ?? feature.key
            return leaf == text || leaf == segment || feature.displayName.lowercased() == typed
                || feature.explicitName?.lowercased() == typed || feature.entryName == text
        }
        switch matches.count {
        case 0: return .notFound
        case 1: return .found(matches[0])
        default: return .ambiguous(matches)
        }
    }
}
