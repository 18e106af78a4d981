/// The split a Remote Config parameter makes among devices that differ only in their
/// installation id: what `flagscope rollout` sets beside the shares it samples.
extension FirebaseParameter {
    /// Each condition with a value for this parameter, in template order, takes the buckets its
    /// `percent` elements admit that no earlier condition took; `default` takes the rest. A
    /// condition whose other elements are false for `context` takes none, one without `percent`
    /// takes every bucket left. `nil` when no condition has a `percent` element, or when they
    /// use different seeds (their buckets are then independent and no exact split exists).
    func rolloutSplit(in context: EvaluationContext) -> RolloutSplit? {
        let space: Int64 = 100_000_000
        var remaining = BucketSet(lower: -1, upper: space - 1)
        var seeds: Set<String> = []
        var usesPercent = false
        var shares: [PercentageSplit.Share] = []
        var ignored = ReadLog()
        ignored.isRecording = false
        for conditional in conditionalValues {
            let condition = conditions[conditional.conditionIndex]
            guard condition.problem == nil else { return nil }
            var admitted = BucketSet(lower: -1, upper: space - 1)
            var holds = true
            for clause in condition.clauses {
                if case .percent(let seed, let lower, let upper) = clause.test {
                    usesPercent = true
                    seeds.insert(seed ?? "")
                    admitted = admitted.intersection(lower: lower, upper: upper)
                } else if !clause.test.evaluate(in: context, reads: &ignored).matched {
                    holds = false
                }
            }
            let taken = holds ? remaining.intersection(admitted) : BucketSet()
            remaining = remaining.subtracting(taken)
            shares.append(Self.share(condition.name, taken.count, of: space))
        }
        guard usesPercent, seeds.count == 1 else { return nil }
        shares.append(Self.share("default", remaining.count, of: space))
        let key = ContextKeys.prefix + "firebase_installation_id"
        let id = context.value(at: ["firebase_installation_id"])
        var split = PercentageSplit(bucket: 0, shares: shares.filter { $0.percent > 0 }, chosen: nil)
        if let id {
            let text: String
            if case .string(let string) = id { text = string } else { text = id.compactText(limit: 1_000) }
            split.bucket =
                Double(FirebasePercent.microPercentile(of: text, seed: seeds.first.flatMap { $0.isEmpty ? nil : $0 }))
                / 1_000_000
            split.chosen = evaluate(in: context, tracing: false).trace.variant
        }
        let names = conditionalValues.map { conditions[$0.conditionIndex].name }
        return RolloutSplit(
            rule: "conditions \(names.joined(separator: ", ")), then default", split: split, attribute: key,
            reads: [key], placesDevice: id != nil)
    }

    /// The condition a device with this trace got its value from: each is a share of the split.
    func rolloutShare(of trace: RuleTrace) -> String? { trace.variant }

    /// `percent` conditions with different seeds bucket a device independently: no one split.
    func rolloutProblem(key: String, provider: String) -> String? {
        guard percentSeeds.count > 1 else { return nil }
        let seeds = percentSeeds.map { $0.isEmpty ? "no seed" : "'\($0)'" }.joined(separator: ", ")
        return
            "the percent conditions of '\(TerminalText.escaped(key))' in \(provider) use different seeds (\(TerminalText.escaped(seeds))): their buckets are independent, so they make no one split to sample"
    }

    /// The seeds of the `percent` elements of the conditions this parameter has values for, in
    /// order, each once (`""` for no seed).
    private var percentSeeds: [String] {
        var seeds: [String] = []
        for conditional in conditionalValues {
            for clause in conditions[conditional.conditionIndex].clauses {
                if case .percent(let seed, _, _) = clause.test, !seeds.contains(seed ?? "") { seeds.append(seed ?? "") }
            }
        }
        return seeds
    }

    private static func share(_ name: String, _ count: Int64, of space: Int64) -> PercentageSplit.Share {
        let percent = Double(count) / Double(space) * 100
        return PercentageSplit.Share(name: name, weight: percent, percent: percent)
    }
}

/// A set of buckets as disjoint ranges `lower < bucket ≤ upper`, in order.
private struct BucketSet {
    private var ranges: [(lower: Int64, upper: Int64)] = []

    init() {}

    init(lower: Int64, upper: Int64) {
        if lower < upper { ranges = [(lower, upper)] }
    }

    /// How many buckets.
    var count: Int64 { ranges.reduce(0) { $0 + ($1.upper - $1.lower) } }

    func intersection(lower: Int64, upper: Int64) -> BucketSet {
        var result = BucketSet()
        for range in ranges {
            let from = max(range.lower, lower)
            let to = min(range.upper, upper)
            if from < to { result.ranges.append((from, to)) }
        }
        return result
    }

    func intersection(_ other: BucketSet) -> BucketSet {
        var result = BucketSet()
        for range in other.ranges { result.ranges += intersection(lower: range.lower, upper: range.upper).ranges }
        result.ranges.sort { $0.lower < $1.lower }
        return result
    }

    func subtracting(_ other: BucketSet) -> BucketSet {
        var result = self
        for cut in other.ranges {
            result.ranges = result.ranges.flatMap { range -> [(lower: Int64, upper: Int64)] in
                guard cut.lower < range.upper, range.lower < cut.upper else { return [range] }
                var pieces: [(lower: Int64, upper: Int64)] = []
                if range.lower < cut.lower { pieces.append((range.lower, cut.lower)) }
                if cut.upper < range.upper { pieces.append((cut.upper, range.upper)) }
                return pieces
            }
        }
        return result
    }
}
