import FlintCore

/// What can be bought.
enum Products {
    static let premium = NonConsumableProduct(
        name: "Premium subscription", description: "Everything, ad free", productID: "SUB0001")
    static let supporter = NonConsumableProduct(name: "Generous supporter", productID: "SUP0001")
}

final class AppFeatures: FeatureGroup {
    static var subfeatures: [FeatureDefinition.Type] = [
        PodcastFavouritesFeature.self,
        SleepTimerFeature.self,
        CarPlayFeature.self,
    ]
}

final class PodcastFavouritesFeature: FeatureGroup, ConditionalFeature {
    static var description = "Podcast favourites"
    static var subfeatures: [FeatureDefinition.Type] = [SmartPlaylistsFeature.self]

    static func constraints(requirements: FeatureConstraintsBuilder) {
        requirements.runtimeEnabled()
    }

    static var isEnabled: Bool? = true
}

final class SmartPlaylistsFeature: ConditionalFeature {
    static var description = "Smart playlists"

    static func constraints(requirements: FeatureConstraintsBuilder) {
        requirements.permissions(.location(usage: .whenInUse))
        requirements.purchase(anyOf: Products.premium, Products.supporter)
        requirements.userToggled(defaultValue: true)
        requirements.iOS = 13
        requirements.macOS = "10.15.4"
        requirements.watchOS = .unsupported
    }
}

final class SleepTimerFeature: ConditionalFeature {
    static var description = "Sleep timer"

    static func constraints(requirements: FeatureConstraintsBuilder) {
        requirements.userToggled(defaultValue: true)
    }
}

final class CarPlayFeature: ConditionalFeature {
    static var description = "CarPlay dashboard"

    static func constraints(requirements: FeatureConstraintsBuilder) {
        requirements.iOSOnly = 14
        requirements.permission(.bluetooth)
    }
}

func startFlint() {
    Flint.quickSetup(AppFeatures.self)
}
