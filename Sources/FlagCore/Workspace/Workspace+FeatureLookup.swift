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
        case 0: break
        case 1: return .found(matches[0])
        default: return .ambiguous(matches)
        }
        // Then what people type when they remember part of it (`nearby` for
        // `nearby_podcasts`): the start of the key's last segment or of the name, then the
        // start of any segment or word, then a part of either.
        for fits in [Self.startsLeafOrName, Self.startsAWord, Self.contains] {
            let partial = features.values.filter { fits($0, typed) }
            if partial.count == 1 { return .found(partial[0]) }
            if partial.count > 1 { return .ambiguous(partial) }
        }
        return .notFound
    }

    /// Whether `typed` (lower-cased) starts the key's last segment or the name.
    private static func startsLeafOrName(_ feature: FeatureDefinition, _ typed: String) -> Bool {
        let leaf = feature.key.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return leaf.hasPrefix(typed) || feature.displayName.lowercased().hasPrefix(typed)
    }

    /// Whether `typed` (lower-cased) starts the feature's key, a segment of it, or a word of its name.
    private static func startsAWord(_ feature: FeatureDefinition, _ typed: String) -> Bool {
        let key = feature.key.lowercased()
        let words =
            key.split(whereSeparator: { $0 == "/" || $0 == "_" }).map { String($0) }
            + feature.displayName.lowercased().split(separator: " ").map(String.init)
        return key.hasPrefix(typed) || words.contains { $0.hasPrefix(typed) }
            || key.split(separator: "/").contains { $0.hasPrefix(typed) }
    }

    /// Whether `typed` (lower-cased) is a part of the feature's key or name.
    private static func contains(_ feature: FeatureDefinition, _ typed: String) -> Bool {
        feature.key.lowercased().contains(typed) || feature.displayName.lowercased().contains(typed)
    }
}
