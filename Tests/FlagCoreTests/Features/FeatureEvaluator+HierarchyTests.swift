import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// The podcast player of the reference, feature for feature: playback (dynamic speed, sound
/// enhancement), downloading (turbo downloads), favourites (smart playlists).
@Suite("Podcast hierarchy under device profiles")
struct FeatureEvaluatorHierarchyTests {
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
