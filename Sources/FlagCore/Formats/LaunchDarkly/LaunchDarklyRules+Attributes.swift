extension LaunchDarklyRules: RuleEngine {
    /// Every variation the flag can serve: the off variation when it is off; else what its
    /// targets, rules and fallthrough serve, and the off variation when a prerequisite can fail.
    package var outcomes: [RawValue] {
        guard let flag else { return [] }
        var indices: [Int] = []
        if !flag.on || !flag.prerequisites.isEmpty { indices += flag.offVariation.map { [$0] } ?? [] }
        if flag.on {
            indices += (flag.targets + flag.contextTargets).map(\.variation)
            indices += flag.rules.flatMap(\.serve.variationIndices)
            indices += flag.fallthrough.variationIndices
        }
        var seen: Set<Int> = []
        return indices.filter { flag.variations.indices.contains($0) && seen.insert($0).inserted }.sorted().map {
            .native(flag.variations[$0])
        }
    }

    /// The rollout that decided for `context`, as `flagscope rollout` samples it: the flag's own
    /// (a rule's or the fallthrough's), never a segment rule's weight met on the way, and only
    /// when it decided (the reason is SPLIT). It hashes the last key its step read.
    func rolloutSplit(in context: EvaluationContext) -> RolloutSplit? {
        let trace = evaluate(in: context, tracing: true).trace
        guard trace.reason == .split, let step = trace.steps.last, let split = step.split else { return nil }
        let reads = step.reads.map(\.key)
        return RolloutSplit(
            rule: step.rule, split: split, attribute: reads.last, reads: reads,
            placesDevice: step.reads.last?.value != nil)
    }

    /// The share of the rollout that decided the trace.
    func rolloutShare(of trace: RuleTrace) -> String? {
        trace.reason == .split ? trace.steps.last?.split?.chosen : nil
    }

    /// Each variation with its variant name, for `validate` to check against the flag's type.
    package var possibleValues: [(name: String, value: RawValue)] {
        (flag?.variations ?? []).enumerated().map { (LaunchDarklyFlag.variant($0.offset), .native($0.element)) }
    }

    /// `ERROR` with `WRONG_TYPE`, as the SDKs answer a typed call whose variation is of another type.
    var wrongTypeReason: SourceReason? { LaunchDarklyReason.error(.wrongType).sourceReason() }

    /// Every context key the flag reads — its targets' keys, its clauses' attributes, what its
    /// rollouts bucket by — and those of its prerequisites and segments, in the order written.
    /// What each is compared with is at hand in the clauses, so `keysOnly` saves nothing.
    func attributeReads(keysOnly: Bool) -> [AttributeRead] {
        guard let flag else { return [] }
        var walk = LaunchDarklyAttributeWalk(store: store)
        walk.visit(flag)
        return walk.reads
    }
}

extension LaunchDarklyRules {
    /// The context keys the flag reads, each with the rule that reads it in the trace's words
    /// (``attributeReads(keysOnly:)`` for those outside FlagCore).
    package var readKeys: [(key: String, rule: String)] {
        attributeReads(keysOnly: false).map { ($0.key, $0.rule) }
    }
}

/// The walk over a flag, its prerequisites and segments that lists what they read, each flag
/// and segment once (so cycles end), no deeper than an evaluation goes.
struct LaunchDarklyAttributeWalk {
    /// The flags and segments of the file.
    let store: LaunchDarklyStore
    /// What was found so far, in the order written.
    var reads: [AttributeRead] = []
    private var visitedFlags: Set<String> = []
    private var visitedSegments: Set<String> = []
    /// The kinds whose key is already among the reads.
    private var kindsKeyed: Set<String> = []
    /// How many prerequisites and segments deep the walk is.
    private var depth = 0

    /// A walk over `store`.
    init(store: LaunchDarklyStore) {
        self.store = store
    }

    /// The device key the context of `kind` holds `suffix` at.
    static func key(kind: String, _ suffix: String) -> String {
        ContextKeys.prefix + (kind == "user" ? "" : kind + "/") + suffix
    }

    /// Adds the key of `kind` once: a context has a kind only when its key is set, so whatever
    /// reads an attribute of the kind reads its key too (the trace's reads say so).
    private mutating func readKey(of kind: String, rule: String, location: TextLocation?) {
        guard kindsKeyed.insert(kind).inserted else { return }
        reads.append(AttributeRead(key: Self.key(kind: kind, "key"), typeHint: .text, rule: rule, location: location))
    }

    /// Lists what `flag` reads: its prerequisites first, then its targets, rules and fallthrough.
    mutating func visit(_ flag: LaunchDarklyFlag) {
        guard depth < LaunchDarklyEvaluation.depthLimit, visitedFlags.insert(flag.key).inserted else { return }
        depth += 1
        defer { depth -= 1 }
        for prerequisite in flag.prerequisites {
            if let required = store.flags[prerequisite.key] { visit(required) }
        }
        for target in flag.targets + flag.contextTargets {
            kindsKeyed.insert(target.contextKind)
            reads.append(
                AttributeRead(
                    key: Self.key(kind: target.contextKind, "key"), typeHint: .text,
                    suggestions: Array(target.values.ordered.prefix(50)), rule: "individual targets",
                    location: target.location))
        }
        for (index, rule) in flag.rules.enumerated() {
            for clause in rule.clauses { visit(clause) }
            visit(rule.serve, rule: "rule \(index + 1)")
        }
        visit(flag.fallthrough, rule: "fallthrough")
    }

    private mutating func visit(_ serve: LaunchDarklyServe, rule: String) {
        guard case .rollout(let rollout) = serve else { return }
        let bucketBy = rollout.isExperiment ? nil : rollout.bucketBy
        let suffix = bucketBy?.deviceSuffix ?? "key"
        let words =
            "\(rule): \(rollout.isExperiment ? "experiment" : "percentage rollout") by \(LaunchDarklyEvaluation.bucketWords(bucketBy, kind: rollout.contextKind))"
        if suffix == "key" {
            kindsKeyed.insert(rollout.contextKind)
        } else {
            readKey(of: rollout.contextKind, rule: words, location: rollout.location)
        }
        reads.append(
            AttributeRead(
                key: Self.key(kind: rollout.contextKind, suffix), typeHint: .text, rule: words,
                location: rollout.location))
    }

    private mutating func visit(_ clause: LaunchDarklyClause) {
        if clause.knownOperator == .segmentMatch {
            guard case .segments(let keys) = clause.operand else { return }
            for key in keys {
                if let segment = store.segments[key] { visit(segment) }
            }
            return
        }
        guard clause.attribute.error == nil, !clause.attribute.isKind, !clause.attribute.pieces.isEmpty else { return }
        readKey(of: clause.contextKind, rule: clause.words, location: clause.location)
        var hint = clause.knownOperator?.typeHint
        if clause.knownOperator == .in {
            if clause.values.allSatisfy({ $0.launchDarklyNumber != nil }) {
                hint = .number
            } else if clause.values.allSatisfy({ if case .bool = $0 { return true } else { return false } }) {
                hint = .bool
            } else {
                hint = .text
            }
        }
        reads.append(
            AttributeRead(
                key: Self.key(kind: clause.contextKind, clause.attribute.deviceSuffix), typeHint: hint,
                suggestions: Array(clause.values.compactMap(\.launchDarklyText).prefix(50)), rule: clause.words,
                location: clause.location))
    }

    private mutating func visit(_ segment: LaunchDarklySegment) {
        guard depth < LaunchDarklyEvaluation.depthLimit, visitedSegments.insert(segment.key).inserted else { return }
        depth += 1
        defer { depth -= 1 }
        let rule = "segment \(TerminalText.capped(segment.key, limit: 80))"
        if !segment.included.isEmpty || !segment.excluded.isEmpty {
            kindsKeyed.insert("user")
            reads.append(
                AttributeRead(
                    key: Self.key(kind: "user", "key"), typeHint: .text,
                    suggestions: Array(segment.included.ordered.prefix(50)), rule: rule, location: segment.location))
        }
        for target in segment.includedContexts + segment.excludedContexts {
            kindsKeyed.insert(target.contextKind)
            reads.append(
                AttributeRead(
                    key: Self.key(kind: target.contextKind, "key"), typeHint: .text,
                    suggestions: Array(target.values.ordered.prefix(50)), rule: rule, location: segment.location))
        }
        for segmentRule in segment.rules {
            for clause in segmentRule.clauses { visit(clause) }
            if segmentRule.weight != nil {
                reads.append(
                    AttributeRead(
                        key: Self.key(
                            kind: segmentRule.rolloutContextKind, segmentRule.bucketBy?.deviceSuffix ?? "key"),
                        typeHint: .text, rule: "\(rule): a share of contexts", location: segmentRule.location))
            }
        }
    }
}
