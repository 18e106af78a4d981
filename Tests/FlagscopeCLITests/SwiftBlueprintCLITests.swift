import Foundation
import TestSupport
import Testing

/// The command line over an app's own Swift declarations (SPEC §9), as its developers use it.
@Suite("Swift blueprints on the command line")
struct SwiftBlueprintCLITests {
    static let workspace = """
        blueprints:
          - Sources/**/*.swift
        providers:
          - name: Local
            format: json
            path: local.json
            writable: true

        """

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

    @Test("validate reads the Swift sources; a default that calls a function is a warning with line and caret")
    func validate() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout + output.stderr
        #expect(
            text.contains(
                "Sources/App/AppFlags.swift:7:20: warning: default of 'fetchLimit' cannot be known without compiling: it calls Remote.limit(…), which only running the app can evaluate; shown as written"
            ), "\(text)")
        #expect(
            text.contains(
                "        @Flag(default: Remote.limit(), description: \"Fetch limit\")\n                       ^"),
            "\(text)")
        #expect(text.contains("0 errors, 1 warning"), "\(text)")
    }

    @Test("get names the .swift file and the @Flag line; an unknowable default is shown as written")
    func get() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        var output = try CLIRunner.run(["get", "show_onboarding"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("declared     Sources/App/AppFlags.swift:4:5"), "\(output.stdout)")
        output = try CLIRunner.run(["get", "fetch_limit", "--json"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try parseJSONObject(output.stdout)
        #expect(object["default"] is NSNull)
        #expect(object["defaultSource"] as? String == "Remote.limit()")
        #expect(object["declared"] as? String == "Sources/App/AppFlags.swift:7:5")
    }

    @Test("explain on a Flint conditional feature: its constraints and next steps, editable like YAML ones")
    func explain() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        var output = try CLIRunner.run(["explain", "smart_playlists"], in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Smart playlists (smart_playlists) is"), "\(output.stdout)")
        for key in [
            "context/permissions/location_when_in_use", "context/purchases/SUB0001", "smart_playlists/user_toggled",
        ] {
            #expect(output.stdout.contains(key), "\(key) in \(output.stdout)")
        }
        for (key, value) in [
            ("context/permissions/location_when_in_use", "authorized"), ("context/purchases/SUB0001", "purchased"),
            ("context/platform", "iOS"), ("context/os_version", "17.4"),
        ] {
            let set = try CLIRunner.run(["set", key, value], in: folder.url)
            #expect(set.status == 0, "\(set.stderr)")
        }
        output = try CLIRunner.run(["explain", "smart_playlists"], in: folder.url)
        #expect(output.stdout.hasPrefix("✓ Smart playlists (smart_playlists) is available"), "\(output.stdout)")
        // Swift sources are never written; edits go to the writable provider.
        #expect(try folder.read("Sources/App/AppFlags.swift") == Self.flags)
    }
}
