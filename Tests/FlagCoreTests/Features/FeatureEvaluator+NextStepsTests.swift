import Foundation
import Testing

@testable import FlagCore

/// Next steps (docs/blueprints.md#features): one per action, in the order an app talks to its user, each listing every
/// stack key QA can change to simulate fixing it — and changing those keys does fix it.
@Suite("Next steps")
struct FeatureEvaluatorNextStepsTests {
    static let specOrder: [NextStepAction] = [
        .restricted, .purchase, .openSettings, .requestPermission, .enableParent, .turnOn, .enableRuntime,
        .unsupportedPlatform, .upgradeOS, .unknownContext,
    ]

    /// The value that fixes a key, as QA would set it.
    static func fix(_ key: String) -> Any {
        if key.hasPrefix("context/permissions/") { return "authorized" }
        if key.hasPrefix("context/purchases/") { return "purchased" }
        if key == "context/platform" { return "iOS" }
        if key == "context/os_version" { return "99.0" }
        return true
    }

    static func explain(
        _ features: String, _ key: String, device: [String: Any] = [:], local: [String: Any] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> FeatureExplanation {
        try FeatureLab.explain(key, features: features, device: device, local: local, sourceLocation: sourceLocation)
    }

    @Test("The actions, in the order of docs/blueprints.md#features")
    func actionOrder() {
        #expect(NextStepAction.allCases == Self.specOrder)
        #expect(
            NextStepAction.allCases.map(\.rawValue) == [
                "restricted", "purchase", "openSettings", "requestPermission", "enableParent", "turnOn",
                "enableRuntime",
                "unsupportedPlatform", "upgradeOS", "unknownContext",
            ])
    }

    // MARK: Each kind

    static let permissions = """
          camera:
            description: Camera feature
            constraints:
              permissions: [camera, bluetooth, photos, contacts, location_always]
        """

    /// The camera feature's explanation on a device whose permissions have `states`, by name.
    static func camera(_ states: [String: String]) throws -> FeatureExplanation {
        try explain(
            permissions, "camera",
            device: Dictionary(uniqueKeysWithValues: states.map { ("context/permissions/\($0.key)", $0.value as Any) }))
    }

    @Test("restricted: a restricted permission cannot be granted; do not sell")
    func restrictedStep() throws {
        let explanation = try Self.camera([
            "camera": "restricted", "bluetooth": "authorized", "photos": "authorized", "contacts": "authorized",
            "location_always": "authorized",
        ])
        #expect(explanation.stepActions == [.restricted])
        let step = try #require(explanation.nextStep(.restricted))
        #expect(step.keys == ["context/permissions/camera"])
        #expect(step.message.contains("camera"))
        #expect(step.message.contains("cannot be granted"))
    }

    @Test("An unsupported permission counts under restricted, not openSettings")
    func unsupportedPermissionIsRestricted() throws {
        let explanation = try Self.camera([
            "camera": "authorized", "bluetooth": "unsupported", "photos": "authorized", "contacts": "authorized",
            "location_always": "authorized",
        ])
        #expect(explanation.stepActions == [.restricted])
        #expect(explanation.nextStep(.restricted)?.keys == ["context/permissions/bluetooth"])
        #expect(explanation.nextStep(.restricted)?.message.contains("bluetooth") == true)
    }

    @Test("openSettings for denied, requestPermission for notDetermined (set or unset)")
    func deniedAndNotDetermined() throws {
        let explanation = try Self.camera([
            "camera": "authorized", "bluetooth": "notDetermined", "photos": "denied", "location_always": "authorized",
        ])
        #expect(explanation.stepActions == [.openSettings, .requestPermission])
        let settings = try #require(explanation.nextStep(.openSettings))
        #expect(settings.keys == ["context/permissions/photos"])
        #expect(settings.message.contains("Settings"))
        #expect(settings.message.contains("photos"))
        let request = try #require(explanation.nextStep(.requestPermission))
        #expect(request.keys == ["context/permissions/bluetooth", "context/permissions/contacts"])
        #expect(request.message.contains("bluetooth") && request.message.contains("contacts"))
    }

    @Test("One step per action: several permissions of the same kind share one step with all their keys")
    func oneStepPerAction() throws {
        let explanation = try Self.camera([
            "camera": "restricted", "bluetooth": "unsupported", "photos": "denied", "location_always": "denied",
        ])
        #expect(explanation.stepActions == [.restricted, .openSettings, .requestPermission])
        #expect(
            explanation.nextStep(.restricted)?.keys == ["context/permissions/camera", "context/permissions/bluetooth"])
        #expect(
            explanation.nextStep(.openSettings)?.keys == [
                "context/permissions/photos", "context/permissions/location_always",
            ])
        #expect(explanation.nextStep(.requestPermission)?.keys == ["context/permissions/contacts"])
    }

    @Test("purchase names the product and its productID")
    func purchaseStep() throws {
        let features = """
              pro:
                description: Pro
                constraints:
                  purchase: premium
            """
        let explanation = try Self.explain(features, "pro", device: ["context/purchases/SUB0001": "notPurchased"])
        #expect(explanation.stepActions == [.purchase])
        let step = try #require(explanation.nextStep(.purchase))
        #expect(step.keys == ["context/purchases/SUB0001"])
        #expect(step.message.contains("Premium subscription"))
        #expect(step.message.contains("SUB0001"))
    }

    @Test("An unknown purchase state gives unknownContext, not purchase", arguments: ["unknown", nil] as [String?])
    func unknownPurchase(state: String?) throws {
        let features = """
              pro:
                description: Pro
                constraints:
                  purchase: premium
            """
        let device: [String: Any] = state.map { ["context/purchases/SUB0001": $0] } ?? [:]
        let explanation = try Self.explain(features, "pro", device: device)
        #expect(explanation.availability == .unknown)
        #expect(explanation.stepActions == [.unknownContext])
        #expect(explanation.nextStep(.unknownContext)?.keys == ["context/purchases/SUB0001"])
        #expect(explanation.nextStep(.unknownContext)?.message.contains("(SUB0001) is purchased") == true)
    }

    static let switches = """
          mix:
            description: Daily mix
            constraints:
              userToggled: { default: false }
              runtimeEnabled: { default: false }
          turbo:
            description: Turbo
            constraints:
              runtimeEnabled: { flag: internal/switch }
        """

    @Test("turnOn for a user toggle that is off, enableRuntime for a runtime switch that is off")
    func switchSteps() throws {
        let lab = try FeatureLab(features: Self.switches)
        defer { lab.remove() }
        let mix = try lab.explain("mix")
        #expect(mix.stepActions == [.turnOn, .enableRuntime])
        #expect(mix.nextStep(.turnOn)?.keys == ["mix/user_toggled"])
        #expect(mix.nextStep(.turnOn)?.message.contains("mix/user_toggled") == true)
        #expect(mix.nextStep(.enableRuntime)?.keys == ["mix/runtime_enabled"])
        let turbo = try lab.explain("turbo")
        #expect(turbo.stepActions == [.enableRuntime])
        #expect(turbo.nextStep(.enableRuntime)?.keys == ["internal/switch"])
        #expect(turbo.nextStep(.enableRuntime)?.message.contains("internal/switch") == true)
    }

    @Test("unsupportedPlatform and upgradeOS point at context/platform and context/os_version")
    func platformSteps() throws {
        let features = """
              tvOnly:
                description: TV only
                constraints:
                  platforms: { iOS: unsupported, tvOS: 15 }
              modern:
                description: Modern
                constraints:
                  platforms: { iOS: 17 }
            """
        let lab = try FeatureLab(features: features, device: ["context/platform": "iOS", "context/os_version": "16.4"])
        defer { lab.remove() }
        let tv = try lab.explain("tv_only")
        #expect(tv.stepActions == [.unsupportedPlatform])
        #expect(tv.nextStep(.unsupportedPlatform)?.keys == ["context/platform"])
        #expect(tv.nextStep(.unsupportedPlatform)?.message.contains("iOS") == true)
        let modern = try lab.explain("modern")
        #expect(modern.stepActions == [.upgradeOS])
        #expect(modern.nextStep(.upgradeOS)?.keys == ["context/os_version"])
        #expect(modern.nextStep(.upgradeOS)?.message.contains("17") == true)
        #expect(modern.nextStep(.upgradeOS)?.message.contains("16.4") == true)
    }

    @Test("unknownContext gathers platform and purchase unknowns into one step")
    func unknownContextMerged() throws {
        let features = """
              pro:
                description: Pro
                constraints:
                  purchase: { anyOf: [premium, supporter] }
                  platforms: { iOS: 15 }
            """
        let explanation = try Self.explain(features, "pro")
        #expect(explanation.availability == .unknown)
        #expect(explanation.stepActions == [.unknownContext])
        #expect(
            explanation.nextStep(.unknownContext)?.keys == [
                "context/purchases/SUB0001", "context/purchases/SUP0001", "context/platform", "context/os_version",
            ])
    }

    // MARK: Order

    static let ordered = """
          gate:
            description: Gate
            constraints:
              userToggled: { default: false }
            features:
              everything:
                description: Everything wrong
                constraints:
                  permissions: [camera, photos, contacts]
                  purchase: premium
                  userToggled: { default: false }
                  runtimeEnabled: { default: false }
                  platforms: { iOS: unsupported }
              newer:
                description: Needs a newer OS
                constraints:
                  permissions: [camera, photos, contacts]
                  purchase: offlinePack
                  userToggled: { default: false }
                  runtimeEnabled: { default: false }
                  platforms: { iOS: 99 }
        """

    static var orderedDevice: [String: Any] {
        [
            "context/platform": "iOS", "context/os_version": "17.4",
            "context/permissions/camera": "restricted", "context/permissions/photos": "denied",
            "context/purchases/SUB0001": "notPurchased",
        ]
    }

    @Test(
        "Steps come in the documented order: restricted, purchase, openSettings, requestPermission, enableParent, turnOn, enableRuntime, unsupportedPlatform"
    )
    func orderWithUnsupportedPlatform() throws {
        let explanation = try Self.explain(Self.ordered, "gate/everything", device: Self.orderedDevice)
        #expect(
            explanation.stepActions == [
                .restricted, .purchase, .openSettings, .requestPermission, .enableParent, .turnOn,
                .enableRuntime, .unsupportedPlatform,
            ])
        #expect(explanation.nextStep(.enableParent)?.keys == ["gate/user_toggled"])
    }

    @Test("… then upgradeOS and unknownContext last")
    func orderWithUpgradeAndUnknown() throws {
        let explanation = try Self.explain(Self.ordered, "gate/newer", device: Self.orderedDevice)
        #expect(
            explanation.stepActions == [
                .restricted, .openSettings, .requestPermission, .enableParent, .turnOn, .enableRuntime,
                .upgradeOS, .unknownContext,
            ])
        #expect(explanation.nextStep(.unknownContext)?.keys == ["context/purchases/PACK0001"])
    }

    @Test("Every feature's steps are in the documented order, with no action twice")
    func orderIsMonotonic() throws {
        for key in ["gate", "gate/everything", "gate/newer"] {
            let explanation = try Self.explain(Self.ordered, key, device: Self.orderedDevice)
            let positions = explanation.stepActions.map { Self.specOrder.firstIndex(of: $0)! }
            #expect(
                positions == positions.sorted() && Set(positions).count == positions.count,
                "\(key): \(explanation.stepActions)")
        }
    }

    // MARK: Setting the keys fixes it

    @Test("Setting one step's keys (in the writable provider) makes exactly that step disappear")
    func settingKeysRemovesStep() throws {
        let lab = try FeatureLab(features: Self.ordered, device: Self.orderedDevice)
        defer { lab.remove() }
        let before = try lab.explain("gate/newer")
        for step in before.nextSteps {
            var local: [String: Any] = [:]
            for key in step.keys { local[key] = Self.fix(key) }
            try lab.setLocal(local)
            let after = try lab.explain("gate/newer")
            #expect(after.nextStep(step.action) == nil, "\(step.action) still there after setting \(local)")
            #expect(after.stepActions == before.stepActions.filter { $0 != step.action }, "\(step.action)")
        }
    }

    @Test("Setting every key of every step makes the feature available", arguments: ["gate/newer", "gate"])
    func settingAllKeysMakesAvailable(key: String) throws {
        let lab = try FeatureLab(features: Self.ordered, device: Self.orderedDevice)
        defer { lab.remove() }
        var local: [String: Any] = [:]
        for step in try lab.explain(key).nextSteps {
            for stepKey in step.keys { local[stepKey] = Self.fix(stepKey) }
        }
        try lab.setLocal(local)
        let after = try lab.explain(key)
        #expect(after.availability == .available, "\(after.nextSteps.map(\.message))")
        #expect(after.nextSteps.isEmpty)
    }

    @Test("A restricted permission fixed in the device profile (e.g. MDM profile removed) clears the restricted step")
    func restrictedCleared() throws {
        let lab = try FeatureLab(
            features: Self.permissions,
            device: [
                "context/permissions/camera": "restricted", "context/permissions/bluetooth": "authorized",
                "context/permissions/photos": "authorized", "context/permissions/contacts": "authorized",
                "context/permissions/location_always": "authorized",
            ])
        defer { lab.remove() }
        #expect(try lab.explain("camera").stepActions == [.restricted])
        try lab.setLocal(["context/permissions/camera": "authorized"])
        #expect(try lab.explain("camera").availability == .available)
    }

    @Test("Moving the device to a supported platform clears unsupportedPlatform")
    func platformChangeClears() throws {
        let features = """
              tvOnly:
                description: TV only
                constraints:
                  platforms: { iOS: unsupported, tvOS: 15 }
            """
        let lab = try FeatureLab(features: features, device: ["context/platform": "iOS", "context/os_version": "16.4"])
        defer { lab.remove() }
        #expect(try lab.explain("tv_only").stepActions == [.unsupportedPlatform])
        try lab.setLocal(["context/platform": "tvOS"])
        #expect(try lab.explain("tv_only").availability == .available)
        try lab.setLocal(["context/platform": "tvOS", "context/os_version": "14.9"])
        #expect(try lab.explain("tv_only").stepActions == [.upgradeOS])
    }

    @Test("An available feature has no next steps, even with notActive constraints")
    func availableHasNone() throws {
        let features = """
              fine:
                description: Fine
                constraints:
                  platforms: { macOS: unsupported, iOS: 12 }
            """
        let explanation = try Self.explain(
            features, "fine", device: ["context/platform": "iOS", "context/os_version": "12"])
        #expect(explanation.availability == .available)
        #expect(explanation.nextSteps.isEmpty)
    }
}
