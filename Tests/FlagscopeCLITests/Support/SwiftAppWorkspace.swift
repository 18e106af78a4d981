import Foundation
import TestSupport

/// An app whose blueprints are its own Swift declarations (docs/blueprints.md#swift-sources-as-blueprints):
/// RealFlags flags and Flint features, as its developers write them.
enum SwiftAppWorkspace {
    /// The workspace file: every Swift source a blueprint, over a writable local file.
    static let workspace = WorkspaceBuilder(
        blueprints: ["Sources/**/*.swift"], providers: [.json("Local", "local.json", writable: true)]
    ).workspaceFile

    static let flags = """
        import RealFlags

        struct AppFlags: FlagCollectionProtocol {
            @Flag(default: true, description: "Show the new onboarding")
            var showOnboarding: Bool

            @Flag(default: Remote.limit(), description: "Fetch limit")
            var fetchLimit: Int
        }

        """

    static let features = """
        import FlintCore

        let premium = NonConsumableProduct(name: "Premium subscription", productID: "SUB0001")

        final class AppFeatures: FeatureGroup {
            static var subfeatures: [FeatureDefinition.Type] = [SmartPlaylistsFeature.self]
        }

        final class SmartPlaylistsFeature: ConditionalFeature {
            static var description: String = "Smart playlists"
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.permission(.location(usage: .whenInUse))
                requirements.purchase(premium)
                requirements.userToggled(defaultValue: true)
                requirements.iOS = 13
            }
        }

        """

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("flagscope.yml", workspace)
        try folder.write("local.json", "{}\n")
        try folder.write("Sources/App/AppFlags.swift", flags)
        try folder.write("Sources/App/Features/Features.swift", features)
        return folder
    }
}
