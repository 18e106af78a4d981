extension LaunchDarklyEvaluation {
    /// What rule number `rule` (`nil`: the fallthrough) serves with `reason`: its variation, or
    /// the share of its rollout the context's bucket falls in (the last share when the weights
    /// add up to less than the bucket). Serving neither is `MALFORMED_FLAG`.
    mutating func serve(
        _ serve: LaunchDarklyServe, of flag: LaunchDarklyFlag, reason: LaunchDarklyReason, rule: Int?
    ) throws(LaunchDarklyFailure) -> LaunchDarklyDetail {
        let what = { rule.map { "rule \($0)" } ?? "fallthrough" }
        switch serve {
        case .variation(let index):
            return variation(index, of: flag, reason: reason)
        case .nothing:
            return .failure(.malformedFlag, "\(what()) serves neither a variation nor a rollout")
        case .rollout(let rollout):
            guard !rollout.variations.isEmpty else {
                return .failure(.malformedFlag, "\(what()) is a rollout with no variations")
            }
            let start = reads.count
            let key = context.key(of: rollout.contextKind, reads: &reads)
            var bucket = 0.0
            if let key {
                bucket = try bucketValue(
                    prefix: LaunchDarklyBucket.prefix(key: flag.key, salt: flag.salt, seed: rollout.seed),
                    bucketBy: rollout.isExperiment ? nil : rollout.bucketBy, kind: rollout.contextKind, key: key)
            }
            var sum = 0.0
            var chosen = rollout.variations[rollout.variations.count - 1]
            for share in rollout.variations {
                sum += Double(share.weight) / 100_000
                if bucket < sum {
                    chosen = share
                    break
                }
            }
            let inExperiment = rollout.isExperiment && key != nil && !chosen.untracked
            if tracing {
                recordSplit(
                    of: rollout, what: what(), bucket: bucket, chosen: chosen, hasKind: key != nil, since: start)
            }
            return variation(chosen.variation, of: flag, reason: reason.inExperiment(inExperiment))
        }
    }

    /// The bucket (0 ≤ b < 1) of the context of `kind` whose key is `key`: by `bucketBy` when
    /// given, else by key. An attribute that is unset or cannot be bucketed (not text nor a whole
    /// number) is bucket 0; a `bucketBy` the SDKs refuse is `MALFORMED_FLAG`.
    mutating func bucketValue(
        prefix: String, bucketBy: LaunchDarklyAttributeReference?, kind: String, key: String
    ) throws(LaunchDarklyFailure) -> Double {
        var identifier = key
        if let bucketBy {
            if let error = bucketBy.error {
                throw LaunchDarklyFailure(
                    kind: .malformedFlag,
                    message: "a rollout buckets by \(Self.quoted(bucketBy.text)), which the SDKs refuse: \(error)")
            }
            guard let value = context.value(of: bucketBy, kind: kind, key: key, reads: &reads),
                let text = LaunchDarklyBucket.identifier(of: value)
            else { return 0 }
            identifier = text
        }
        return LaunchDarklyBucket.value(prefix: prefix, id: identifier)
    }

    /// The step of a rollout: what it buckets by, the context's bucket and the whole split.
    private mutating func recordSplit(
        of rollout: LaunchDarklyRollout, what: String, bucket: Double, chosen: LaunchDarklyWeightedVariation,
        hasKind: Bool, since start: Int
    ) {
        let total = rollout.variations.reduce(0) { $0 + max($1.weight, 0) }
        func name(_ share: LaunchDarklyWeightedVariation) -> String {
            LaunchDarklyFlag.variant(share.variation) + (rollout.isExperiment && share.untracked ? " (untracked)" : "")
        }
        let split = PercentageSplit(
            bucket: bucket * 100,
            shares: rollout.variations.map { share in
                PercentageSplit.Share(
                    name: name(share), weight: Double(share.weight), percent: Double(share.weight) / 1_000)
            }, chosen: name(chosen))
        var notes: [String] = []
        if !hasKind { notes.append("the context has no \(rollout.contextKind) kind: bucket 0, not in the experiment") }
        if total != 100_000 { notes.append("the weights add up to \(Self.percent(total)), not 100%") }
        record(
            "\(what): \(Self.rolloutWords(rollout))",
            since: start, result: .bool(true), location: rollout.location, split: split,
            note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// A rollout in words: `percentage rollout by key`, `experiment by organization key`.
    static func rolloutWords(_ rollout: LaunchDarklyRollout) -> String {
        (rollout.isExperiment ? "experiment by " : "percentage rollout by ")
            + bucketWords(rollout.isExperiment ? nil : rollout.bucketBy, kind: rollout.contextKind)
    }

    /// What a rollout buckets by, in words: `key`, `organization key`, `email`.
    static func bucketWords(_ bucketBy: LaunchDarklyAttributeReference?, kind: String) -> String {
        let attribute = bucketBy.map { TerminalText.capped($0.text, limit: 60) } ?? "key"
        return kind == "user" ? attribute : "\(kind) \(attribute)"
    }

    /// A weight out of 100,000 as a percentage: `25%`, `33.333%`.
    static func percent(_ weight: Int) -> String {
        let percent = Double(weight) / 1_000
        if percent == percent.rounded() { return "\(Int(percent))%" }
        return LogicValue.number((percent * 1_000).rounded() / 1_000).json.compactText + "%"
    }
}

extension LaunchDarklyReason {
    /// The reason with `inExperiment` set (it applies to the fallthrough and rules).
    func inExperiment(_ inExperiment: Bool) -> LaunchDarklyReason {
        switch self {
        case .fallthrough: return .fallthrough(inExperiment: inExperiment)
        case .ruleMatch(let index, let id, _):
            return .ruleMatch(ruleIndex: index, ruleId: id, inExperiment: inExperiment)
        default: return self
        }
    }
}
