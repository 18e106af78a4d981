import Foundation
import Testing

@testable import FlagCore

/// Availability is a three-valued AND over a feature's constraints and its parent (docs/blueprints.md#features):
/// unavailable if anything is notSatisfied, else unknown if anything is notDetermined.
@Suite("Availability with parents")
struct FeatureEvaluatorAvailabilityTests {
    /// parent (camera) → child (microphone) → grandchild (no constraints of its own).
    static let family = """
          parent:
            description: Parent
            constraints:
              permissions: [camera]
            features:
              child:
                description: Child
                constraints:
                  permissions: [microphone]
                features:
                  grandchild:
                    description: Grandchild
        """

    static func explainAll(camera: String?, microphone: String?) throws -> [String: FeatureExplanation] {
        var device: [String: Any] = [:]
        if let camera { device["context/permissions/camera"] = camera }
        if let microphone { device["context/permissions/microphone"] = microphone }
        let lab = try FeatureLab(features: family, device: device)
        defer { lab.remove() }
        return try lab.explainAll()
    }

    @Test(
        "Availability of a list of statuses: notSatisfied beats notDetermined; notActive counts as fine",
        arguments: [
            ([ConstraintStatus](), Availability.available),
            ([.satisfied, .notActive], .available),
            ([.satisfied, .notDetermined], .unknown),
            ([.notDetermined, .notSatisfied], .unavailable),
            ([.notSatisfied, .notDetermined], .unavailable),
            ([.notActive, .notActive], .available),
        ])
    func threeValuedAnd(statuses: [ConstraintStatus], expected: Availability) {
        #expect(Availability(statuses) == expected)
    }

    @Test("A parent that is unavailable makes its child unavailable, with an enableParent step naming the parent")
    func parentUnavailable() throws {
        let all = try Self.explainAll(camera: "denied", microphone: "authorized")
        let child = try #require(all["parent/child"])
        #expect(all["parent"]?.availability == .unavailable)
        #expect(child.availability == .unavailable)
        #expect(child.parent?.key == "parent")
        #expect(child.parent?.name == "Parent")
        #expect(child.parent?.availability == .unavailable)
        #expect(child.stepActions == [.enableParent])
        let step = try #require(child.nextStep(.enableParent))
        #expect(step.keys == ["context/permissions/camera"])
        #expect(step.message.contains("Parent"))
        #expect(step.message.contains("unavailable"))
        // Its own constraint is still reported as satisfied.
        #expect(try child.constraint(.permission, "microphone").status == .satisfied)
    }

    @Test("A grandparent's problem reaches the grandchild, with the keys that fix it")
    func grandparentUnavailable() throws {
        let all = try Self.explainAll(camera: "restricted", microphone: "authorized")
        let grandchild = try #require(all["parent/child/grandchild"])
        #expect(grandchild.availability == .unavailable)
        #expect(grandchild.constraints.isEmpty)
        #expect(grandchild.parent?.key == "parent/child")
        #expect(grandchild.stepActions == [.enableParent])
        #expect(grandchild.nextStep(.enableParent)?.keys == ["context/permissions/camera"])
    }

    @Test("Keys of every problem up the chain are listed in enableParent")
    func chainKeys() throws {
        let all = try Self.explainAll(camera: "denied", microphone: nil)
        let grandchild = try #require(all["parent/child/grandchild"])
        #expect(grandchild.availability == .unavailable)
        #expect(
            Set(grandchild.nextStep(.enableParent)?.keys ?? []) == [
                "context/permissions/camera", "context/permissions/microphone",
            ])
    }

    @Test("A parent that is unknown makes an otherwise available child unknown")
    func parentUnknown() throws {
        let all = try Self.explainAll(camera: nil, microphone: "authorized")
        #expect(all["parent"]?.availability == .unknown)
        let child = try #require(all["parent/child"])
        #expect(child.availability == .unknown)
        #expect(child.stepActions == [.enableParent])
        #expect(child.nextStep(.enableParent)?.keys == ["context/permissions/camera"])
        #expect(all["parent/child/grandchild"]?.availability == .unknown)
    }

    @Test(
        "Stricter than Flint: unavailable wins over unknown, in the feature and across the parent",
        arguments: [
            // (camera = parent, microphone = child, child's availability)
            ("authorized", "notDetermined", Availability.unknown),
            ("notDetermined", "denied", .unavailable),  // parent unknown, child's own notSatisfied
            ("denied", "notDetermined", .unavailable),  // parent unavailable, child's own notDetermined
            ("notDetermined", "notDetermined", .unknown),
            ("authorized", "authorized", .available),
        ])
    func unavailableWins(camera: String, microphone: String, expected: Availability) throws {
        let all = try Self.explainAll(camera: camera, microphone: microphone)
        #expect(all["parent/child"]?.availability == expected)
        #expect(all["parent/child/grandchild"]?.availability == expected)
    }

    @Test("Within one feature, one notSatisfied constraint makes it unavailable despite an unknown one")
    func ownConstraintsUnavailableWins() throws {
        let features = """
              mixed:
                description: Mixed
                constraints:
                  permissions: [contacts]
                  purchase: premium
            """
        let explanation = try FeatureLab.explain(
            "mixed", features: features, device: ["context/purchases/SUB0001": "notPurchased"])
        #expect(try explanation.constraint(.permission, "contacts").status == .notDetermined)
        #expect(explanation.availability == .unavailable)
        // The unknown part is still something to do.
        #expect(explanation.stepActions == [.purchase, .requestPermission])
    }

    @Test("An available parent adds nothing: no enableParent step")
    func parentAvailable() throws {
        let all = try Self.explainAll(camera: "authorized", microphone: "notDetermined")
        let child = try #require(all["parent/child"])
        #expect(child.parent?.availability == .available)
        #expect(child.stepActions == [.requestPermission])
        #expect(all["parent/child/grandchild"]?.stepActions == [.enableParent])
    }

    @Test("explainAll lists parents before their children")
    func parentsFirst() throws {
        let lab = try FeatureLab(features: Self.family)
        defer { lab.remove() }
        let workspace = try lab.workspace()
        let keys = FeatureEvaluator(workspace: workspace, resolutions: Resolver(workspace: workspace).resolveAll())
            .explainAll().keys
        #expect(Array(keys) == ["parent", "parent/child", "parent/child/grandchild"])
    }
}
