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
