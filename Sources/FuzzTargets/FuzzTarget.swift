import FlagCore

/// The fuzz targets: each takes any bytes and must return, whatever they are, without a crash
/// or a hang, having made everything a user would see of them. Every provider format with rules
/// gets two from the format registry (``ProviderFormat/all``): `NAME`, its definitions as a layer
/// of a workspace, and `NAME-engine`, its engine alone in memory.
package struct FuzzTarget: Sendable, Hashable, CustomStringConvertible {
    /// The name `Scripts/fuzz` and `flagscope-fuzz` take.
    package let rawValue: String
    /// What the target reads, for `--list`.
    package let summary: String
    /// Runs the target on one input; returns how many bytes of output it made.
    private let body: @Sendable ([UInt8]) -> Int

    private init(_ name: String, _ summary: String, _ body: @escaping @Sendable ([UInt8]) -> Int) {
        rawValue = name
        self.summary = summary
        self.body = body
    }

    /// The target named `rawValue`, if there is one.
    package init?(rawValue: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = found
    }

    package var description: String { rawValue }

    package static func == (left: FuzzTarget, right: FuzzTarget) -> Bool { left.rawValue == right.rawValue }

    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Runs the target on one input; returns how many bytes of output it made.
    @discardableResult
    package func run(_ bytes: [UInt8]) -> Int { body(bytes) }

    /// Every target: the readers, the workspace, the expressions, the OFREP server's requests, the
    /// regular expressions, and two for each format with rules.
    package static let allCases: [FuzzTarget] =
        [
            FuzzTarget("json", "the JSON reader (any bytes)", DocumentTargets.json),
            FuzzTarget("yaml", "the YAML reader (any bytes)", DocumentTargets.yaml),
            FuzzTarget(
                "providers",
                "every provider format: byte 1 picks a format and whether its file, variables or a server's answer",
                ProviderTarget.run),
            FuzzTarget("workspace", "flagscope.yml beside the demo's blueprints and providers", WorkspaceTarget.run),
            FuzzTarget(
                "expressions", "a computed expression, checked, evaluated and as a blueprint's computed:",
                ExpressionTarget.run),
            FuzzTarget(
                "ofrep", "an OFREP request body, answered one flag at a time and in bulk, which must agree",
                OFREPTarget.run),
        ]
        + ProviderFormat.all.filter(\.hasRules).flatMap { format in
            [
                FuzzTarget(
                    format.name, "\(format.name) definitions, NUL, a context JSON object: the engine, then a workspace",
                    { RuleTargets.run(format, $0) }),
                FuzzTarget(
                    format.name + "-engine",
                    "\(format.name) definitions, NUL, a context: the engine alone, no workspace",
                    { EngineTargets.rules(of: format, $0) }),
            ]
        }
        + [
            FuzzTarget(
                "expression-engine", "a computed expression: parsed, checked and evaluated, no workspace",
                ExpressionTarget.engine),
            FuzzTarget(
                "regex", "byte 1 picks Rust's or RE2's syntax and case; a pattern, NUL, the text searched",
                EngineTargets.regex),
        ]
}
