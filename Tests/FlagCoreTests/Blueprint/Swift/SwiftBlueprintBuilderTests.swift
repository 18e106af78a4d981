import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// Swift sources as blueprints (docs/blueprints.md#swift-sources-as-blueprints): keys, types, defaults and constraints as RealFlags,
/// Vexil and Flint would give them, worked out from each library's rules and its own tests.
@Suite("Swift blueprints")
struct SwiftBlueprintBuilderTests {
    static let appPath = "Sources/App/AppFlags.swift"
    static let labPath = "Sources/App/Lab/LabFlags.swift"
    static let featuresPath = "Sources/Features/Features.swift"

    static func loadApp(_ extra: [String: String] = [:]) throws -> Workspace {
        var files = [appPath: SwiftModules.realFlagsApp, labPath: SwiftModules.realFlagsLab]
        files.merge(extra) { $1 }
        return try Fixture.load(files, workspace: SwiftModules.workspace)
    }

    @Test("A RealFlags app loads with every key, type and default RealFlags would give")
    func realFlagsApp() throws {
        let workspace = try Self.loadApp()
        let declared = workspace.flags.values.filter { !$0.isGenerated }
        let rows = declared.map { "\($0.key) \($0.typeName) \($0.defaultValue?.displayText ?? "-")" }
        #expect(
            rows == [
                "app/show_onboarding bool true",
                "app/max_items_v2 int 25",
                "app/playback_rate double 1.5",
                "app/request_timeout int 30",
                "app/banner_text string Welcome",
                "app/theme enum dark",
                "app/home_url url https://example.com/home",
                "app/launch_date date 2026-01-01T00:00:00Z",
                #"app/weights json {"a":1,"b":2}"#,
                "app/greeting string -",
                "app/fetch_limit int -",
                "app/lab_experiments/boom_feature bool false",
                "app/lab_experiments/fancy_level int 3",
            ])
        #expect(workspace.flags["app/theme"]?.rules.values == ["system", "LIGHT", "dark"])
        let banner = try #require(workspace.flags["app/banner_text"])
        #expect(banner.locked && banner.hidden && banner.description == "Banner text")
        let root = try #require(workspace.blueprints.first?.root)
        #expect(root.name == "My App" && root.description == "All the app's flags")
        #expect(root.collections.map(\.keyPath) == ["app/lab_experiments"])
    }

    @Test("declared points at the @Flag attribute's line, in whichever file declares it")
    func declaredPositions() throws {
        let workspace = try Self.loadApp()
        let onboarding = try #require(workspace.flags["app/show_onboarding"])
        #expect(onboarding.origin.file == Self.appPath)
        #expect(
            onboarding.origin.location
                == SwiftModules.location(of: "@Flag(default: true", in: SwiftModules.realFlagsApp))
        let boom = try #require(workspace.flags["app/lab_experiments/boom_feature"])
        #expect(boom.origin.file == Self.labPath)
        #expect(
            boom.origin.location == SwiftModules.location(of: "@Flag(default: false", in: SwiftModules.realFlagsLab))
    }

    @Test("A default that calls a function is a located warning; the flag keeps its source text, no value")
    func unknowableDefault() throws {
        let workspace = try Self.loadApp()
        let flag = try #require(workspace.flags["app/fetch_limit"])
        #expect(flag.defaultValue == nil)
        #expect(flag.unknownDefault == "RemoteDefaults.fetchLimit()")
        #expect(flag.excludedProviders == ["FirebaseRemoteProvider"])
        let text = SwiftModules.realFlagsApp
        expectDiagnostics(
            workspace,
            exactly: [
                .warning(
                    Self.appPath, SwiftModules.location(of: "RemoteDefaults.fetchLimit()", in: text),
                    "default of 'fetchLimit' cannot be known without compiling", "calls RemoteDefaults.fetchLimit"),
                .warning(
                    Self.appPath, SwiftModules.location(of: "UserDefaultsProvider.self", in: text),
                    "no provider of the workspace is named 'UserDefaultsProvider'"),
            ])
    }

    @Test("A constant from a file not read is unknown, not invented")
    func constantFromAnotherFile() throws {
        let source = """
            struct Flags: FlagCollectionProtocol {
                @Flag(default: Limits.maximum, description: "Cap")
                var cap: Int
            }

            """
        let workspace = try Fixture.load(["Sources/Flags.swift": source], workspace: SwiftModules.workspace)
        #expect(workspace.flags["cap"]?.unknownDefault == "Limits.maximum")
        expectDiagnostics(
            workspace,
            exactly: [
                .warning(
                    "Sources/Flags.swift", SwiftModules.location(of: "Limits.maximum", in: source),
                    "uses 'Limits.maximum', which is not a constant with a literal value in the files read")
            ])
    }

    @Test("RealFlags' FlagKeyPathEncodingTests: the kebab-case loader's key paths")
    func realFlagsKeyPathEncodingKebab() throws {
        let workspace = try Fixture.load(
            ["Sources/Tests.swift": SwiftModules.realFlagsKeyPathTests], workspace: SwiftModules.workspace)
        // The paths RealFlags' own test asserts (plus the two it leaves implicit).
        let keys = workspace.flags.values.filter { !$0.isGenerated }.map(\.key)
        #expect(
            keys == [
                "prefix/top-level-flag",
                "prefix/second-level-flag",
                "prefix/two/third-level-flag",
                "prefix/two/third-level-flag2",
                "prefix/two/flag_group_three/fullKey",
                "prefix/two/flag_group_three/standard-property-name",
            ])
        #expect(workspace.flags["prefix/two/flag_group_three/standard-property-name"]?.defaultValue == .bool(true))
        #expect(workspace.diagnostics.filter { $0.file.hasSuffix(".swift") }.isEmpty)
    }

    @Test("RealFlags' FlagKeyPathEncodingTests: the snake_case loader with a '.' separator")
    func realFlagsKeyPathEncodingSnake() throws {
        let source = SwiftModules.realFlagsKeyPathTests.replacingOccurrences(
            of: #"KeyConfiguration(prefix: "prefix", pathSeparator: "/", keyTransform: .kebabCase)"#,
            with: #"KeyConfiguration(pathSeparator: ".", keyTransform: .snakeCase)"#)
        let workspace = try Fixture.load(["Sources/Tests.swift": source], workspace: SwiftModules.workspace)
        let keys = Set(workspace.flags.values.filter { !$0.isGenerated }.map(\.key))
        for asserted in ["two.flag_group_three.fullKey", "second_level_flag", "two.third_level_flag", "top_level_flag"]
        {
            #expect(keys.contains(asserted), "\(asserted) in \(keys.sorted())")
        }
    }

    @Test("RealFlags' FlagTests: keys, defaults and metadata")
    func realFlagsFlagTests() throws {
        let workspace = try Fixture.load(
            ["Sources/Tests.swift": SwiftModules.realFlagsFlagTests], workspace: SwiftModules.workspace)
        let flags = workspace.flags
        #expect(flags["custom_bool_key"]?.defaultValue == .bool(true))
        #expect(flags["custom_bool_key"]?.description == "Some Boolean")
        #expect(flags["custom_string"]?.defaultValue == .string("fallback_string"))
        #expect(flags["custom_string"]?.hidden == true && flags["custom_string"]?.locked == true)
        #expect(flags["nested/nested_int_flag"]?.defaultValue == .int(5))
        #expect(flags["nested/fixed_property_key"]?.defaultValue == .int(53))
        #expect(flags["nested/nested_array"]?.defaultValue == .json(.array([.int(2), .int(3), .int(5)])))
        // featureFlags.count == 5 in RealFlags' test: five flags in all.
        #expect(flags.values.filter { !$0.isGenerated }.count == 5)
    }

    @Test("RealFlags' FlagProviderTests: explicit keys and defaults")
    func realFlagsProviderTests() throws {
        let source = """
            public class LocalProviderA: LocalProvider { }

            private struct TestFlags: FlagCollectionProtocol {
                @Flag(key:"topLevel", default: 0, description: "Top level test flag")
                var topLevelFlag: Int

                @Flag(key:"topLevelFlag1", default: "x", description: "")
                var topLevelFlag1: String

                @Flag(key: "excludedProp", default: "defaultValue", excludedProviders: [LocalProviderA.self], description: "")
                var excludedProp: String
            }

            """
        let workspace = try Fixture.load(["Sources/Tests.swift": source], workspace: SwiftModules.workspace)
        #expect(workspace.flags["topLevel"]?.defaultValue == .int(0))
        #expect(workspace.flags["topLevelFlag1"]?.defaultValue == .string("x"))
        #expect(workspace.flags["excludedProp"]?.defaultValue == .string("defaultValue"))
        expectDiagnostics(
            workspace,
            exactly: [
                .warning(
                    "Sources/Tests.swift", SwiftModules.location(of: "LocalProviderA.self", in: source),
                    "no provider of the workspace is named 'LocalProviderA'")
            ])
    }

    @Test("Vexil 3: kebab-case keys joined with '.', custom keys and key paths, skipped groups (its KeyEncodingTests)")
    func vexil() throws {
        let workspace = try Fixture.load(
            ["Sources/Flags.swift": SwiftModules.vexilApp], workspace: SwiftModules.workspace)
        let rows = workspace.flags.values.filter { !$0.isGenerated }.map {
            "\($0.key) \($0.typeName) \($0.defaultValue?.displayText ?? "-")"
        }
        #expect(
            rows == [
                "top-level-flag bool false",
                "retry-count int 12",
                "use-url-session-stack bool true",
                "one-flag-group.second-level-flag bool false",
                "one-flag-group.two.third-level-flag bool false",
                "one-flag-group.two.third-level-flag2 bool false",
                "one-flag-group.two.customKey bool false",
                "customKeyPath bool false",
                "one-flag-group.two.standard bool true",
            ])
        #expect(workspace.flags["top-level-flag"]?.description == "Top level test flag")
        #expect(workspace.diagnostics.filter { $0.file.hasSuffix(".swift") }.isEmpty)
    }

    @Test("Flint: features keyed by type name without 'Feature', under their groups, with every constraint")
    func flint() throws {
        let workspace = try Fixture.load(
            [Self.featuresPath: SwiftModules.flintApp], workspace: SwiftModules.workspace)
        #expect(
            workspace.features.keys.elements == [
                "podcast_favourites", "podcast_favourites/smart_playlists", "deep_linking", "selfie", "offline",
            ])
        #expect(workspace.products.keys.elements == ["premium", "supporter", "offlinePack"])
        #expect(workspace.products["premium"]?.productID == "SUB0001")
        #expect(workspace.products["premium"]?.description == "Unlocks everything")
        let smart = try #require(workspace.features["podcast_favourites/smart_playlists"])
        #expect(smart.description == "Smart playlists")
        #expect(smart.constraints.permissions.map(\.permission) == [.locationWhenInUse, .camera])
        #expect(smart.constraints.purchase?.description == "anyOf(premium, supporter)")
        #expect(
            smart.constraints.platforms.map { "\($0.platform.rawValue) \($0.support)" } == [
                "iOS minimum(13)", "macOS minimum(10.15.4)", "tvOS any", "watchOS unsupported",
            ])
        #expect(workspace.flags["podcast_favourites/smart_playlists/runtime_enabled"]?.defaultValue == .bool(true))
        #expect(workspace.flags["podcast_favourites/user_toggled"]?.defaultValue == .bool(false))
        let selfie = try #require(workspace.features["selfie"])
        #expect(selfie.constraints.platforms.count == Platform.allCases.count)
        #expect(selfie.constraints.platforms.filter { $0.support != .unsupported }.map(\.platform) == [.iOS])
        #expect(
            workspace.features["offline"]?.constraints.purchase?.description
                == "allOf(premium, anyOf(offlinePack, supporter))")
        // isEnabled calls a function: the switch stays, marked unknown, with a located warning.
        let deepLinks = try #require(workspace.flags["deep_linking/runtime_enabled"])
        #expect(deepLinks.defaultValue == nil && deepLinks.unknownDefault == "RemoteSwitches.deepLinks()")
        expectDiagnostics(
            workspace,
            exactly: [
                .warning(
                    Self.featuresPath,
                    SwiftModules.location(of: "RemoteSwitches.deepLinks()", in: SwiftModules.flintApp),
                    "runtimeEnabled (isEnabled of DeepLinkingFeature) cannot be known without compiling")
            ])
    }

    @Test("A key declared in Swift and in YAML is an error at both places")
    func duplicateAcrossSwiftAndYAML() throws {
        let yaml = """
            name: Extra
            keyPrefix: app
            flags:
              showOnboarding: { type: bool, default: false, description: d }

            """
        var workspace = SwiftModules.workspace
        workspace = workspace.replacingOccurrences(
            of: "  - Sources/**/*.swift\n", with: "  - Sources/**/*.swift\n  - extra.yml\n")
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", workspace)
        try folder.write("remote.json", "{}\n")
        try folder.write("local.json", "{}\n")
        try folder.write(Self.appPath, SwiftModules.realFlagsApp)
        try folder.write(Self.labPath, SwiftModules.realFlagsLab)
        try folder.write("extra.yml", yaml)
        let loaded = folder.load()
        let duplicates = loaded.diagnostics.filter { $0.message.contains("duplicate key 'app/show_onboarding'") }
        #expect(Set(duplicates.map(\.file)) == ["extra.yml", Self.appPath])
        #expect(duplicates.allSatisfy { $0.severity == .error })
    }

    @Test("A Swift syntax error is a located error; a file without flags is no error; ** matches nested folders")
    func syntaxAndGlobs() throws {
        let broken = """
            struct Flags: FlagCollectionProtocol {
                @Flag(default: true, description: "x"
                var on: Bool
            }

            """
        let workspace = try Fixture.load(
            ["Sources/A/B/C/Broken.swift": broken, "Sources/Plain.swift": "func hello() {}\n"],
            workspace: SwiftModules.workspace)
        let errors = workspace.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.file == "Sources/A/B/C/Broken.swift")
        #expect(errors.first?.location?.line == 2)
        #expect(workspace.blueprintFiles == ["Sources/A/B/C/Broken.swift", "Sources/Plain.swift"])
    }
}

extension PurchaseRequirement: CustomStringConvertible {
    /// `anyOf(premium, supporter)`, for comparing requirement trees in tests.
    public var description: String {
        switch self {
        case .product(let name, _): return name
        case .anyOf(let items): return "anyOf(\(items.map(\.description).joined(separator: ", ")))"
        case .allOf(let items): return "allOf(\(items.map(\.description).joined(separator: ", ")))"
        }
    }
}
