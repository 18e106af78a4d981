import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// A collection or container that several RealFlags loaders or Vexil poles use (SPEC §9): the
/// keys of each one, all declared at the same `@Flag`; one declaration giving a key twice is one
/// flag; a key declared at two places is still an error at both.
@Suite("Swift blueprints: a collection several loaders or poles use")
struct SwiftSharedCollectionTests {
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
