import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Where the app's code reads its flags (docs/code.md#references): property chains of RealFlags
/// collections and Vexil containers, Flint features through their types, keys as literals and
/// keys built at run time; comments, look-alikes and declarations are not references.
@Suite("Swift references")
struct SwiftReferenceFinderTests {
    static let flags = """
        import RealFlags

        let appFlags = FlagsLoader(AppFlags.self, keyConfiguration: KeyConfiguration(prefix: "app"))

        struct AppFlags: FlagCollectionProtocol {
            @Flag(default: false, description: "New onboarding")
            var newOnboarding: Bool

            @Flag(key: "results", default: 20, description: "Results per page")
            var resultsPerPage: Int

            @FlagCollection(description: "Player")
            var player: PlayerFlags

            @FlagCollection(description: "Search")
            var search: SearchFlags
        }

        struct PlayerFlags: FlagCollectionProtocol {
            @Flag(default: false, description: "Autoplay")
            var autoPlay: Bool

            @Flag(default: true, description: "Player enabled")
            var enabled: Bool
        }

        struct SearchFlags: FlagCollectionProtocol {
            @Flag(default: true, description: "Search enabled")
            var enabled: Bool

            @Flag(default: "fast", description: "Ranking")
            var ranking: String
        }

        """

    static let features = """
        import FlintCore

        final class ShopFeatures: FeatureGroup {
            static var subfeatures: [FeatureDefinition.Type] = [WishlistFeature.self]
        }

        final class WishlistFeature: ConditionalFeature {
            static var description = "Wishlist"
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.userToggled(defaultValue: true)
            }
        }

        """

    static let app = """
        import AVFoundation

        struct PlayerScreen {
            let flags: AppFlags
            let player = AVPlayer()

            func render() {
                // appFlags.player.autoPlay in a comment is no reference
                if appFlags.newOnboarding { showOnboarding() }
                let perPage = flags.resultsPerPage
                let autoPlay = appFlags.player.autoPlay
                player.autoPlay = autoPlay
                if appFlags.search.enabled && appFlags.player.enabled { start() }
                let ranking = UserDefaults.standard.string(forKey: "app/search/ranking")
                let any = UserDefaults.standard.object(forKey: "app/player/\\(name)")
                if WishlistFeature.isAvailable == true { WishlistFeature.request(.show) }
                let sort = \\AppFlags.search.ranking
            }
        }

        """

    static func load(code: String = app) throws -> Workspace {
        try Fixture.load(
            [
                "Sources/Flags/AppFlags.swift": flags, "Sources/Features/Shop.swift": features,
                "Sources/App/Player.swift": code,
            ],
            workspace: WorkspaceBuilder(
                blueprints: ["Sources/Flags/*.swift", "Sources/Features/*.swift"],
                providers: [.json("Local", "local.json", writable: true)], more: "code:\n  - Sources/**/*.swift\n"
            ).workspaceFile)
    }

    /// `key`'s references (a key built at run time left out) as `file:line:column kind`.
    static func places(_ key: String, in workspace: Workspace) -> [String] {
        (workspace.codeReferences?.references(of: key) ?? []).filter { $0.kind != .dynamic }.map {
            "\($0.place) \($0.kind.rawValue)"
        }
    }

    static func at(_ needle: String, occurrence: Int = 1, file: String = "Sources/App/Player.swift", kind: String)
        -> String
    {
        let text = file.hasSuffix("Player.swift") ? app : file.hasSuffix("AppFlags.swift") ? flags : features
        let location = SwiftModules.location(of: needle, in: text, occurrence: occurrence)!
        return "\(file):\(location.line):\(location.column) \(kind)"
    }

    @Test("Property chains through the loader, a nested collection and a typed name are references, at the member")
    func propertyChains() throws {
        let workspace = try Self.load()
        #expect(workspace.codeFiles.count == 3)
        #expect(Self.places("app/new_onboarding", in: workspace) == [Self.at("newOnboarding {", kind: "property")])
        #expect(Self.places("app/results", in: workspace) == [Self.at("resultsPerPage", kind: "property")])
        // `player.autoPlay` on an AVPlayer is a look-alike; the comment is no reference.
        #expect(
            Self.places("app/player/auto_play", in: workspace) == [Self.at("autoPlay", occurrence: 3, kind: "property")]
        )
        let line = try #require(workspace.codeReferences?.references(of: "app/results").first?.text)
        #expect(line == "let perPage = flags.resultsPerPage")
    }

    @Test("A property name two collections declare is told apart by the collection before it")
    func sameNameInTwoCollections() throws {
        let workspace = try Self.load()
        #expect(Self.places("app/search/enabled", in: workspace) == [Self.at("enabled &&", kind: "property")])
        #expect(Self.places("app/player/enabled", in: workspace) == [Self.at("enabled {", kind: "property")])
    }

    @Test("A key as a literal, a key path and a key built at run time are references of their kinds")
    func literalsKeyPathsAndDynamicKeys() throws {
        let workspace = try Self.load()
        #expect(
            Self.places("app/search/ranking", in: workspace) == [
                Self.at("\"app/search/ranking\"", kind: "literal"), Self.at("ranking", occurrence: 3, kind: "property"),
            ])
        // Both player flags may be what "app/player/\(name)" reads; nothing else is.
        let dynamic = Self.at("\"app/player/", kind: "dynamic")
        #expect(Self.places("app/player/auto_play", in: workspace).count == 1)
        #expect(
            workspace.codeReferences?.dynamicReferences(of: "app/player/auto_play").map { "\($0.place) dynamic" } == [
                dynamic
            ])
        #expect(workspace.codeReferences?.dynamicReferences(of: "app/new_onboarding").isEmpty == true)
    }

    @Test("A Flint feature read through its type references the feature and its switch, not its declaration")
    func flintFeatures() throws {
        let workspace = try Self.load()
        let expected = [Self.at("isAvailable", kind: "feature"), Self.at("request", kind: "feature")]
        #expect(Self.places("wishlist", in: workspace) == expected)
        #expect(Self.places("wishlist/user_toggled", in: workspace) == expected)
    }

    @Test("Without code: the Swift blueprints are the code; a YAML-only workspace has none")
    func defaultCode() throws {
        let swift = try Fixture.load(["Sources/App/AppFlags.swift": Self.flags], workspace: SwiftModules.workspace)
        #expect(swift.codeFiles == ["Sources/App/AppFlags.swift"])
        #expect(swift.codeReferences?.references(of: "app/new_onboarding").isEmpty == true)
        let yaml = try Fixture.load(blueprint: Fixture.oneFlagBlueprint)
        #expect(yaml.codeReferences == nil)
    }

    @Test("A code: glob that matches nothing is a warning, a missing path an error, at the item")
    func badCodePatterns() throws {
        let workspace = try Fixture.load(
            ["blueprints/app.yml": Fixture.oneFlagBlueprint],
            workspace: """
                blueprints: [blueprints/app.yml]
                code:
                  - App/**/*.swift
                  - App/Main.swift

                """)
        expectDiagnostics(
            workspace,
            exactly: [
                .warning("flagscope.yml", TextLocation(line: 3, column: 5), "'App/**/*.swift' matches no .swift file"),
                .error("flagscope.yml", TextLocation(line: 4, column: 5), "code file 'App/Main.swift' does not exist"),
            ])
    }

    @Test("Hostile code: a file of broken syntax is still searched, and nothing hangs on deep nesting")
    func hostileCode() throws {
        let broken = "func f( { if appFlags.newOnboarding { \n" + String(repeating: "(", count: 2_000) + "\n"
        let workspace = try Self.load(code: broken)
        #expect(Self.places("app/new_onboarding", in: workspace).count == 1)
    }
}
