import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// A collection or container that several RealFlags loaders or Vexil poles use (docs/blueprints.md#swift-sources-as-blueprints): the
/// keys of each one, all declared at the same `@Flag`; one declaration giving a key twice is one
/// flag; a key declared at two places is still an error at both.
@Suite("Swift blueprints: a collection several loaders or poles use")
struct SwiftBlueprintBuilderSharedCollectionTests {
    static let path = "Sources/App/ShopFlags.swift"

    static func load(_ source: String, at path: String = path) throws -> Workspace {
        try Fixture.load([path: source], workspace: SwiftModules.workspace)
    }

    /// The keys each Swift root gives, root by root, as the tree shows them.
    static func keysByRoot(_ workspace: Workspace) -> [[String]] {
        workspace.blueprints.filter { $0.file.hasSuffix(".swift") }.map { $0.root.allFlags.map(\.key) }
    }

    @Test("Two FlagsLoaders of one collection, each configured by its own local 'let', give the keys of each")
    func twoRealFlagsLoaders() throws {
        let source = """
            final class Storefront {
                lazy var dashed: FlagsLoader<ShopFlags> = {
                    let keys = KeyConfiguration(prefix: "shop", pathSeparator: "/", keyTransform: .kebabCase)
                    return FlagsLoader(ShopFlags.self, keyConfiguration: keys)
                }()

                lazy var underscored: FlagsLoader<ShopFlags> = {
                    let keys = KeyConfiguration(pathSeparator: ".", keyTransform: .snakeCase)
                    return FlagsLoader(ShopFlags.self, keyConfiguration: keys)
                }()
            }

            struct ShopFlags: FlagCollectionProtocol {
                @Flag(default: true, description: "Express checkout")
                var expressCheckout: Bool

                @FlagCollection(description: "Payments")
                var paymentOptions: PaymentFlags
            }

            struct PaymentFlags: FlagCollectionProtocol {
                @Flag(default: false, description: "Pay later")
                var payLater: Bool
            }

            """
        let workspace = try Self.load(source)
        #expect(
            Self.keysByRoot(workspace) == [
                ["shop/express-checkout", "shop/payment-options/pay-later"],
                ["express_checkout", "payment_options.pay_later"],
            ])
        let declared = try #require(SwiftModules.location(of: "@Flag(default: true", in: source))
        for key in ["shop/express-checkout", "express_checkout"] {
            #expect(workspace.flags[key]?.origin == SourceReference(file: Self.path, location: declared))
        }
        #expect(workspace.flags["express_checkout"]?.defaultValue == .bool(true))
        expectDiagnostics(workspace, exactly: [])
    }

    @Test("Vexil poles hoisting one container with kebab-case, snake_case and a prefix give the keys of each")
    func threeVexilPoles() throws {
        let source = """
            let prefixed = VexilConfiguration(prefix: "shop", separator: "/")

            enum Poles {
                static func dashed() -> FlagPole<ShopFlags> {
                    let config = VexilConfiguration(codingPathStrategy: .kebabcase)
                    return FlagPole(hoist: ShopFlags.self, configuration: config)
                }

                static func underscored() -> FlagPole<ShopFlags> {
                    let config = VexilConfiguration(codingPathStrategy: .snakecase)
                    return FlagPole(hoist: ShopFlags.self, configuration: config)
                }

                static let withPrefix = FlagPole(hoist: ShopFlags.self, configuration: prefixed)
            }

            @FlagContainer
            struct ShopFlags {
                @Flag("Express checkout")
                var expressCheckout = true

                @FlagGroup(description: "Payments")
                var paymentOptions: PaymentFlags
            }

            @FlagContainer
            struct PaymentFlags {
                @Flag("Pay later")
                var payLater = false
            }

            """
        let workspace = try Self.load(source)
        #expect(
            Self.keysByRoot(workspace) == [
                ["express-checkout", "payment-options.pay-later"],
                ["express_checkout", "payment_options.pay_later"],
                ["shop/express-checkout", "shop/payment-options/pay-later"],
            ])
        let declared = try #require(SwiftModules.location(of: "@Flag(\"Pay later\")", in: source))
        for key in ["payment-options.pay-later", "payment_options.pay_later", "shop/payment-options/pay-later"] {
            #expect(workspace.flags[key]?.origin == SourceReference(file: Self.path, location: declared))
        }
        expectDiagnostics(workspace, exactly: [])
    }

    @Test("A flag with a custom key path under two poles is one flag, not a duplicate of itself")
    func sameKeyFromOneDeclaration() throws {
        let source = """
            func poles() {
                let dashed = FlagPole(hoist: ShopFlags.self, configuration: VexilConfiguration(codingPathStrategy: .kebabcase))
                let underscored = FlagPole(hoist: ShopFlags.self, configuration: VexilConfiguration(codingPathStrategy: .snakecase))
            }

            @FlagContainer
            struct ShopFlags {
                @Flag(keyStrategy: .customKeyPath("legacy.checkout"), description: "The checkout before 2024")
                var legacyCheckout = false

                @Flag("Express checkout")
                var expressCheckout = true
            }

            """
        let workspace = try Self.load(source)
        #expect(
            Self.keysByRoot(workspace) == [["legacy.checkout", "express-checkout"], ["express_checkout"]])
        let legacy = try #require(workspace.flags["legacy.checkout"])
        #expect(
            legacy.origin.location == SwiftModules.location(of: "@Flag(keyStrategy: .customKeyPath", in: source))
        expectDiagnostics(workspace, exactly: [])
    }

    @Test("Two loaders with the same configuration are one set of flags, with each warning said once")
    func sameConfigurationTwice() throws {
        let source = """
            let app = FlagsLoader(ShopFlags.self, keyConfiguration: KeyConfiguration(prefix: "shop"))
            let preview = FlagsLoader(ShopFlags.self, keyConfiguration: KeyConfiguration(prefix: "shop"))

            struct ShopFlags: FlagCollectionProtocol {
                @Flag(default: true)
                var expressCheckout: Bool
            }

            """
        let workspace = try Self.load(source)
        #expect(Self.keysByRoot(workspace) == [["shop/express_checkout"]])
        expectDiagnostics(
            workspace,
            exactly: [
                .warning(
                    Self.path, SwiftModules.location(of: "@Flag(default: true)", in: source),
                    "flag 'expressCheckout' has no description")
            ])
    }

    @Test("A key declared at two places is still an error at both, whichever loaders read it")
    func duplicateAtTwoPlaces() throws {
        let source = """
            let dashed = FlagsLoader(ShopFlags.self, keyConfiguration: KeyConfiguration(keyTransform: .kebabCase))
            let underscored = FlagsLoader(ShopFlags.self, keyConfiguration: KeyConfiguration(keyTransform: .snakeCase))

            struct ShopFlags: FlagCollectionProtocol {
                @Flag(key: "checkout", default: true, description: "Express checkout")
                var expressCheckout: Bool

                @Flag(key: "checkout", default: false, description: "Classic checkout")
                var classicCheckout: Bool
            }

            """
        let workspace = try Self.load(source)
        let express = SwiftModules.location(of: "@Flag(key: \"checkout\"", in: source)
        let classic = SwiftModules.location(of: "@Flag(key: \"checkout\"", in: source, occurrence: 2)
        expectDiagnostics(
            workspace,
            exactly: [
                .error(Self.path, express, "duplicate key 'checkout'", "again at \(Self.path):\(classic!)"),
                .error(Self.path, classic, "duplicate key 'checkout'", "another at \(Self.path):\(express!)"),
            ])
    }

    @Test("A configuration named by a local of another body is not guessed: a located warning, RealFlags' defaults")
    func localOfAnotherBody() throws {
        let source = """
            func configure() {
                let config = KeyConfiguration(prefix: "elsewhere", keyTransform: .kebabCase)
            }

            let loader = FlagsLoader(ShopFlags.self, keyConfiguration: config)

            struct ShopFlags: FlagCollectionProtocol {
                @Flag(default: true, description: "Express checkout")
                var expressCheckout: Bool
            }

            """
        let workspace = try Self.load(source)
        #expect(Self.keysByRoot(workspace) == [["express_checkout"]])
        expectDiagnostics(
            workspace,
            exactly: [
                .warning(
                    Self.path, SwiftModules.location(of: "config)", in: source),
                    "the key configuration is built at run time")
            ])
    }

    @Test("A Vexil snake_case pole turns the kebab-case name's dashes into underscores, as Vexil does")
    func vexilSnakeCaseFromKebabCase() throws {
        let source = """
            let pole = FlagPole(hoist: ShopFlags.self, configuration: VexilConfiguration(codingPathStrategy: .snakecase))

            @FlagContainer
            struct ShopFlags {
                @Flag("Checkout over the old API")
                var legacy_APICheckout = false
            }

            """
        let workspace = try Self.load(source)
        #expect(Self.keysByRoot(workspace) == [["legacy__api_checkout"]])
    }
}

// MARK: - The libraries' own key tests

extension SwiftBlueprintBuilderSharedCollectionTests {
    /// A folder with RealFlags' `Tests/RealFlagsTests/FlagKeyPathEncodingTests.swift` and Vexil's
    /// `Tests/VexilTests/KeyEncodingTests.swift` as their repositories have them. They are the
    /// libraries' files, so they are read from there, never committed; without the folder the
    /// tests that read them are skipped (and say so), and the same checks run on fixtures of the
    /// same shape written for Flagscope.
    static let librariesFolder = ProcessInfo.processInfo.environment["FLAGSCOPE_REAL_SWIFT_DIR"]

    static func libraryFile(_ name: String) throws -> String {
        let folder = try #require(librariesFolder)
        let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
        let data = try #require(FileManager.default.contents(atPath: url.path), "no \(name) in \(folder)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The keys a test file asserts: the text after `== "` on each `XCTAssert` or `#expect` line.
    static func assertedKeys(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            guard line.contains("XCTAssert(") || line.contains("#expect("),
                let equals = line.range(of: "== \"", options: .backwards)
            else { return nil }
            return line[equals.upperBound...].split(separator: "\"", omittingEmptySubsequences: false).first
                .map(String.init)
        }
    }

    /// Reads `source` as a workspace's only Swift file and expects exactly `roots` (each root's
    /// keys), every key the file's own tests assert, `shared` keys declared at one `@Flag`, and
    /// no diagnostic.
    static func expectKeys(
        of source: String, at path: String, asserting assertions: Int, roots: [[String]],
        shared: (flag: String, keys: [String]), sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let workspace = try Fixture.load([path: source], workspace: SwiftModules.workspace)
        #expect(keysByRoot(workspace) == roots, sourceLocation: sourceLocation)
        let asserted = assertedKeys(in: source)
        #expect(asserted.count == assertions, "\(asserted)", sourceLocation: sourceLocation)
        for key in asserted {
            #expect(workspace.flags[key] != nil, "\(key) is asserted by the file", sourceLocation: sourceLocation)
        }
        let declared = try #require(SwiftModules.location(of: shared.flag, in: source))
        for key in shared.keys {
            #expect(
                workspace.flags[key]?.origin == SourceReference(file: path, location: declared), "\(key)",
                sourceLocation: sourceLocation)
        }
        expectDiagnostics(workspace, exactly: [], sourceLocation: sourceLocation)
    }

    static let realFlagsPath = "Sources/RealFlagsTests/FlagKeyPathEncodingTests.swift"
    static let vexilPath = "Sources/VexilTests/KeyEncodingTests.swift"

    @Test(
        "RealFlags' own FlagKeyPathEncodingTests.swift: the key paths of its kebab-case and snake_case loaders",
        .enabled(
            if: librariesFolder != nil,
            "FLAGSCOPE_REAL_SWIFT_DIR names no folder with RealFlags' FlagKeyPathEncodingTests.swift"))
    func realFlagsOwnKeyPathTests() throws {
        try Self.expectKeys(
            of: Self.libraryFile("FlagKeyPathEncodingTests.swift"), at: Self.realFlagsPath, asserting: 9,
            roots: [
                [
                    "prefix/top-level-flag", "prefix/second-level-flag", "prefix/two/third-level-flag",
                    "prefix/two/third-level-flag2", "prefix/two/flag_group_three/fullKey",
                    "prefix/two/flag_group_three/standard-property-name",
                ],
                [
                    "top_level_flag", "second_level_flag", "two.third_level_flag", "two.third_level_flag2",
                    "two.flag_group_three.fullKey", "two.flag_group_three.standard_property_name",
                ],
            ],
            shared: (
                #"@Flag(default: false, description: "Top level test flag")"#,
                ["prefix/top-level-flag", "top_level_flag"]
            ))
    }

    @Test(
        "Vexil's own KeyEncodingTests.swift: the keys of its four poles, the custom key path once",
        .enabled(
            if: librariesFolder != nil, "FLAGSCOPE_REAL_SWIFT_DIR names no folder with Vexil's KeyEncodingTests.swift"))
    func vexilOwnKeyEncodingTests() throws {
        try Self.expectKeys(
            of: Self.libraryFile("KeyEncodingTests.swift"), at: Self.vexilPath, asserting: 28,
            roots: [
                [
                    "top-level-flag", "one-flag-group.second-level-flag", "one-flag-group.two.third-level-flag",
                    "one-flag-group.two.third-level-flag2", "one-flag-group.two.customKey", "customKeyPath",
                    "one-flag-group.two.standard",
                ],
                [
                    "top_level_flag", "one_flag_group.second_level_flag", "one_flag_group.two.third_level_flag",
                    "one_flag_group.two.third_level_flag2", "one_flag_group.two.customKey",
                    "one_flag_group.two.standard",
                ],
                [
                    "prefix.top-level-flag", "prefix.one-flag-group.second-level-flag",
                    "prefix.one-flag-group.two.third-level-flag", "prefix.one-flag-group.two.third-level-flag2",
                    "prefix.one-flag-group.two.customKey", "prefix.one-flag-group.two.standard",
                ],
                [
                    "prefix/top-level-flag", "prefix/one-flag-group/second-level-flag",
                    "prefix/one-flag-group/two/third-level-flag", "prefix/one-flag-group/two/third-level-flag2",
                    "prefix/one-flag-group/two/customKey", "prefix/one-flag-group/two/standard",
                ],
            ],
            shared: (
                #"@Flag("Top level test flag")"#,
                ["top-level-flag", "top_level_flag", "prefix.top-level-flag", "prefix/top-level-flag"]
            ))
    }

    @Test("A RealFlags test case shaped like FlagKeyPathEncodingTests: the key paths of both its loaders")
    func loaderKeyPathTestsShape() throws {
        try Self.expectKeys(
            of: SwiftModules.catalogLoaderTests, at: Self.realFlagsPath, asserting: 9,
            roots: [
                [
                    "store/shows-catalog-banner", "store/sorts-by-price", "store/aisle/highlights-new-arrivals",
                    "store/aisle/highlights-arrivals2", "store/aisle/bin_details/binKey",
                    "store/aisle/bin_details/counts-bin-items",
                ],
                [
                    "shows_catalog_banner", "sorts_by_price", "aisle.highlights_new_arrivals",
                    "aisle.highlights_arrivals2", "aisle.bin_details.binKey", "aisle.bin_details.counts_bin_items",
                ],
            ],
            shared: (
                #"@Flag(default: false, description: "Show the catalog banner")"#,
                ["store/shows-catalog-banner", "shows_catalog_banner"]
            ))
    }

    @Test("A Vexil suite shaped like KeyEncodingTests: the keys of all four poles, the custom key path once")
    func poleKeyEncodingTestsShape() throws {
        try Self.expectKeys(
            of: SwiftModules.catalogPoleTests, at: Self.vexilPath, asserting: 16,
            roots: [
                [
                    "shows-catalog-banner", "shelf-rows.sorts-by-price", "shelf-rows.aisle.highlights-new-arrivals",
                    "shelf-rows.aisle.highlights-arrivals2", "shelf-rows.aisle.binKey", "catalogBinPath",
                    "shelf-rows.aisle.counts-bin-items",
                ],
                [
                    "shows_catalog_banner", "shelf_rows.sorts_by_price", "shelf_rows.aisle.highlights_new_arrivals",
                    "shelf_rows.aisle.highlights_arrivals2", "shelf_rows.aisle.binKey",
                    "shelf_rows.aisle.counts_bin_items",
                ],
                [
                    "store.shows-catalog-banner", "store.shelf-rows.sorts-by-price",
                    "store.shelf-rows.aisle.highlights-new-arrivals", "store.shelf-rows.aisle.highlights-arrivals2",
                    "store.shelf-rows.aisle.binKey", "store.shelf-rows.aisle.counts-bin-items",
                ],
                [
                    "store/shows-catalog-banner", "store/shelf-rows/sorts-by-price",
                    "store/shelf-rows/aisle/highlights-new-arrivals", "store/shelf-rows/aisle/highlights-arrivals2",
                    "store/shelf-rows/aisle/binKey", "store/shelf-rows/aisle/counts-bin-items",
                ],
            ],
            shared: (
                #"@Flag("Show the catalog banner")"#,
                [
                    "shows-catalog-banner", "shows_catalog_banner", "store.shows-catalog-banner",
                    "store/shows-catalog-banner",
                ]
            ))
    }
}
