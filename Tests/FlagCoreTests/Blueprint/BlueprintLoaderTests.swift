import Foundation
import OrderedCollections
import Testing

@testable import FlagCore

/// Every blueprint field reaches the model (docs/blueprints.md, docs/blueprints.md#features), and the same content written as YAML
/// or as JSON gives the same model.
@Suite("Blueprint model")
struct BlueprintLoaderTests {
    static let flagsYAML = """
        name: User Experiments
        description: Experimental lab
        keyPrefix: lab
        flags:
          allowsSSON:
            key: sson
            type: bool
            default: false
            description: Enable Single-Sign-On
            locked: true
            hidden: true
            tags: [auth, sso]
            owner: identity-team
            expires: 2027-03-31
            excludedProviders: [Remote]
            requiresRestart: true
          retries:
            type: int
            default: 3
            min: 1
            max: 10
            description: Retries
          playbackRate:
            type: double
            default: 1.5
            min: 0.5
            max: 3.0
            description: Default playback rate
          greeting:
            type: string
            default: "hello, world"
            pattern: "[a-z, ]+"
            description: Greeting
          theme:
            type: enum
            values: [system, light, dark]
            default: system
            description: Colour theme
          launchDate:
            type: date
            default: 2026-12-01
            description: Launch day
          launchMoment:
            type: date
            default: "2026-12-01T09:30:00Z"
            description: Launch moment
          homepage:
            type: url
            default: https://example.com/path?q=1
            description: Home page
          limits:
            type: json
            default: { retries: 3, hosts: [a, b], verbose: true, ratio: 0.5, name: "x", none: null }
            description: Limits
          rememberLogin:
            type: bool
            default: false
            computed: "lab/sson && context/locale == 'it'"
            description: Remember login
        collections:
          secrets:
            description: A nested collection
            flags:
              boomFeature: { type: bool, default: false, description: "Risky feature!" }
            collections:
              deeper:
                name: Deeper level
                flags:
                  innerFlag: { type: int, default: -2, description: Inner }
          flattened:
            skip: true
            flags:
              liftedFlag: { type: string, default: "", description: Lifted }
          renamed:
            key: exp
            flags:
              variant: { type: enum, values: [a, b], default: b, description: Variant }

        """

    static let flagsJSON = """
        {
          "name": "User Experiments",
          "description": "Experimental lab",
          "keyPrefix": "lab",
          "flags": {
            "allowsSSON": {
              "key": "sson",
              "type": "bool",
              "default": false,
              "description": "Enable Single-Sign-On",
              "locked": true,
              "hidden": true,
              "tags": ["auth", "sso"],
              "owner": "identity-team",
              "expires": "2027-03-31",
              "excludedProviders": ["Remote"],
              "requiresRestart": true
            },
            "retries": {"type": "int", "default": 3, "min": 1, "max": 10, "description": "Retries"},
            "playbackRate": {"type": "double", "default": 1.5, "min": 0.5, "max": 3.0, "description": "Default playback rate"},
            "greeting": {"type": "string", "default": "hello, world", "pattern": "[a-z, ]+", "description": "Greeting"},
            "theme": {"type": "enum", "values": ["system", "light", "dark"], "default": "system", "description": "Colour theme"},
            "launchDate": {"type": "date", "default": "2026-12-01", "description": "Launch day"},
            "launchMoment": {"type": "date", "default": "2026-12-01T09:30:00Z", "description": "Launch moment"},
            "homepage": {"type": "url", "default": "https://example.com/path?q=1", "description": "Home page"},
            "limits": {
              "type": "json",
              "default": {"retries": 3, "hosts": ["a", "b"], "verbose": true, "ratio": 0.5, "name": "x", "none": null},
              "description": "Limits"
            },
            "rememberLogin": {
              "type": "bool",
              "default": false,
              "computed": "lab/sson && context/locale == 'it'",
              "description": "Remember login"
            }
          },
          "collections": {
            "secrets": {
              "description": "A nested collection",
              "flags": {"boomFeature": {"type": "bool", "default": false, "description": "Risky feature!"}},
              "collections": {
                "deeper": {"name": "Deeper level", "flags": {"innerFlag": {"type": "int", "default": -2, "description": "Inner"}}}
              }
            },
            "flattened": {"skip": true, "flags": {"liftedFlag": {"type": "string", "default": "", "description": "Lifted"}}},
            "renamed": {"key": "exp", "flags": {"variant": {"type": "enum", "values": ["a", "b"], "default": "b", "description": "Variant"}}}
          }
        }

        """

    static let featuresYAML = """
        name: Podcast app
        products:
          premium: { name: Premium subscription, productID: SUB0001, description: Monthly }
          supporter: { name: Generous supporter, productID: SUP0001 }
          vip: { productID: VIP0001 }
        features:
          podcastFavourites:
            description: Podcast favourites
            features:
              smartPlaylists:
                name: Smart playlists
                description: Playlists that fill themselves
                constraints:
                  permissions: [camera, { location: whenInUse }, { location: always }, speechRecognition]
                  purchase: { allOf: [premium, { anyOf: [supporter, vip] }] }
                  userToggled: { default: true }
                  runtimeEnabled: { default: false }
                  platforms: { iOS: 13, macOS: "10.15.4", tvOS: any, watchOS: unsupported }
              sharing:
                description: Sharing
                constraints:
                  purchase: premium
                  runtimeEnabled: { flag: lab/sson }
                  platforms: { iOSOnly: 12 }
          offline:
            description: Offline listening
            constraints:
              iOSOnly: "15.1"
              userToggled: false
              purchase: { anyOf: [premium, supporter] }

        """

    static let featuresJSON = """
        {
          "name": "Podcast app",
          "products": {
            "premium": {"name": "Premium subscription", "productID": "SUB0001", "description": "Monthly"},
            "supporter": {"name": "Generous supporter", "productID": "SUP0001"},
            "vip": {"productID": "VIP0001"}
          },
          "features": {
            "podcastFavourites": {
              "description": "Podcast favourites",
              "features": {
                "smartPlaylists": {
                  "name": "Smart playlists",
                  "description": "Playlists that fill themselves",
                  "constraints": {
                    "permissions": ["camera", {"location": "whenInUse"}, {"location": "always"}, "speechRecognition"],
                    "purchase": {"allOf": ["premium", {"anyOf": ["supporter", "vip"]}]},
                    "userToggled": {"default": true},
                    "runtimeEnabled": {"default": false},
                    "platforms": {"iOS": 13, "macOS": "10.15.4", "tvOS": "any", "watchOS": "unsupported"}
                  }
                },
                "sharing": {
                  "description": "Sharing",
                  "constraints": {
                    "purchase": "premium",
                    "runtimeEnabled": {"flag": "lab/sson"},
                    "platforms": {"iOSOnly": 12}
                  }
                }
              }
            },
            "offline": {
              "description": "Offline listening",
              "constraints": {"iOSOnly": "15.1", "userToggled": false, "purchase": {"anyOf": ["premium", "supporter"]}}
            }
          }
        }

        """

    static func yamlWorkspace() throws -> Workspace {
        try Fixture.load(
            ["blueprints/flags.yml": flagsYAML, "blueprints/features.yml": featuresYAML],
            blueprintOrder: ["blueprints/flags.yml", "blueprints/features.yml"])
    }

    static func jsonWorkspace() throws -> Workspace {
        try Fixture.load(
            ["blueprints/flags.json": flagsJSON, "blueprints/features.json": featuresJSON],
            blueprintOrder: ["blueprints/flags.json", "blueprints/features.json"])
    }

    // MARK: Flags

    @Test(
        "Keys derive from entry names, explicit key:, keyPrefix, nested and skipped collections, in declaration order")
    func derivedKeys() throws {
        let workspace = try Self.yamlWorkspace()
        expectClean(workspace)
        let declared = workspace.flags.values.filter { !$0.isGenerated }.map(\.key)
        #expect(
            declared == [
                "lab/sson", "lab/retries", "lab/playback_rate", "lab/greeting", "lab/theme", "lab/launch_date",
                "lab/launch_moment", "lab/homepage", "lab/limits", "lab/remember_login",
                "lab/secrets/boom_feature", "lab/secrets/deeper/inner_flag", "lab/lifted_flag", "lab/exp/variant",
            ])
    }

    @Test("Every flag field is read into the definition")
    func flagFields() throws {
        let workspace = try Self.yamlWorkspace()
        let sson = try #require(workspace.flags["lab/sson"])
        #expect(sson.name == "allowsSSON")
        #expect(sson.type == .bool)
        #expect(sson.defaultValue == .bool(false))
        #expect(sson.description == "Enable Single-Sign-On")
        #expect(sson.locked && sson.hidden && sson.requiresRestart)
        #expect(sson.tags == ["auth", "sso"])
        #expect(sson.owner == "identity-team")
        #expect(sson.expires == "2027-03-31")
        #expect(sson.excludedProviders == ["Remote"])
        #expect(sson.computed == nil)
        #expect(!sson.isGenerated)

        let retries = try #require(workspace.flags["lab/retries"])
        #expect(retries.rules == ValueRules(type: .int, minimum: 1, maximum: 10))
        #expect(retries.defaultValue == .int(3))
        #expect(!retries.locked && !retries.hidden && !retries.requiresRestart)
        #expect(
            retries.tags.isEmpty && retries.owner == nil && retries.expires == nil && retries.excludedProviders.isEmpty)

        let rate = try #require(workspace.flags["lab/playback_rate"])
        #expect(rate.rules == ValueRules(type: .double, minimum: 0.5, maximum: 3.0))
        #expect(rate.defaultValue == .double(1.5))

        let greeting = try #require(workspace.flags["lab/greeting"])
        #expect(greeting.rules == ValueRules(type: .string, pattern: "[a-z, ]+"))
        #expect(greeting.defaultValue == .string("hello, world"))

        let theme = try #require(workspace.flags["lab/theme"])
        #expect(theme.rules == ValueRules(type: .enum, values: ["system", "light", "dark"]))
        #expect(theme.defaultValue == .string("system"))

        #expect(workspace.flags["lab/launch_date"]?.defaultValue == .date("2026-12-01"))
        #expect(workspace.flags["lab/launch_moment"]?.defaultValue == .date("2026-12-01T09:30:00Z"))
        #expect(workspace.flags["lab/homepage"]?.defaultValue == .url("https://example.com/path?q=1"))
        let limits: OrderedDictionary<String, JSONValue> = [
            "retries": .int(3), "hosts": .array([.string("a"), .string("b")]), "verbose": .bool(true),
            "ratio": .double(0.5), "name": .string("x"), "none": .null,
        ]
        #expect(workspace.flags["lab/limits"]?.defaultValue == .json(.object(limits)))

        let remember = try #require(workspace.flags["lab/remember_login"])
        #expect(remember.computed == "lab/sson && context/locale == 'it'")
        #expect(workspace.expressions["lab/remember_login"]?.referencedKeys == ["lab/sson", "context/locale"])

        #expect(workspace.flags["lab/secrets/deeper/inner_flag"]?.defaultValue == .int(-2))
        #expect(workspace.flags["lab/lifted_flag"]?.defaultValue == .string(""))
        #expect(workspace.flags["lab/exp/variant"]?.defaultValue == .string("b"))
    }

    @Test("Collections keep their names, descriptions, key paths and order")
    func collectionTree() throws {
        let workspace = try Self.yamlWorkspace()
        let root = try #require(workspace.blueprints.first?.root)
        #expect(root.name == "User Experiments")
        #expect(root.description == "Experimental lab")
        #expect(root.keyPath == "lab")
        #expect(
            root.flags.map(\.name) == [
                "allowsSSON", "retries", "playbackRate", "greeting", "theme", "launchDate",
                "launchMoment", "homepage", "limits", "rememberLogin",
            ])
        #expect(root.collections.map(\.name) == ["secrets", "flattened", "renamed"])
        #expect(root.collections.map(\.keyPath) == ["lab/secrets", "lab", "lab/exp"])
        #expect(root.collections[0].description == "A nested collection")
        #expect(root.collections[0].collections.map(\.name) == ["Deeper level"])
        #expect(root.collections[0].collections[0].keyPath == "lab/secrets/deeper")
        #expect(workspace.blueprints.map(\.file) == ["blueprints/flags.yml", "blueprints/features.yml"])
    }

    // MARK: Products and features

    @Test("Products are read with their names and productIDs")
    func products() throws {
        let workspace = try Self.yamlWorkspace()
        #expect(workspace.products.keys.elements == ["premium", "supporter", "vip"])
        #expect(workspace.products["premium"]?.name == "Premium subscription")
        #expect(workspace.products["premium"]?.productID == "SUB0001")
        #expect(workspace.products["premium"]?.description == "Monthly")
        #expect(workspace.products["vip"]?.name == "vip")
        #expect(workspace.products["supporter"]?.contextKey == "context/purchases/SUP0001")
    }

    @Test("Features and sub-features derive keys and display names")
    func features() throws {
        let workspace = try Self.yamlWorkspace()
        #expect(
            workspace.features.keys.elements == [
                "podcast_favourites", "podcast_favourites/smart_playlists", "podcast_favourites/sharing", "offline",
            ])
        #expect(workspace.features["podcast_favourites"]?.displayName == "Podcast favourites")
        #expect(workspace.features["podcast_favourites/smart_playlists"]?.displayName == "Smart playlists")
        #expect(
            workspace.features["podcast_favourites/smart_playlists"]?.description == "Playlists that fill themselves")
        #expect(workspace.features["podcast_favourites/sharing"]?.displayName == "Sharing")
        #expect(
            workspace.features["podcast_favourites"]?.features.map(\.key)
                == ["podcast_favourites/smart_playlists", "podcast_favourites/sharing"])
    }

    @Test("Each constraint kind is read: permissions, nested purchases, toggles, runtime switches and platforms")
    func constraints() throws {
        let workspace = try Self.yamlWorkspace()
        let smart = try #require(workspace.features["podcast_favourites/smart_playlists"]).constraints
        #expect(
            smart.permissions.map(\.permission) == [.camera, .locationWhenInUse, .locationAlways, .speechRecognition])
        #expect(Self.describe(smart.purchase) == "allOf(premium, anyOf(supporter, vip))")
        #expect(smart.userToggled?.defaultValue == true)
        #expect(Self.describe(smart.runtimeEnabled) == "own(false)")
        #expect(Self.describe(smart.platforms) == ["iOS ≥ 13", "macOS ≥ 10.15.4", "tvOS any", "watchOS unsupported"])

        let sharing = try #require(workspace.features["podcast_favourites/sharing"]).constraints
        #expect(sharing.permissions.isEmpty)
        #expect(Self.describe(sharing.purchase) == "premium")
        #expect(sharing.userToggled == nil)
        #expect(Self.describe(sharing.runtimeEnabled) == "flag(lab/sson)")
        #expect(
            Self.describe(sharing.platforms) == [
                "iOS ≥ 12", "macOS unsupported", "tvOS unsupported", "watchOS unsupported",
                "visionOS unsupported", "linux unsupported", "android unsupported",
            ])

        let offline = try #require(workspace.features["offline"]).constraints
        #expect(offline.userToggled?.defaultValue == false)
        #expect(offline.runtimeEnabled == nil)
        #expect(Self.describe(offline.purchase) == "anyOf(premium, supporter)")
        #expect(
            Self.describe(offline.platforms) == [
                "iOS ≥ 15.1", "macOS unsupported", "tvOS unsupported", "watchOS unsupported",
                "visionOS unsupported", "linux unsupported", "android unsupported",
            ])
    }

    @Test("Feature switches and the context keys of the simulated device are generated")
    func generatedKeys() throws {
        let workspace = try Self.yamlWorkspace()
        let generated = workspace.flags.values.filter(\.isGenerated)
        #expect(
            generated.map(\.key) == [
                "podcast_favourites/smart_playlists/user_toggled",
                "podcast_favourites/smart_playlists/runtime_enabled",
                "offline/user_toggled",
                "context/platform", "context/os_version", "context/locale",
                "context/permissions/camera", "context/permissions/location_when_in_use",
                "context/permissions/location_always", "context/permissions/speech_recognition",
                "context/purchases/SUB0001", "context/purchases/SUP0001", "context/purchases/VIP0001",
            ])
        let toggle = try #require(workspace.flags["podcast_favourites/smart_playlists/user_toggled"])
        #expect(toggle.type == .bool && toggle.defaultValue == .bool(true))
        #expect(workspace.flags["podcast_favourites/smart_playlists/runtime_enabled"]?.defaultValue == .bool(false))
        #expect(workspace.flags["offline/user_toggled"]?.defaultValue == .bool(false))
        #expect(workspace.flags["podcast_favourites/sharing/runtime_enabled"] == nil)

        let platform = try #require(workspace.flags["context/platform"])
        #expect(
            platform.rules
                == ValueRules(type: .enum, values: ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "linux", "android"]))
        #expect(platform.defaultValue == nil)
        #expect(workspace.flags["context/os_version"]?.defaultValue == nil)
        #expect(workspace.flags["context/locale"]?.defaultValue == nil)
        let camera = try #require(workspace.flags["context/permissions/camera"])
        #expect(camera.rules.values == ["notDetermined", "denied", "restricted", "unsupported", "authorized"])
        #expect(camera.defaultValue == .string("notDetermined"))
        let purchase = try #require(workspace.flags["context/purchases/SUB0001"])
        #expect(purchase.rules.values == ["purchased", "notPurchased", "unknown"])
        #expect(purchase.defaultValue == .string("unknown"))
    }

    // MARK: YAML and JSON agree

    @Test("The same blueprint written as YAML and as JSON gives the same model")
    func yamlAndJSONAgree() throws {
        let yaml = try Self.yamlWorkspace()
        let json = try Self.jsonWorkspace()
        expectClean(yaml)
        expectClean(json)
        #expect(yaml.flags.values.map(FlagSummary.init) == json.flags.values.map(FlagSummary.init))
        #expect(yaml.features.values.map(FeatureSummary.init) == json.features.values.map(FeatureSummary.init))
        #expect(
            yaml.products.values.map { [$0.id, $0.name, $0.productID, $0.description ?? "-"] }
                == json.products.values.map { [$0.id, $0.name, $0.productID, $0.description ?? "-"] })
        #expect(yaml.expressions == json.expressions)
        #expect(yaml.blueprints.map(\.root.name) == json.blueprints.map(\.root.name))
        #expect(
            yaml.blueprints.first?.root.collections.map(\.keyPath)
                == json.blueprints.first?.root.collections.map(\.keyPath))
    }

    // MARK: Helpers

    /// A flag without its source positions.
    struct FlagSummary: Equatable {
        var key, name: String
        var rules: ValueRules
        var defaultValue: FlagValue?
        var description, owner, expires, computed: String?
        var locked, hidden, requiresRestart, isGenerated: Bool
        var tags, excludedProviders: [String]

        init(_ flag: FlagDefinition) {
            key = flag.key
            name = flag.name
            rules = flag.rules
            defaultValue = flag.defaultValue
            description = flag.description
            owner = flag.owner
            expires = flag.expires
            computed = flag.computed
            locked = flag.locked
            hidden = flag.hidden
            requiresRestart = flag.requiresRestart
            isGenerated = flag.isGenerated
            tags = flag.tags
            excludedProviders = flag.excludedProviders
        }
    }

    /// A feature without its source positions.
    struct FeatureSummary: Equatable {
        var key, entryName: String
        var explicitName, description: String?
        var permissions: [Permission]
        var purchase: String
        var userToggled: Bool?
        var runtimeEnabled: String
        var platforms: [String]
        var subFeatures: [String]

        init(_ feature: FeatureDefinition) {
            key = feature.key
            entryName = feature.entryName
            explicitName = feature.explicitName
            description = feature.description
            permissions = feature.constraints.permissions.map(\.permission)
            purchase = BlueprintLoaderTests.describe(feature.constraints.purchase)
            userToggled = feature.constraints.userToggled?.defaultValue
            runtimeEnabled = BlueprintLoaderTests.describe(feature.constraints.runtimeEnabled)
            platforms = BlueprintLoaderTests.describe(feature.constraints.platforms)
            subFeatures = feature.features.map(\.key)
        }
    }

    static func describe(_ purchase: PurchaseRequirement?) -> String {
        switch purchase {
        case nil: return "-"
        case .product(let name, _)?: return name
        case .anyOf(let items)?: return "anyOf(" + items.map { describe($0) }.joined(separator: ", ") + ")"
        case .allOf(let items)?: return "allOf(" + items.map { describe($0) }.joined(separator: ", ") + ")"
        }
    }

    static func describe(_ runtime: RuntimeRequirement?) -> String {
        switch runtime {
        case nil: return "-"
        case .ownKey(let defaultValue, _)?: return "own(\(defaultValue))"
        case .flag(let key, _)?: return "flag(\(key))"
        }
    }

    static func describe(_ platforms: [PlatformRequirement]) -> [String] {
        platforms.map { requirement in
            switch requirement.support {
            case .any: return "\(requirement.platform.rawValue) any"
            case .unsupported: return "\(requirement.platform.rawValue) unsupported"
            case .minimum(let version): return "\(requirement.platform.rawValue) ≥ \(version)"
            }
        }
    }
}
