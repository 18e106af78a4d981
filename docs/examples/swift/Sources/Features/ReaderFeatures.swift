import FlintCore

/// Flint: a feature's key is its type name without `Feature`, snake_cased, under its group.
final class ReaderFeatures: FeatureGroup {
    static var subfeatures: [FeatureDefinition.Type] = [OfflineBooksFeature.self]
}

final class OfflineBooksFeature: ConditionalFeature {
    static var description = "Keep books for reading offline"

    static func constraints(requirements: FeatureConstraintsBuilder) {
        requirements.userToggled(defaultValue: false)
        requirements.iOS = 15
    }
}
