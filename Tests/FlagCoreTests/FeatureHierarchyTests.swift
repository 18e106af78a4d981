import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// A throwaway workspace for conditional-feature tests: one blueprint (`app.yml`) and a stack of
/// Local (json, writable) → Device (json, the simulated device) → Environment (env, prefix `LAB_`).
/// The device is ordinary `context/*` keys in a provider file, exactly as QA would write them.
struct FeatureLab: TestFolder {
    let url: URL

    /// The workspace file every lab uses.
    static let workspaceYAML = """
        blueprints:
          - app.yml
        providers:
          - name: Local
            format: json
            path: local.json
            writable: true
          - name: Device
            format: json
            path: device.json
          - name: Environment
            format: env
            prefix: LAB_

        """

    /// Products every lab blueprint declares: the reference's two, plus three for combinations.
    static let products = """
        products:
          premium: { name: Premium subscription, productID: SUB0001 }
          supporter: { name: Generous supporter, productID: SUP0001 }
          offlinePack: { name: Offline pack, productID: PACK0001 }
          alpha: { name: Alpha, productID: A001 }
          beta: { name: Beta, productID: B001 }
          gamma: { name: Gamma, productID: C001 }

        """

    /// A blueprint with the lab's products, one bool flag `internal/switch` (default false) and `features`
    /// (a YAML block whose entries are indented by two spaces).
    static func blueprint(features: String) -> String {
        """
        name: Lab
        description: Features under test
        collections:
          internal:
            description: Internal switches
            flags:
              switch: { type: bool, default: false, description: A runtime switch }
        \(products)features:
        \(features)
        """
    }

    /// Writes the workspace with `blueprint`, the device file and the local file.
    init(blueprint: String, device: [String: Any] = [:], local: [String: Any] = [:]) throws {
        url = try TemporaryFolder.makeUnique(prefix: "flagscope-features")
        try write("flagscope.yml", Self.workspaceYAML)
        try write("app.yml", blueprint)
        try setDevice(device)
        try setLocal(local)
    }

    /// A lab whose blueprint holds only `features` (see ``blueprint(features:)``).
    init(features: String, device: [String: Any] = [:], local: [String: Any] = [:]) throws {
        try self.init(blueprint: Self.blueprint(features: features), device: device, local: local)
    }

    /// Replaces the simulated device (the Device provider's file).
    func setDevice(_ values: [String: Any]) throws { try write("device.json", Self.json(values)) }

    /// Replaces the writable provider's file (QA's what-if edits).
    func setLocal(_ values: [String: Any]) throws { try write("local.json", Self.json(values)) }

    static func json(_ values: [String: Any]) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys, .prettyPrinted]),
            as: UTF8.self)
    }

    /// Loads the workspace; fails the test when it has errors.
    func workspace(environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Workspace
    {
        let workspace = Workspace.load(from: url.appendingPathComponent("flagscope.yml"), environment: environment)
        let errors = workspace.diagnostics.filter { $0.severity == .error }
        try #require(
            errors.isEmpty, "the lab workspace has errors: \(errors.map(\.headline))", sourceLocation: sourceLocation)
        return workspace
    }

    /// Every feature's explanation, by key.
    func explainAll(environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [String: FeatureExplanation]
    {
        let workspace = try workspace(environment: environment, sourceLocation: sourceLocation)
        let evaluator = FeatureEvaluator(workspace: workspace, resolutions: Resolver(workspace: workspace).resolveAll())
        var result: [String: FeatureExplanation] = [:]
        for (key, explanation) in evaluator.explainAll() { result[key] = explanation }
        return result
    }

    /// One feature's explanation; fails the test when the feature does not exist.
    func explain(_ key: String, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws
        -> FeatureExplanation
    {
        let workspace = try workspace(environment: environment, sourceLocation: sourceLocation)
        let evaluator = FeatureEvaluator(workspace: workspace, resolutions: Resolver(workspace: workspace).resolveAll())
        return try #require(evaluator.explain(key), "no feature \(key)", sourceLocation: sourceLocation)
    }

    /// Explains feature `key` of a lab with `features` on `device`, then removes the lab.
    static func explain(
        _ key: String, features: String, device: [String: Any] = [:], local: [String: Any] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FeatureExplanation {
        let lab = try FeatureLab(features: features, device: device, local: local)
        defer { lab.remove() }
        return try lab.explain(key, sourceLocation: sourceLocation)
    }
}

extension FeatureExplanation {
    /// The constraint of `kind` named `name`.
    func constraint(_ kind: ConstraintKind, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ConstraintResult
    {
        try #require(
            constraints.first { $0.kind == kind && $0.name == name },
            "no \(kind) constraint \(name) in \(constraints.map { "\($0.kind):\($0.name)" })",
            sourceLocation: sourceLocation)
    }

    /// The actions of the next steps, in order.
    var stepActions: [NextStepAction] { nextSteps.map(\.action) }

    /// The next step with `action`, if any.
    func nextStep(_ action: NextStepAction) -> NextStep? { nextSteps.first { $0.action == action } }
}

/// The podcast player of the reference, feature for feature: playback (dynamic speed, sound
/// enhancement), downloading (turbo downloads), favourites (smart playlists).
@Suite("Podcast hierarchy under device profiles")
struct FeatureHierarchyTests {
    static let features = """
          podcastPlayback:
            description: Podcast playback
            constraints:
              platforms: { iOS: 13, macOS: "10.15.4", tvOS: any, watchOS: unsupported }
            features:
              dynamicSpeed:
                description: Dynamic Speed
                constraints:
                  purchase: premium
                  userToggled: { default: false }
              soundEnhancement:
                description: Sound enhancement
                constraints:
                  purchase: { anyOf: [premium, supporter] }
                  userToggled: { default: false }
          podcastDownloading:
            description: Podcast downloading
            features:
              turboDownloads:
                description: Turbo downloads
                constraints:
                  runtimeEnabled: { flag: internal/switch }
          podcastFavourites:
            description: Podcast favourites
            features:
              smartPlaylists:
                description: Smart playlists
                constraints:
                  permissions: [{ location: whenInUse }]
                  purchase: premium
        """

    static let allKeys = [
        "podcast_playback", "podcast_playback/dynamic_speed", "podcast_playback/sound_enhancement",
        "podcast_downloading", "podcast_downloading/turbo_downloads",
        "podcast_favourites", "podcast_favourites/smart_playlists",
    ]

    /// Everything bought, granted, switched on, on a current iPhone.
    static var entitledDevice: [String: Any] {
        [
            "context/platform": "iOS",
            "context/os_version": "17.4.1",
            "context/permissions/location_when_in_use": "authorized",
            "context/purchases/SUB0001": "purchased",
            "context/purchases/SUP0001": "notPurchased",
            "podcast_playback/dynamic_speed/user_toggled": true,
            "podcast_playback/sound_enhancement/user_toggled": true,
            "internal/switch": true,
        ]
    }

    @Test("Features and sub-features get keys and names as the reference's hierarchy")
    func hierarchyShape() throws {
        let lab = try FeatureLab(features: Self.features)
        defer { lab.remove() }
        let explanations = try lab.explainAll()
        #expect(explanations.keys.sorted() == Self.allKeys.sorted())
        #expect(explanations["podcast_favourites/smart_playlists"]?.feature.displayName == "Smart playlists")
        #expect(explanations["podcast_playback/dynamic_speed"]?.parent?.key == "podcast_playback")
        #expect(explanations["podcast_playback"]?.parent == nil)
        // Generated switches are keys in the stack, edited like flags.
        let workspace = try lab.workspace()
        #expect(workspace.flags["podcast_playback/dynamic_speed/user_toggled"]?.defaultValue == .bool(false))
        #expect(workspace.flags["context/permissions/location_when_in_use"] != nil)
        #expect(workspace.flags["context/purchases/SUB0001"] != nil)
    }

    @Test("A fresh device, where nothing is known, leaves gated features unknown and switches off")
    func freshDevice() throws {
        let lab = try FeatureLab(features: Self.features)
        defer { lab.remove() }
        let all = try lab.explainAll()
        let availability = all.mapValues(\.availability)
        #expect(
            availability == [
                "podcast_playback": .unknown,  // platform unknown
                "podcast_playback/dynamic_speed": .unavailable,  // the user has not turned it on
                "podcast_playback/sound_enhancement": .unavailable,
                "podcast_downloading": .available,
                "podcast_downloading/turbo_downloads": .unavailable,  // internal switch off
                "podcast_favourites": .available,
                "podcast_favourites/smart_playlists": .unknown,  // not asked for location, purchase unknown
            ])
        let playback = try #require(all["podcast_playback"])
        #expect(try playback.constraint(.platform, "iOS").status == .notDetermined)
        #expect(try playback.constraint(.platform, "tvOS").status == .satisfied)
        #expect(playback.stepActions == [.unknownContext])
        // Platform and OS version are both unknown: both keys are named at once.
        #expect(playback.nextStep(.unknownContext)?.keys == ["context/platform", "context/os_version"])

        let smart = try #require(all["podcast_favourites/smart_playlists"])
        #expect(smart.stepActions == [.requestPermission, .unknownContext])
        #expect(smart.nextStep(.requestPermission)?.keys == ["context/permissions/location_when_in_use"])
        #expect(smart.nextStep(.unknownContext)?.keys == ["context/purchases/SUB0001"])

        let speed = try #require(all["podcast_playback/dynamic_speed"])
        #expect(speed.stepActions == [.enableParent, .turnOn, .unknownContext])
        #expect(speed.nextStep(.enableParent)?.keys == ["context/platform", "context/os_version"])
        #expect(speed.nextStep(.turnOn)?.keys == ["podcast_playback/dynamic_speed/user_toggled"])
        #expect(speed.nextStep(.unknownContext)?.keys == ["context/purchases/SUB0001"])

        let sound = try #require(all["podcast_playback/sound_enhancement"])
        #expect(sound.nextStep(.unknownContext)?.keys == ["context/purchases/SUB0001", "context/purchases/SUP0001"])

        #expect(all["podcast_downloading/turbo_downloads"]?.stepActions == [.enableRuntime])
    }

    @Test("A fully entitled iPhone makes every feature available with no next steps")
    func entitledDevice() throws {
        let lab = try FeatureLab(features: Self.features, device: Self.entitledDevice)
        defer { lab.remove() }
        let all = try lab.explainAll()
        for key in Self.allKeys {
            #expect(all[key]?.availability == .available, "\(key)")
            #expect(all[key]?.nextSteps == [], "\(key)")
            #expect(
                all[key]?.constraints.allSatisfy { $0.status == .satisfied || $0.status == .notActive } == true,
                "\(key)")
        }
        let smart = try #require(all["podcast_favourites/smart_playlists"])
        #expect(try smart.constraint(.permission, "location_when_in_use").detail == "authorized")
        #expect(try smart.constraint(.purchase, "premium").status == .satisfied)
    }

    @Test("A restricted device (parental controls): location cannot be granted, and that is said before the upsell")
    func restrictedDevice() throws {
        let lab = try FeatureLab(
            features: Self.features,
            device: [
                "context/platform": "iOS",
                "context/os_version": "16.0",
                "context/permissions/location_when_in_use": "restricted",
                "context/purchases/SUB0001": "notPurchased",
                "context/purchases/SUP0001": "purchased",
                "podcast_playback/dynamic_speed/user_toggled": true,
                "podcast_playback/sound_enhancement/user_toggled": true,
            ])
        defer { lab.remove() }
        let all = try lab.explainAll()
        #expect(all["podcast_playback"]?.availability == .available)
        // Supporter alone unlocks sound enhancement; dynamic speed needs Premium.
        #expect(all["podcast_playback/sound_enhancement"]?.availability == .available)
        let speed = try #require(all["podcast_playback/dynamic_speed"])
        #expect(speed.availability == .unavailable)
        #expect(speed.stepActions == [.purchase])
        #expect(speed.nextStep(.purchase)?.keys == ["context/purchases/SUB0001"])

        let smart = try #require(all["podcast_favourites/smart_playlists"])
        #expect(smart.availability == .unavailable)
        #expect(smart.stepActions == [.restricted, .purchase])
        #expect(smart.nextStep(.restricted)?.keys == ["context/permissions/location_when_in_use"])
        #expect(smart.nextStep(.restricted)?.message.contains("location_when_in_use") == true)
    }

    @Test(
        "Platforms other than iOS: version, any, unsupported and unlisted",
        arguments: [
            // (platform, version, playback, its next steps)
            ("macOS", "10.15.3", Availability.unavailable, [NextStepAction.upgradeOS]),
            ("macOS", "10.15.4", .available, []),
            ("macOS", "11", .available, []),
            ("tvOS", "9.0", .available, []),  // tvOS: any
            ("watchOS", "10.2", .unavailable, [.unsupportedPlatform]),
            ("android", "14", .available, []),  // not listed, so any
        ])
    func otherPlatforms(platform: String, version: String, expected: Availability, steps: [NextStepAction]) throws {
        var device = Self.entitledDevice
        device["context/platform"] = platform
        device["context/os_version"] = version
        let lab = try FeatureLab(features: Self.features, device: device)
        defer { lab.remove() }
        let all = try lab.explainAll()
        let playback = try #require(all["podcast_playback"])
        #expect(playback.availability == expected)
        #expect(playback.stepActions == steps)
        #expect(try playback.constraint(.platform, "iOS").status == .notActive)
        if platform == "macOS" {
            #expect(try playback.constraint(.platform, "macOS").key == "context/os_version")
        }
        // Sub-features follow their parent; the favourites branch has no platform constraint.
        #expect(all["podcast_playback/dynamic_speed"]?.availability == expected)
        if expected == .unavailable {
            let speed = try #require(all["podcast_playback/dynamic_speed"])
            #expect(speed.stepActions == [.enableParent])
            #expect(speed.nextStep(.enableParent)?.keys == playback.nextSteps.flatMap(\.keys))
        }
        #expect(all["podcast_favourites/smart_playlists"]?.availability == .available)
    }

    @Test("The device can come from an env provider: every provider can supply context")
    func contextFromEnvironment() throws {
        let lab = try FeatureLab(features: Self.features)
        defer { lab.remove() }
        let environment = [
            "LAB_CONTEXT__PLATFORM": "iOS",
            "LAB_CONTEXT__OS_VERSION": "17.4.1",
            "LAB_CONTEXT__PERMISSIONS__LOCATION_WHEN_IN_USE": "authorized",
            "LAB_CONTEXT__PURCHASES__SUB0001": "purchased",
            "LAB_PODCAST_PLAYBACK__DYNAMIC_SPEED__USER_TOGGLED": "true",
            "LAB_PODCAST_PLAYBACK__SOUND_ENHANCEMENT__USER_TOGGLED": "yes",
            "LAB_INTERNAL__SWITCH": "1",
        ]
        let all = try lab.explainAll(environment: environment)
        for key in Self.allKeys {
            #expect(all[key]?.availability == .available, "\(key): \(all[key]?.nextSteps.map(\.message) ?? [])")
        }
        // A higher provider (the json device file) still wins over the environment.
        try lab.setDevice(["context/permissions/location_when_in_use": "denied"])
        let smart = try lab.explain("podcast_favourites/smart_playlists", environment: environment)
        #expect(smart.availability == .unavailable)
        #expect(smart.stepActions == [.openSettings])
    }

    @Test("QA's what-if edit in the writable provider beats the device profile")
    func whatIfEditWins() throws {
        var device = Self.entitledDevice
        device["context/purchases/SUB0001"] = "notPurchased"
        let lab = try FeatureLab(features: Self.features, device: device)
        defer { lab.remove() }
        #expect(try lab.explain("podcast_favourites/smart_playlists").stepActions == [.purchase])
        try lab.setLocal(["context/purchases/SUB0001": "purchased"])
        #expect(try lab.explain("podcast_favourites/smart_playlists").availability == .available)
        #expect(try lab.explain("podcast_playback/dynamic_speed").availability == .available)
    }
}
