import Foundation
import Testing

@testable import FlagCore

/// Each constraint kind in each of its statuses (docs/blueprints.md#features), as `explain` reports them.
@Suite("Constraint statuses")
struct FeatureConstraintStatusTests {
    static let permissionFeature = """
          gallery:
            description: Gallery
            constraints:
              permissions: [photos]
        """

    @Test(
        "Permission statuses: only authorized satisfies; unset is notDetermined",
        arguments: [
            ("authorized", ConstraintStatus.satisfied, "authorized"),
            ("notDetermined", .notDetermined, "notDetermined"),
            ("denied", .notSatisfied, "denied"),
            ("restricted", .notSatisfied, "restricted"),
            ("unsupported", .notSatisfied, "unsupported"),
            (nil, .notDetermined, "notDetermined"),
        ] as [(String?, ConstraintStatus, String)])
    func permissionStatus(value: String?, expected: ConstraintStatus, detail: String) throws {
        var device: [String: Any] = ["context/platform": "iOS"]
        if let value { device["context/permissions/photos"] = value }
        let explanation = try FeatureLab.explain("gallery", features: Self.permissionFeature, device: device)
        let constraint = try explanation.constraint(.permission, "photos")
        #expect(constraint.status == expected)
        #expect(constraint.detail == detail)
        #expect(constraint.key == "context/permissions/photos")
        let availability: Availability =
            switch expected {
            case .satisfied: .available
            case .notSatisfied: .unavailable
            default: .unknown
            }
        #expect(explanation.availability == availability)
    }

    @Test("A permission value that is not a status does not count as granted: it stays notDetermined")
    func permissionMistyped() throws {
        let explanation = try FeatureLab.explain(
            "gallery", features: Self.permissionFeature,
            device: ["context/permissions/photos": "granted"])
        #expect(try explanation.constraint(.permission, "photos").status == .notDetermined)
        #expect(explanation.availability == .unknown)
    }

    @Test("{location: whenInUse} and {location: always} name the location_when_in_use and location_always keys")
    func locationSpelling() throws {
        let features = """
              maps:
                description: Maps
                constraints:
                  permissions: [{ location: whenInUse }, { location: always }, calendarEvents]
            """
        let explanation = try FeatureLab.explain(
            "maps", features: features,
            device: [
                "context/permissions/location_when_in_use": "authorized",
                "context/permissions/location_always": "denied",
                "context/permissions/calendar_events": "authorized",
            ])
        let whenInUse = try explanation.constraint(.permission, "location_when_in_use")
        #expect(whenInUse.status == .satisfied)
        #expect(whenInUse.key == "context/permissions/location_when_in_use")
        let always = try explanation.constraint(.permission, "location_always")
        #expect(always.status == .notSatisfied)
        #expect(always.key == "context/permissions/location_always")
        #expect(try explanation.constraint(.permission, "calendar_events").status == .satisfied)
        #expect(explanation.constraints.map(\.name) == ["location_when_in_use", "location_always", "calendar_events"])
    }

    @Test(
        "A single purchase: purchased, notPurchased, unknown, unset",
        arguments: [
            ("purchased", ConstraintStatus.satisfied),
            ("notPurchased", .notSatisfied),
            ("unknown", .notDetermined),
            (nil, .notDetermined),
        ] as [(String?, ConstraintStatus)])
    func purchaseStatus(value: String?, expected: ConstraintStatus) throws {
        let features = """
              pro:
                description: Pro
                constraints:
                  purchase: premium
            """
        let device: [String: Any] = value.map { ["context/purchases/SUB0001": $0] } ?? [:]
        let explanation = try FeatureLab.explain("pro", features: features, device: device)
        let constraint = try explanation.constraint(.purchase, "premium")
        #expect(constraint.status == expected)
        #expect(constraint.key == "context/purchases/SUB0001")
        #expect(constraint.detail.contains(value ?? "unknown"))
    }

    @Test(
        "userToggled: the default applies while unset; a set value wins, false included",
        arguments: [
            (true, nil, ConstraintStatus.satisfied),
            (false, nil, .notSatisfied),
            (true, false, .notSatisfied),
            (false, true, .satisfied),
        ] as [(Bool, Bool?, ConstraintStatus)])
    func userToggled(defaultValue: Bool, set: Bool?, expected: ConstraintStatus) throws {
        let features = """
              mix:
                description: Mix
                constraints:
                  userToggled: { default: \(defaultValue) }
            """
        let local: [String: Any] = set.map { ["mix/user_toggled": $0] } ?? [:]
        let explanation = try FeatureLab.explain("mix", features: features, local: local)
        let constraint = try explanation.constraint(.userToggled, "mix/user_toggled")
        #expect(constraint.status == expected)
        #expect(constraint.key == "mix/user_toggled")
        #expect(constraint.detail == (expected == .satisfied ? "on" : "off"))
    }

    @Test(
        "runtimeEnabled on its own key: the default applies while unset; a set value wins",
        arguments: [
            (true, nil, ConstraintStatus.satisfied),
            (false, nil, .notSatisfied),
            (true, false, .notSatisfied),
            (false, true, .satisfied),
        ] as [(Bool, Bool?, ConstraintStatus)])
    func runtimeOwnKey(defaultValue: Bool, set: Bool?, expected: ConstraintStatus) throws {
        let features = """
              beta:
                description: Beta
                constraints:
                  runtimeEnabled: { default: \(defaultValue) }
            """
        let device: [String: Any] = set.map { ["beta/runtime_enabled": $0] } ?? [:]
        let explanation = try FeatureLab.explain("beta", features: features, device: device)
        let constraint = try explanation.constraint(.runtimeEnabled, "beta/runtime_enabled")
        #expect(constraint.status == expected)
        #expect(constraint.detail == (expected == .satisfied ? "enabled" : "disabled"))
    }

    @Test("runtimeEnabled on a named flag reads that flag through the stack")
    func runtimeNamedFlag() throws {
        let features = """
              turbo:
                description: Turbo
                constraints:
                  runtimeEnabled: { flag: internal/switch }
            """
        let off = try FeatureLab.explain("turbo", features: features)
        let constraint = try off.constraint(.runtimeEnabled, "internal/switch")
        #expect(constraint.status == .notSatisfied)
        #expect(constraint.key == "internal/switch")
        let on = try FeatureLab.explain("turbo", features: features, device: ["internal/switch": true])
        #expect(try on.constraint(.runtimeEnabled, "internal/switch").status == .satisfied)
        #expect(on.availability == .available)
        // A value that does not fit (not a bool) never wins: the default (false) decides.
        let mistyped = try FeatureLab.explain("turbo", features: features, device: ["internal/switch": "maybe"])
        #expect(try mistyped.constraint(.runtimeEnabled, "internal/switch").status == .notSatisfied)
    }

    @Test("A platform constraint for another platform than the device's is notActive")
    func platformNotActive() throws {
        let features = """
              studio:
                description: Studio
                constraints:
                  platforms: { iOS: 15, macOS: unsupported }
            """
        let explanation = try FeatureLab.explain(
            "studio", features: features,
            device: ["context/platform": "iOS", "context/os_version": "16"])
        #expect(try explanation.constraint(.platform, "macOS").status == .notActive)
        #expect(try explanation.constraint(.platform, "iOS").status == .satisfied)
        #expect(explanation.availability == .available)
    }

    @Test("Statuses of every kind on one feature, in declaration order of kinds")
    func allKindsTogether() throws {
        let features = """
              everything:
                description: Everything
                constraints:
                  permissions: [camera, microphone]
                  purchase: premium
                  userToggled: { default: true }
                  runtimeEnabled: { default: true }
                  platforms: { iOS: 15, macOS: 12 }
            """
        let explanation = try FeatureLab.explain(
            "everything", features: features,
            device: [
                "context/platform": "iOS", "context/os_version": "15.0",
                "context/permissions/camera": "authorized", "context/permissions/microphone": "authorized",
                "context/purchases/SUB0001": "purchased",
            ])
        #expect(
            explanation.constraints.map(\.kind) == [
                .permission, .permission, .purchase, .userToggled, .runtimeEnabled,
                .platform, .platform,
            ])
        #expect(
            explanation.constraints.map(\.status) == [
                .satisfied, .satisfied, .satisfied, .satisfied, .satisfied,
                .satisfied, .notActive,
            ])
        #expect(explanation.availability == .available)
        #expect(explanation.nextSteps.isEmpty)
    }
}

/// Platform constraints: any, unsupported, minimum versions (int and string), `xOnly`, unknowns,
/// and numeric per-component version comparison.
@Suite("Platform constraints and version comparison")
struct FeaturePlatformTests {
    static func feature(_ platforms: String) -> String {
        """
          feature:
            description: Platform feature
            constraints:
              \(platforms)
        """
    }

    static func explain(
        _ platforms: String, platform: String?, version: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FeatureExplanation {
        var device: [String: Any] = [:]
        if let platform { device["context/platform"] = platform }
        if let version { device["context/os_version"] = version }
        return try FeatureLab.explain(
            "feature", features: feature(platforms), device: device, sourceLocation: sourceLocation)
    }

    @Test("any is satisfied on that platform at any version, even an unknown one")
    func anyVersion() throws {
        let explanation = try Self.explain("platforms: { tvOS: any }", platform: "tvOS", version: nil)
        #expect(try explanation.constraint(.platform, "tvOS").status == .satisfied)
        #expect(explanation.availability == .available)
    }

    @Test("any cannot fail, so an unknown platform does not make it unknown")
    func anyUnknownPlatform() throws {
        let explanation = try Self.explain("platforms: { tvOS: any }", platform: nil, version: nil)
        #expect(explanation.availability == .available)
    }

    @Test("unsupported is notSatisfied on that platform, with an unsupportedPlatform step")
    func unsupported() throws {
        let explanation = try Self.explain("platforms: { iOS: unsupported, tvOS: any }", platform: "iOS", version: "17")
        let constraint = try explanation.constraint(.platform, "iOS")
        #expect(constraint.status == .notSatisfied)
        #expect(constraint.detail.contains("not supported"))
        #expect(explanation.availability == .unavailable)
        #expect(explanation.stepActions == [.unsupportedPlatform])
        #expect(explanation.nextStep(.unsupportedPlatform)?.keys == ["context/platform"])
    }

    @Test(
        "Minimum versions written as an int or a string",
        arguments: [
            ("iOS: 13", "iOS", "13", ConstraintStatus.satisfied),
            ("iOS: 13", "iOS", "12.9.9", .notSatisfied),
            ("iOS: 13", "iOS", "13.0.1", .satisfied),
            ("macOS: \"10.15.4\"", "macOS", "10.15.4", .satisfied),
            ("macOS: \"10.15.4\"", "macOS", "10.15.3", .notSatisfied),
            ("macOS: \"10.15.4\"", "macOS", "11", .satisfied),
            ("watchOS: '7'", "watchOS", "6.2", .notSatisfied),
        ])
    func minimumVersions(requirement: String, platform: String, version: String, expected: ConstraintStatus) throws {
        let explanation = try Self.explain("platforms: { \(requirement) }", platform: platform, version: version)
        let constraint = try explanation.constraint(.platform, platform)
        #expect(constraint.status == expected, "\(requirement) on \(version): \(constraint.detail)")
        #expect(constraint.key == "context/os_version")
        if expected == .notSatisfied {
            #expect(explanation.stepActions == [.upgradeOS])
            #expect(explanation.nextStep(.upgradeOS)?.keys == ["context/os_version"])
        }
    }

    @Test(
        "Versions compare numerically per component, missing components count as 0",
        arguments: [
            // (minimum, device, satisfied?)
            ("10.13", "10.13.4", true),  // 10.13.4 > 10.13
            ("10.13.4", "10.13", false),  // 10.13 < 10.13.4
            ("10.0", "9", false),  // 9 < 10.0 (not a text comparison)
            ("9", "10.0", true),
            ("10.13", "10.13.0", true),  // equal
            ("10.13.0", "10.13", true),  // equal
            ("16.4", "16.4", true),  // equal
            ("9.3", "16.4", true),  // "16.4" < "9.3" as text, not as versions
            ("10.2", "10.10", true),  // 10.10 > 10.2
            ("10.10", "10.9", false),
        ])
    func versionComparison(minimum: String, device: String, satisfied: Bool) throws {
        let explanation = try Self.explain("platforms: { macOS: \"\(minimum)\" }", platform: "macOS", version: device)
        let constraint = try explanation.constraint(.platform, "macOS")
        #expect(
            constraint.status == (satisfied ? .satisfied : .notSatisfied),
            "needs \(minimum), device \(device): \(constraint.detail)")
        #expect(explanation.availability == (satisfied ? .available : .unavailable))
    }

    @Test("An unquoted version keeps the digits as written: macOS: 10.10 is 10.10, not 10.1")
    func unquotedVersion() throws {
        let explanation = try Self.explain("platforms: { macOS: 10.10 }", platform: "macOS", version: "10.9")
        let constraint = try explanation.constraint(.platform, "macOS")
        #expect(constraint.status == .notSatisfied, "\(constraint.detail)")
        #expect(constraint.detail.contains("10.10"))
    }

    @Test("OSVersion orders and equates numerically")
    func osVersionValues() throws {
        func v(_ text: String) throws -> OSVersion { try #require(OSVersion(text)) }
        #expect(try v("10.13.4") > v("10.13"))
        #expect(try v("9") < v("10.0"))
        #expect(try v("10.13") == v("10.13.0"))
        #expect(try v("16.4") == v("16.4"))
        #expect(try v("16.4") > v("9.3"))
        #expect(try Set([v("10.13"), v("10.13.0"), v("10.13.0.0")]).count == 1)
        #expect(OSVersion("") == nil)
        #expect(OSVersion("17.") == nil)
        #expect(OSVersion("17.x") == nil)
        #expect(OSVersion("v17") == nil)
    }

    @Test("iOSOnly: 12 — iOS from 12, every other platform unsupported")
    func iOSOnly() throws {
        let onIOS = try Self.explain("iOSOnly: 12", platform: "iOS", version: "12.0")
        #expect(onIOS.constraints.map(\.name) == Platform.names)
        #expect(onIOS.availability == .available)
        #expect(try onIOS.constraint(.platform, "iOS").status == .satisfied)
        #expect(onIOS.constraints.filter { $0.name != "iOS" }.allSatisfy { $0.status == .notActive })

        let oldIOS = try Self.explain("iOSOnly: 12", platform: "iOS", version: "11.4")
        #expect(oldIOS.stepActions == [.upgradeOS])

        for other in ["macOS", "tvOS", "watchOS", "visionOS", "linux", "android"] {
            let explanation = try Self.explain("iOSOnly: 12", platform: other, version: "99")
            #expect(try explanation.constraint(.platform, other).status == .notSatisfied, "\(other)")
            #expect(explanation.availability == .unavailable, "\(other)")
            #expect(explanation.stepActions == [.unsupportedPlatform], "\(other)")
        }
        // Also accepted inside `platforms:`.
        let nested = try Self.explain("platforms: { iOSOnly: 12 }", platform: "tvOS", version: "17")
        #expect(nested.availability == .unavailable)
    }

    @Test("Platform unknown: a minimum or unsupported cannot be decided, so notDetermined with unknownContext")
    func platformUnknown() throws {
        let explanation = try Self.explain("platforms: { iOS: 13, watchOS: unsupported }", platform: nil, version: "17")
        #expect(try explanation.constraint(.platform, "iOS").status == .notDetermined)
        #expect(try explanation.constraint(.platform, "watchOS").status == .notDetermined)
        #expect(explanation.availability == .unknown)
        #expect(explanation.nextSteps.count == 1)
        #expect(explanation.nextStep(.unknownContext)?.keys == ["context/platform"])
    }

    @Test("Version unknown on a platform with a minimum: notDetermined, and the step names context/os_version")
    func versionUnknown() throws {
        let explanation = try Self.explain("platforms: { iOS: 13 }", platform: "iOS", version: nil)
        let constraint = try explanation.constraint(.platform, "iOS")
        #expect(constraint.status == .notDetermined)
        #expect(constraint.key == "context/os_version")
        #expect(explanation.availability == .unknown)
        #expect(explanation.stepActions == [.unknownContext])
        #expect(explanation.nextStep(.unknownContext)?.keys == ["context/os_version"])
    }

    @Test("An unreadable OS version is not a version: it never wins, so the version stays unknown")
    func versionUnreadable() throws {
        let explanation = try Self.explain("platforms: { iOS: 13 }", platform: "iOS", version: "seventeen")
        #expect(try explanation.constraint(.platform, "iOS").status == .notDetermined)
        #expect(explanation.availability == .unknown)
    }

    @Test("Version unknown does not matter where the platform needs no version")
    func versionUnknownIrrelevant() throws {
        let unsupported = try Self.explain("platforms: { iOS: unsupported }", platform: "iOS", version: nil)
        #expect(unsupported.availability == .unavailable)
        #expect(unsupported.stepActions == [.unsupportedPlatform])
        let other = try Self.explain("platforms: { macOS: 12 }", platform: "iOS", version: nil)
        #expect(other.availability == .available)
    }
}
