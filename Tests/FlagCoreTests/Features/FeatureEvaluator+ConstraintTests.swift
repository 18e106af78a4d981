import Foundation
import Testing

@testable import FlagCore

/// Each constraint kind in each of its statuses (docs/blueprints.md#features), as `explain` reports them.
@Suite("Constraint statuses")
struct FeatureEvaluatorConstraintTests {
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
        "A switch on the feature's own key (userToggled, set in the writable file; runtimeEnabled, set by the device): the default applies while unset; a set value wins, false included",
        arguments: [ConstraintKind.userToggled, .runtimeEnabled],
        [
            (true, nil, ConstraintStatus.satisfied),
            (false, nil, .notSatisfied),
            (true, false, .notSatisfied),
            (false, true, .satisfied),
        ] as [(Bool, Bool?, ConstraintStatus)])
    func ownSwitch(kind: ConstraintKind, values: (defaultValue: Bool, set: Bool?, expected: ConstraintStatus)) throws {
        let key = kind == .userToggled ? "mix/user_toggled" : "mix/runtime_enabled"
        let features = """
              mix:
                description: Mix
                constraints:
                  \(kind.rawValue): { default: \(values.defaultValue) }
            """
        let set: [String: Any] = values.set.map { [key: $0] } ?? [:]
        let explanation =
            kind == .userToggled
            ? try FeatureLab.explain("mix", features: features, local: set)
            : try FeatureLab.explain("mix", features: features, device: set)
        let constraint = try explanation.constraint(kind, key)
        #expect(constraint.status == values.expected)
        #expect(constraint.key == key)
        let on = values.expected == .satisfied
        #expect(constraint.detail == (kind == .userToggled ? (on ? "on" : "off") : (on ? "enabled" : "disabled")))
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
