import Foundation
import Testing

@testable import FlagCore

/// Features in cases that once went wrong.
@Suite("Feature semantics found by review")
struct FeatureRegressionTests {
    @Test("BUG allOf[notPurchased, unknown]: the unknown product also needs deciding, so unknownContext lists it")
    func allOfUnknownProductIsListed() throws {
        let features = """
              shop:
                description: Shop
                constraints:
                  purchase: { allOf: [alpha, beta] }
            """
        let explanation = try FeatureLab.explain(
            "shop", features: features, device: ["context/purchases/A001": "notPurchased"])
        #expect(explanation.availability == .unavailable)
        #expect(explanation.stepActions == [.purchase, .unknownContext])
        #expect(explanation.nextStep(.purchase)?.keys == ["context/purchases/A001"])
        #expect(explanation.nextStep(.unknownContext)?.keys == ["context/purchases/B001"])
    }

    @Test("BUG the purchase message of allOf[a, anyOf[b, c]] offers b and c as alternatives, not both")
    func purchaseMessageAlternatives() throws {
        let features = """
              shop:
                description: Shop
                constraints:
                  purchase: { allOf: [alpha, { anyOf: [beta, gamma] }] }
            """
        let explanation = try FeatureLab.explain(
            "shop", features: features,
            device: [
                "context/purchases/A001": "purchased", "context/purchases/B001": "notPurchased",
                "context/purchases/C001": "notPurchased",
            ])
        let message = try #require(explanation.nextStep(.purchase)?.message)
        #expect(message.contains("Beta (B001) or Gamma (C001)"), "\(message)")
        #expect(!message.contains(" and "), "\(message)")
    }

    @Test(
        "BUG a computed flag reading an unset context/purchases or context/permissions key has no value (docs/computed.md)",
        arguments: ["context/purchases/SUB0001 == 'purchased'", "context/permissions/camera == 'authorized'"])
    func computedReadsUnsetContext(expression: String) throws {
        let blueprint = """
            name: Lab
            description: d
            products:
              premium: { name: Premium, productID: SUB0001 }
            flags:
              unlocked: { type: bool, default: false, description: d, computed: "\(expression)" }
            features:
              shot:
                description: Shot
                constraints:
                  permissions: [camera]
                  purchase: premium

            """
        let lab = try FeatureLab(blueprint: blueprint, local: ["unlocked": true])
        defer { lab.remove() }
        let resolution = try #require(Resolver(workspace: try lab.workspace()).resolve("unlocked"))
        // Nothing sets the context key, so the expression has no value and Local's true wins.
        #expect(
            resolution.reason == .provider, "value \(String(describing: resolution.value)) from \(resolution.source)")
        #expect(resolution.value == .bool(true))
    }
}
