import Foundation

/// Two generated workspaces around one Unleash client payload, to measure what evaluating
/// Unleash toggles for one device costs.
///
/// Both have the same JSON blueprints and the same device (a json provider with the context
/// keys the strategies read). In one, every toggle has a strategy to evaluate, in turn:
/// `userWithId` on a list of ids; a `flexibleRollout` on the user id; `default` constrained by
/// `IN` on a country list and `SEMVER_GTE` on the app version; a `flexibleRollout` behind a
/// segment and a `STR_ENDS_WITH` on the email; `remoteAddress` on networks, then `NUM_GT` on
/// a score; and variants whose payloads fit the flag's type. In the other, the same toggles
/// without strategies, segments or variants: each is its `enabled`, with nothing to evaluate.
enum UnleashWorkspace {
    /// The device the strategies see: it passes some of each kind and not others.
    static var device: [(String, Any)] {
        [
            ("context/userId", "device-7f3a9c"),
            ("context/email", "qa.tester@example.com"),
            ("context/version", "2.4.1"),
            ("context/country", "IT"),
            ("context/remoteAddress", "10.1.2.3"),
            ("context/score", 42),
            ("context/plan", "beta"),
        ]
    }

    /// Writes both workspaces of `flagCount` toggles under `parent`.
    static func generate(flagCount: Int, under parent: URL) throws -> RulesWorkspace {
        let folder = try RulesWorkspace.emptyFolder(parent.appendingPathComponent("unleash-\(flagCount)"))
        let keys = try BenchWorkspace.writeBlueprints(flagCount: flagCount, syntax: .json, in: folder).keys
        try Data(JSONText.write(device).utf8).write(
            to: folder.appendingPathComponent("providers/device.json"))
        var withRules: [Any] = []
        var withoutRules: [Any] = []
        withRules.reserveCapacity(keys.count)
        withoutRules.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            let type = BenchWorkspace.types[index % BenchWorkspace.types.count]
            let plain: [(String, Any)] = [("name", key), ("type", "release"), ("enabled", true)]
            withoutRules.append(plain)
            // On one line: the generator's strings carry no escapes for line breaks.
            let text =
                type == "json"
                ? #"{"enabled": true, "limit": \#(index % 50 + 1)}"# : BenchWorkspace.providerText(type, index)
            let payload: [(String, Any)] = [("type", type == "json" ? "json" : "string"), ("value", text)]
            let variants: [Any] = [
                [("name", "on"), ("weight", 500), ("stickiness", "default"), ("payload", payload)] as [(String, Any)],
                [("name", "also-on"), ("weight", 500), ("stickiness", "default"), ("payload", payload)]
                    as [(String, Any)],
            ]
            withRules.append(plain + [("strategies", strategies(index)), ("variants", variants)])
        }
        let segments: [Any] = [
            [
                ("id", 1),
                ("constraints", [constraint("plan", "IN", values: ["beta", "staff"])] as [Any]),
            ] as [(String, Any)]
        ]
        // Written without the keys whose lists would be empty (the writer cannot tell [] from {}).
        return try RulesWorkspace.writePair(
            in: folder, flagCount: flagCount, provider: "Unleash", format: "unleash",
            rules: JSONText.write([("version", 2), ("features", withRules), ("segments", segments)]),
            plain: JSONText.write([("version", 2), ("features", withoutRules)]))
    }

    static func constraint(_ field: String, _ operatorName: String, values: [String] = [], value: String? = nil)
        -> [(String, Any)]
    {
        var parts: [(String, Any)] = [("contextName", field), ("operator", operatorName)]
        if !values.isEmpty { parts.append(("values", values)) }
        if let value { parts.append(("value", value)) }
        return parts
    }

    /// The strategies of toggle `index`: one of five shapes, in turn.
    static func strategies(_ index: Int) -> [Any] {
        let rollout = String(10 * (1 + index % 9))
        switch index % 5 {
        case 0:
            let ids = (0..<5).map { "user-\(index + $0)" } + (index % 10 == 0 ? ["device-7f3a9c"] : [])
            return [
                [("name", "userWithId"), ("parameters", [("userIds", ids.joined(separator: ","))])] as [(String, Any)]
            ]
        case 1:
            return [
                [
                    ("name", "flexibleRollout"),
                    ("parameters", [("rollout", rollout), ("stickiness", "default"), ("groupId", "g\(index)")]),
                ] as [(String, Any)]
            ]
        case 2:
            return [
                [
                    ("name", "default"),
                    (
                        "constraints",
                        [
                            constraint("country", "IN", values: RulesWorkspace.countries),
                            constraint("version", "SEMVER_GTE", value: "2.\(index % 10).0"),
                        ] as [Any]
                    ),
                ] as [(String, Any)]
            ]
        case 3:
            return [
                [
                    ("name", "flexibleRollout"),
                    ("parameters", [("rollout", rollout), ("stickiness", "userId")]),
                    ("segments", [1]),
                    ("constraints", [constraint("email", "STR_ENDS_WITH", values: ["@example.com"])] as [Any]),
                ] as [(String, Any)]
            ]
        default:
            return [
                [("name", "remoteAddress"), ("parameters", [("IPs", "192.168.0.0/16, 172.16.0.1")])] as [(String, Any)],
                [
                    ("name", "default"),
                    ("constraints", [constraint("score", "NUM_GT", value: String(index % 80))] as [Any]),
                ] as [(String, Any)],
            ]
        }
    }
}

extension Bench {
    /// Opens the Unleash workspace of `size` flags with strategies on every toggle and without,
    /// checking that rules decided every flag in one and none in the other.
    func unleashCost(size: Int, under root: URL, me: String) throws -> RulesFigures {
        let bench = try UnleashWorkspace.generate(flagCount: size, under: root)
        let opened = try open([bench.withoutRules, bench.withRules], me: me)
        let (withoutRules, withoutRulesPeak) = opened[0]
        let (withRules, withRulesPeak) = opened[1]
        guard withoutRules.ruled == 0, withRules.ruled == size else {
            throw BenchError(
                "\(bench.folder.path): rules decided \(withRules.ruled) of \(size) flags with strategies and "
                    + "\(withoutRules.ruled) without; expected all and none")
        }
        progress("\(size) toggles, with and without strategies: opened")
        return RulesFigures(
            size: size, withRulesBytes: bench.withRulesBytes, withoutRulesBytes: bench.withoutRulesBytes,
            withRules: withRules, withoutRules: withoutRules, withRulesPeak: withRulesPeak,
            withoutRulesPeak: withoutRulesPeak)
    }
}

extension Report {
    /// The cost of evaluating Unleash toggles for one context. The payload with strategies is
    /// loaded once; resolving every key then evaluates each toggle, where the same number of
    /// toggles with nothing to evaluate (the baseline workspace) resolve as plain values. The
    /// ratio is what evaluating adds to loading that payload: (load + evaluated resolve) ÷
    /// (load + plain resolve).
    static func unleashTable(_ all: [Bench.RulesFigures]) -> String {
        guard !all.isEmpty else { return "" }
        var out = "\nUnleash (a client payload sets every flag, each toggle with strategies; one context)\n"
        var rows: [[String]] = [
            [
                "flags", "payload", "load", "resolve, nothing to evaluate", "resolve, evaluated", "÷ not evaluated",
                "peak",
            ]
        ]
        for figures in all {
            let load = figures.withRules.load
            let evaluated = figures.withRules.resolve
            let plain = figures.withoutRules.resolve
            rows.append([
                grouped(figures.size), megabytes(figures.withRulesBytes), milliseconds(load), milliseconds(plain),
                milliseconds(evaluated), ratio((load + evaluated) / (load + plain)), megabytes(figures.withRulesPeak),
            ])
        }
        out += table(rows)
        out +=
            "Strategies: userWithId, flexibleRollout, IN + SEMVER_GTE constraints, a segment + STR_ENDS_WITH before a\n"
        out += "rollout, remoteAddress then NUM_GT, in turn; each toggle has two weighted variants. \"Nothing to\n"
        out += "evaluate\": the same number of toggles without strategies, segments or variants, resolved as values.\n"
        return out
    }
}
