extension UnleashEvaluation {
    /// The variant of `variants` for this context, as the SDKs choose: the first whose override
    /// names this context's value; else the weighted split of `groupId:<stickiness value>`
    /// (MurmurHash3, the variant seed) over the total weight. `nil` when there is nothing to
    /// choose (no variants, or all weights zero).
    mutating func choose(among variants: [UnleashVariant], groupId: String, stickiness: String?)
        -> UnleashVariantResult?
    {
        guard !variants.isEmpty else { return nil }
        if let overridden = overriddenVariant(among: variants) { return result(overridden) }
        let total = variants.reduce(0) { $0 + max($1.weight, 0) }
        guard total > 0 else { return nil }
        let start = reads.count
        // One variant holds all the weight: every bucket falls in it, so no context is read
        // (and a device without a user id does not see a random bucket it does not depend on).
        let weighted = variants.filter { $0.weight > 0 }
        if weighted.count == 1 {
            let only = weighted[0]
            record(
                "variant \(Self.quoted(only.name)): the only one with weight", since: start, result: true,
                note: variants.count > 1 ? "the others weigh 0" : nil)
            return result(only)
        }
        let stickiness = stickiness.flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let (identifier, note) = variantIdentifier(stickiness: stickiness)
        let target = UnleashHashing.normalized(
            identifier, groupId: groupId, normalizer: UInt32(clamping: total), seed: UnleashHashing.variantSeed)
        var counter = 0
        var chosen = variants[variants.count - 1]
        for variant in variants {
            counter += max(variant.weight, 0)
            if counter >= Int(target) {
                chosen = variant
                break
            }
        }
        if variants.count > 1 { splitDecided = true }
        if tracing {
            record(
                "variant by weight, stickiness \(stickiness), groupId \(Self.quoted(groupId))", since: start,
                result: true, split: Self.split(of: variants, total: total, target: target, chosen: chosen), note: note)
        }
        return result(chosen)
    }

    /// The first variant whose override names this context's value, recorded; `nil` when none
    /// does.
    private mutating func overriddenVariant(among variants: [UnleashVariant]) -> UnleashVariant? {
        for variant in variants {
            for override in variant.overrides {
                let start = reads.count
                guard let value = UnleashContextFields.text(override.contextName, in: context, reads: &reads),
                    override.values.contains(value)
                else { continue }
                record(
                    "variant override: \(TerminalText.capped(override.contextName, limit: 60)) IN \(Self.shown(override.values))",
                    since: start, result: true,
                    note: "gives variant \"\(TerminalText.capped(variant.name, limit: 80))\"")
                return variant
            }
        }
        return nil
    }

    /// What the weighted split hashes for `stickiness`, and a note when it is a random draw.
    private mutating func variantIdentifier(stickiness: String) -> (identifier: String, note: String?) {
        switch stickiness {
        case "default":
            // yggdrasil's default: the user, else the session; the address is not read.
            if let found = UnleashContextFields.text("userId", in: context, reads: &reads)
                ?? UnleashContextFields.text("sessionId", in: context, reads: &reads)
            {
                return (found, nil)
            }
            return (UnleashRandomDraw.identifier, "userId and sessionId are unset: random, drawn once for this run")
        case "random":
            return (UnleashRandomDraw.identifier, "random: drawn once for this run")
        default:
            if let found = UnleashContextFields.text(stickiness, in: context, reads: &reads) { return (found, nil) }
            return (UnleashRandomDraw.identifier, "\(stickiness) is unset: random, drawn once for this run")
        }
    }

    /// The weighted split as the trace shows it: each variant's share (fixed ones marked) and
    /// the bucket `target` fell in.
    private static func split(of variants: [UnleashVariant], total: Int, target: UInt32, chosen: UnleashVariant)
        -> PercentageSplit
    {
        PercentageSplit(
            bucket: Double(target - 1) / Double(total) * 100,
            shares: variants.map { variant in
                let weight = max(variant.weight, 0)
                let fixed = variant.weightType == "fix" ? " (fixed)" : ""
                return PercentageSplit.Share(
                    name: TerminalText.capped(variant.name, limit: 60) + fixed, weight: Double(weight),
                    percent: Double(weight) / Double(total) * 100)
            }, chosen: TerminalText.capped(chosen.name, limit: 60) + (chosen.weightType == "fix" ? " (fixed)" : ""))
    }

    private func result(_ variant: UnleashVariant) -> UnleashVariantResult {
        UnleashVariantResult(name: variant.name, enabled: true, featureEnabled: true, payload: variant.payload)
    }
}
