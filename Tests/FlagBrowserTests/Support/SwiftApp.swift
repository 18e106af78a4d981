/// A workspace whose blueprints are Swift sources (docs/blueprints.md#swift-sources-as-blueprints): a
/// root collection with a default that is code, and a nested collection in a file of its own.
enum SwiftApp {
    static let workspace = """
        blueprints:
          - Sources/**/*.swift
        providers:
          - name: Local
            format: json
            path: local.json
            writable: true

        """

    static let root = """
        struct AppFlags: FlagCollectionProtocol {
            @Flag(default: Remote.limit(), description: "Fetch limit")
            var fetchLimit: Int

            @FlagCollection(description: "Experiments")
            var lab: LabFlags
        }

        """

    static let lab = """
        struct LabFlags: FlagCollectionProtocol {
            @Flag(default: false, description: "Risky feature")
            var boomFeature: Bool
        }

        """
}
