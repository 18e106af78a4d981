import TestSupport

@testable import FlagCore

/// Small Swift modules written the way apps declare their flags with RealFlags, Vexil and Flint:
/// the fixtures of the Swift-blueprint tests (docs/blueprints.md#swift-sources-as-blueprints). They are read, never compiled.
enum SwiftModules {
    /// The workspace file: Swift sources by a recursive glob, and a stack whose names match the
    /// provider types `excludedProviders` uses.
    static let workspace = WorkspaceBuilder(
        blueprints: ["Sources/**/*.swift"],
        providers: [.json("FirebaseRemoteProvider", "remote.json"), .json("Local", "local.json", writable: true)]
    ).workspaceFile

    /// A RealFlags app: a loader with a literal key configuration held in a `let`, a root
    /// collection with every value type, and a nested collection declared in another file.
    static let realFlagsApp = """
        import RealFlags

        enum Theme: String, FlagProtocol {
            case system
            case light = "LIGHT"
            case dark
        }

        enum Defaults {
            static let timeout = 30
            static let homepage = "https://example.com/home"
        }

        let keys = KeyConfiguration(prefix: "app", pathSeparator: "/", keyTransform: .snakeCase)
        let flags = FlagsLoader(AppFlags.self, description: .init(name: "My App", description: "All the app's flags"), providers: [], keyConfiguration: keys)

        struct AppFlags: FlagCollectionProtocol {
            @Flag(default: true, description: "Show the new onboarding")
            var showOnboarding: Bool

            @Flag(key: "max_items_v2", default: 25, description: "Items per page")
            var maxItems: Int

            @Flag(default: 1.5, description: "Playback rate")
            var playbackRate: Double

            @Flag(default: Defaults.timeout, description: "Request timeout")
            var requestTimeout: Int

            @Flag(default: "Welcome", description: FlagMetadata(description: "Banner text", isInternal: true, isLocked: true))
            var bannerText: String

            @Flag(default: .dark, description: "Colour theme")
            var theme: Theme

            @Flag(default: URL(string: Defaults.homepage)!, description: "Home page")
            var homeURL: URL

            @Flag(default: Date(timeIntervalSince1970: 1_767_225_600), description: "Launch date")
            var launchDate: Date

            @Flag(default: ["a": 1, "b": 2], description: "Weights")
            var weights: [String: Int]

            @Flag(default: nil, description: "Optional greeting")
            var greeting: String?

            @Flag(default: RemoteDefaults.fetchLimit(), excludedProviders: [FirebaseRemoteProvider.self, UserDefaultsProvider.self], description: "Fetch limit")
            var fetchLimit: Int

            @FlagCollection(description: "Experiments")
            var labExperiments: LabFlags

            init() {}
        }

        """

    /// The nested collection, in its own file.
    static let realFlagsLab = """
        import RealFlags

        struct LabFlags: FlagCollectionProtocol {
            @Flag(default: false, description: "Risky feature!")
            var boomFeature: Bool

            @FlagCollection(keyConfiguration: .skip, description: "Flattened")
            var flat: FlatFlags
        }

        struct FlatFlags: FlagCollectionProtocol {
            @Flag(name: "Fancy", default: 3, description: "A flag whose collection adds no segment")
            var fancyLevel: Int8
        }

        """

    /// RealFlags' own FlagKeyPathEncodingTests collections, re-typed (one loader: kebab-case with a prefix).
    static let realFlagsKeyPathTests = """
        final class FlagKeyPathEncodingTests {
            private lazy var kebabLoader: FlagsLoader<TestFlags> = {
                let config = KeyConfiguration(prefix: "prefix", pathSeparator: "/", keyTransform: .kebabCase)
                return FlagsLoader(TestFlags.self, keyConfiguration: config)
            }()
        }

        private struct TestFlags: FlagCollectionProtocol {
            @FlagCollection(keyConfiguration: .skip, description: "Test 1")
            var oneFlagGroup: OneFlags

            @Flag(default: false, description: "Top level test flag")
            var topLevelFlag: Bool
        }

        private struct OneFlags: FlagCollectionProtocol {
            @FlagCollection(keyConfiguration: .custom("two"), description: "Test Two")
            var twoFlagGroup: TwoFlags

            @Flag(default: false, description: "Second level test flag")
            var secondLevelFlag: Bool
        }

        private struct TwoFlags: FlagCollectionProtocol {
            @FlagCollection(keyConfiguration: .snakeCase, description: "Skipping test 3")
            var flagGroupThree: ThreeFlags

            @Flag(default: false, description: "Third level test flag")
            var thirdLevelFlag: Bool

            @Flag(default: false, description: "Second Third level test flag")
            var thirdLevelFlag2: Bool
        }

        private struct ThreeFlags: FlagCollectionProtocol {
            @Flag(key: "fullKey", default: false, description: "Test flag with custom key path")
            var full: Bool

            @Flag(default: true, description: "Standard Flag")
            var standardPropertyName: Bool
        }

        """

    /// RealFlags' own FlagTests collections, re-typed (a loader with the default configuration).
    static let realFlagsFlagTests = """
        final class FlagTests {
            private lazy var loader: FlagsLoader<FlagsCollection> = {
                FlagsLoader(FlagsCollection.self)
            }()
        }

        fileprivate struct FlagsCollection: FlagCollectionProtocol {
            @Flag(name: "myBoolProperty",
                  key: "custom_bool_key",
                  default: true,
                  description: "Some Boolean")
            var flagBool: Bool

            @Flag(key: "custom_string",
                  default: "fallback_string",
                  description: FlagMetadata(description: "Some text", isInternal: true, uiIcon: FlagTests.customIcon, isLocked: true))
            var flagString: String

            @FlagCollection(description: "A nested collection")
            var nested: NestedCollection
        }

        fileprivate struct NestedCollection: FlagCollectionProtocol {
            @Flag(default: 5,
                  description: FlagMetadata(description: "nested flag desc", isInternal: true, uiIcon: FlagTests.customIcon, isLocked: true))
            var nestedIntFlag: Int

            @Flag(name: "nestedInt_customName",
                  key: "fixed_property_key",
                  default: 53,
                  description: FlagMetadata(description: "nested flag desc", isInternal: true, uiIcon: FlagTests.customIcon, isLocked: true))
            var nestedIntFlagFixKey: Int

            @Flag(default: [2,3,5], description: "Nested array")
            var nestedArray: [Int]
        }

        """

    /// A RealFlags test case in the shape of RealFlags' own FlagKeyPathEncodingTests (written
    /// for Flagscope, names of its own): one collection, two loaders, each configured by a local
    /// `let config` of its own, and the key paths each loader's test asserts.
    static let catalogLoaderTests = """
        import XCTest
        @testable import RealFlags

        final class CatalogKeyPathTests: XCTestCase {

            private lazy var dashedLoader: FlagsLoader<CatalogFlags> = {
                let config = KeyConfiguration(prefix: "store", pathSeparator: "/", keyTransform: .kebabCase)
                return FlagsLoader(CatalogFlags.self, keyConfiguration: config)
            }()

            private lazy var underscoredLoader: FlagsLoader<CatalogFlags> = {
                let config = KeyConfiguration(pathSeparator: ".", keyTransform: .snakeCase)
                return FlagsLoader(CatalogFlags.self, keyConfiguration: config)
            }()

            func testDashedKeyPaths() {
                XCTAssert(dashedLoader.shelves.$sortsByPrice.keyPath.fullPath == "store/sorts-by-price")
                XCTAssert(dashedLoader.shelves.aisles.$highlightsArrivals2.keyPath.fullPath == "store/aisle/highlights-arrivals2")
                XCTAssert(dashedLoader.shelves.aisles.binDetails.$countsBinItems.keyPath.fullPath == "store/aisle/bin_details/counts-bin-items")
                XCTAssert(dashedLoader.shelves.aisles.binDetails.$fixedBin.keyPath.fullPath == "store/aisle/bin_details/binKey")
                XCTAssert(dashedLoader.$showsCatalogBanner.keyPath.fullPath == "store/shows-catalog-banner")
            }

            func testUnderscoredKeyPaths() {
                XCTAssert(underscoredLoader.shelves.aisles.binDetails.$fixedBin.keyPath.fullPath == "aisle.bin_details.binKey")
                XCTAssert(underscoredLoader.shelves.$sortsByPrice.keyPath.fullPath == "sorts_by_price")
                XCTAssert(underscoredLoader.shelves.aisles.$highlightsNewArrivals.keyPath.fullPath == "aisle.highlights_new_arrivals")
                XCTAssert(underscoredLoader.$showsCatalogBanner.keyPath.fullPath == "shows_catalog_banner")
            }
        }

        private struct CatalogFlags: FlagCollectionProtocol {
            @FlagCollection(keyConfiguration: .skip, description: "Shelves, left out of keys")
            var shelves: ShelfFlags

            @Flag(default: false, description: "Show the catalog banner")
            var showsCatalogBanner: Bool
        }

        private struct ShelfFlags: FlagCollectionProtocol {
            @FlagCollection(keyConfiguration: .custom("aisle"), description: "Aisles")
            var aisles: AisleFlags

            @Flag(default: false, description: "Sort shelves by price")
            var sortsByPrice: Bool
        }

        private struct AisleFlags: FlagCollectionProtocol {
            @FlagCollection(keyConfiguration: .snakeCase, description: "Bins")
            var binDetails: BinFlags

            @Flag(default: false, description: "Highlight new arrivals")
            var highlightsNewArrivals: Bool

            @Flag(default: false, description: "Highlight arrivals, second version")
            var highlightsArrivals2: Bool
        }

        private struct BinFlags: FlagCollectionProtocol {
            @Flag(key: "binKey", default: false, description: "A bin with a key of its own")
            var fixedBin: Bool

            @Flag(default: true, description: "Count the items of each bin")
            var countsBinItems: Bool
        }

        """

    /// A Vexil test suite in the shape of Vexil's own KeyEncodingTests (written for Flagscope,
    /// names of its own): one container hoisted by four poles (kebab-case, snake_case, a prefix,
    /// a prefix and '/'), each configured by a local `let config` of its own, and the keys each
    /// pole's test expects.
    static let catalogPoleTests = """
        import Testing
        import Vexil

        @Suite("Catalog keys")
        struct CatalogKeyTests {

            @Test("Dashed")
            func dashed() {
                let config = VexilConfiguration(codingPathStrategy: .kebabcase, prefix: nil, separator: ".")
                let pole = FlagPole(hoist: CatalogFlags.self, configuration: config, sources: [])

                #expect(pole.$showsCatalogBanner.key == "shows-catalog-banner")
                #expect(pole.shelfRows.$sortsByPrice.key == "shelf-rows.sorts-by-price")
                #expect(pole.shelfRows.aisles.$highlightsArrivals2.key == "shelf-rows.aisle.highlights-arrivals2")
                #expect(pole.shelfRows.aisles.bins.$namedBin.key == "shelf-rows.aisle.binKey")
                #expect(pole.shelfRows.aisles.bins.$pinnedBin.key == "catalogBinPath")
                #expect(pole.shelfRows.aisles.bins.$countsBinItems.key == "shelf-rows.aisle.counts-bin-items")
            }

            @Test("Underscored")
            func underscored() {
                let config = VexilConfiguration(codingPathStrategy: .snakecase, prefix: nil, separator: ".")
                let pole = FlagPole(hoist: CatalogFlags.self, configuration: config, sources: [])

                #expect(pole.$showsCatalogBanner.key == "shows_catalog_banner")
                #expect(pole.shelfRows.aisles.$highlightsNewArrivals.key == "shelf_rows.aisle.highlights_new_arrivals")
                #expect(pole.shelfRows.aisles.bins.$namedBin.key == "shelf_rows.aisle.binKey")
                #expect(pole.shelfRows.aisles.bins.$pinnedBin.key == "catalogBinPath")
            }

            @Test("Prefixed")
            func prefixed() {
                let config = VexilConfiguration(codingPathStrategy: .kebabcase, prefix: "store", separator: ".")
                let pole = FlagPole(hoist: CatalogFlags.self, configuration: config, sources: [])

                #expect(pole.$showsCatalogBanner.key == "store.shows-catalog-banner")
                #expect(pole.shelfRows.aisles.bins.$countsBinItems.key == "store.shelf-rows.aisle.counts-bin-items")
                #expect(pole.shelfRows.aisles.bins.$pinnedBin.key == "catalogBinPath")
            }

            @Test("Prefixed, with slashes")
            func slashed() {
                let config = VexilConfiguration(codingPathStrategy: .kebabcase, prefix: "store", separator: "/")
                let pole = FlagPole(hoist: CatalogFlags.self, configuration: config, sources: [])

                #expect(pole.shelfRows.$sortsByPrice.key == "store/shelf-rows/sorts-by-price")
                #expect(pole.shelfRows.aisles.bins.$namedBin.key == "store/shelf-rows/aisle/binKey")
                #expect(pole.shelfRows.aisles.bins.$pinnedBin.key == "catalogBinPath")
            }
        }

        @FlagContainer
        private struct CatalogFlags {
            @FlagGroup(description: "Shelves")
            var shelfRows: ShelfFlags

            @Flag("Show the catalog banner")
            var showsCatalogBanner = false
        }

        @FlagContainer
        private struct ShelfFlags {
            @FlagGroup(keyStrategy: .customKey("aisle"), description: "Aisles")
            var aisles: AisleFlags

            @Flag("Sort shelves by price")
            var sortsByPrice = false
        }

        @FlagContainer
        private struct AisleFlags {
            @FlagGroup(keyStrategy: .skip, description: "Bins, left out of keys")
            var bins: BinFlags

            @Flag("Highlight new arrivals")
            var highlightsNewArrivals = false

            @Flag("Highlight arrivals, second version")
            var highlightsArrivals2 = false
        }

        @FlagContainer
        private struct BinFlags {
            @Flag(keyStrategy: .customKey("binKey"), description: "A bin with a key of its own")
            var namedBin = false

            @Flag(keyStrategy: .customKeyPath("catalogBinPath"), description: "A bin with a key path of its own")
            var pinnedBin = false

            @Flag("Count the items of each bin")
            var countsBinItems = true
        }

        """

    /// A Vexil 3 app: containers, groups with key strategies, flags with descriptions both ways.
    static let vexilApp = """
        import Vexil

        @FlagContainer
        struct AppFlags {
            @FlagGroup(description: "Test 1")
            var oneFlagGroup: OneFlags

            @Flag("Top level test flag")
            var topLevelFlag = false

            @Flag(default: 12, description: "Retry count")
            var retryCount: Int

            @Flag(description: "Loads over the new URLSession stack")
            var useURLSessionStack: Bool = true
        }

        @FlagContainer
        struct OneFlags {
            @FlagGroup(keyStrategy: .customKey("two"), description: "Test Two")
            var twoFlagGroup: TwoFlags

            @Flag("Second level test flag")
            var secondLevelFlag = false
        }

        @FlagContainer
        struct TwoFlags {
            @FlagGroup(keyStrategy: .skip, description: "Skipping test 3")
            var flagGroupThree: ThreeFlags

            @Flag("Third level test flag")
            var thirdLevelFlag = false

            @Flag("Second Third level test flag")
            var thirdLevelFlag2 = false
        }

        @FlagContainer
        struct ThreeFlags {
            @Flag(keyStrategy: .customKey("customKey"), description: "Test flag with custom key")
            var custom = false

            @Flag(keyStrategy: .customKeyPath("customKeyPath"), description: "Test flag with custom key path")
            var full = false

            @Flag("Standard Flag")
            var standard = true
        }

        """

    /// A Flint app: a root group, a sub-group, features and conditional features using every
    /// constraint of the DSL, and product constants.
    static let flintApp = """
        import FlintCore

        let premium = NonConsumableProduct(name: "Premium subscription", description: "Unlocks everything", productID: "SUB0001")
        let supporter = NonConsumableProduct(name: "Generous supporter", productID: "SUP0001")
        let offlinePack = NonConsumableProduct(name: "Offline pack", productID: "PACK0001")

        final class AppFeatures: FeatureGroup {
            static var description = "The app"
            static var subfeatures: [FeatureDefinition.Type] = [
                PodcastFavouritesFeature.self,
                DeepLinkingFeature.self,
                SelfieFeature.self,
                OfflineFeature.self,
            ]
        }

        final class PodcastFavouritesFeature: FeatureGroup, ConditionalFeature {
            static var description = "Podcast favourites"
            static var subfeatures: [FeatureDefinition.Type] = [SmartPlaylistsFeature.self]
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.userToggled(defaultValue: false)
            }
        }

        final class SmartPlaylistsFeature: ConditionalFeature {
            static var description: String = "Smart playlists"
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.permissions(.location(usage: .whenInUse), .camera)
                requirements.purchase(anyOf: premium, supporter)
                requirements.runtimeEnabled()
                requirements.iOS = 13
                requirements.macOS = "10.15.4"
                requirements.tvOS = .any
                requirements.watchOS = .unsupported
            }
            static var isEnabled: Bool? = true
        }

        final class DeepLinkingFeature: ConditionalFeature {
            static var description: String = "Deep Linking and app-URL handling"
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.runtimeEnabled()
            }
            static var isEnabled: Bool? = RemoteSwitches.deepLinks()
        }

        final class SelfieFeature: ConditionalFeature {
            static var description: String = "Selfie Posting"
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.permission(.photos)
                requirements.iOSOnly = 12
            }
        }

        final class OfflineFeature: ConditionalFeature {
            static var description: String = "Offline listening"
            static func constraints(requirements: FeatureConstraintsBuilder) {
                requirements.purchase(premium)
                requirements.purchase(PurchaseRequirement(products: [offlinePack, supporter], matchingCriteria: .any))
            }
        }

        func start() {
            Flint.quickSetup(AppFeatures.self)
        }

        """
}

extension SwiftModules {
    /// Where `needle` starts in `text` (its `occurrence`-th appearance, from 1): the line and
    /// column a diagnostic or `declared` must name.
    static func location(of needle: String, in text: String, occurrence: Int = 1) -> TextLocation? {
        var seen = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var searchFrom = line.startIndex
            while let range = line[searchFrom...].range(of: needle) {
                seen += 1
                if seen == occurrence {
                    return TextLocation(
                        line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
                }
                searchFrom = range.upperBound
            }
        }
        return nil
    }
}
