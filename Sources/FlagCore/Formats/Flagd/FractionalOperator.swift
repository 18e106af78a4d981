/// flagd's `fractional`: a deterministic percentage split.
///
/// `[bucketing value?, [variant, weight?], …]`. The bucketing value, when the first argument is
/// not a bucket, is hashed as deterministic CBOR (any JSON type; `null` gives `null`); without
/// one, the pair `[flag key, targeting key]` is (the targeting key must be text). The 32-bit
/// MurmurHash3 of those bytes, times the total weight, shifted right 32 bits, falls in one
/// bucket (flagd-testbed `@fractional-v3`). A bucket's variant may be text, a bool, a number or
/// `null`; weights are whole numbers (default 1) and a negative one counts as 0, as flagd has it.
enum FractionalOperator: JsonLogicCustomOperator {
    static let name = "fractional"

    /// The largest total weight flagd accepts.
    static let maximumTotalWeight = Int64(Int32.max)

    /// `[bucketing rule?, [variant, weight]…]`: whole, non-negative weights or rules, adding up
    /// to at most 2³¹ − 1, as flagd's schema says.
    static func check(_ arguments: SourceNode, shown: () -> String, report: (String, TextLocation?) -> Void) {
        guard let items = arguments.sequence, let first = items.first else {
            report("\(shown()) takes a list of [variant, weight] buckets", arguments.location)
            return
        }
        var buckets = items[...]
        if first.mapping != nil {
            buckets = items.dropFirst()
        } else if first.sequence == nil {
            report(
                "\(shown()) starts with a rule that gives the bucketing value, or with a bucket; found \(FlagdSchema.shownValue(first))",
                first.location)
            buckets = items.dropFirst()
        }
        var total = 0.0
        for bucket in buckets {
            guard let parts = bucket.sequence, (1...2).contains(parts.count) else {
                report(
                    "each bucket of \(shown()) is [variant] or [variant, weight], found \(FlagdSchema.shownValue(bucket))",
                    bucket.location)
                continue
            }
            guard parts.count == 2 else {
                total += 1
                continue
            }
            let weight = parts[1]
            if weight.mapping != nil { continue }
            guard FlagdSchema.isNumber(weight), let value = weight.scalarText.flatMap(PlainScalar.number) else {
                report(
                    "a weight of \(shown()) must be a whole number or a rule, found \(FlagdSchema.shownValue(weight))",
                    weight.location)
                continue
            }
            if value != value.rounded() {
                report(
                    "a weight of \(shown()) must be a whole number, found \(weight.scalarText ?? "")", weight.location)
            } else if value < 0 {
                report("a weight of \(shown()) must not be negative, found \(weight.scalarText ?? "")", weight.location)
            } else {
                total += value
            }
        }
        if total > Double(Int32.max) {
            report("the weights of \(shown()) add up to more than \(Int32.max)", arguments.location)
        }
    }

    /// The bucketing value is text (the targeting key, or what the first rule gives).
    static func comparison(ofArgument position: Int) -> AttributeTypeHint? { position == 0 ? .text : nil }

    /// Without a bucketing value first, flagd hashes the flag key with the targeting key.
    static func implicitReads(_ arguments: [JsonLogicRule]) -> [String] {
        switch arguments.first {
        case .list?, .values?: return ["targetingKey"]
        default: return []
        }
    }

    static var implicitNames: [String] { ["targetingKey"] }

    static func evaluate(_ arguments: LogicValue, in evaluation: inout JsonLogicEvaluation) -> CustomOperatorResult {
        guard let items = arguments.arrayItems, let first = items.first else {
            return CustomOperatorResult(value: .null, note: "fractional takes a list of [variant, weight] buckets")
        }
        // What is hashed: the bucketing value, or (the usual case) the flag key and targeting key.
        let hashed: [UInt8]
        var buckets = items[...]
        switch first {
        case .array:
            let targetingKey = evaluation.targetingKey()
            guard case .string(let key) = targetingKey, !key.isEmpty else {
                let why =
                    targetingKey.isNull
                    ? "no targeting key is set" : "the targeting key is \(targetingKey.kindName), not text"
                return CustomOperatorResult(value: .null, note: "fractional: \(why)")
            }
            hashed = DeterministicCBOR.encode(texts: evaluation.flagKey, key)
        case .null:
            return CustomOperatorResult(value: .null, note: "fractional: the bucketing value is null")
        default:
            hashed = DeterministicCBOR.encode(first)
            buckets = items.dropFirst()
        }
        // The buckets are read in place, twice (the total, then the share the device falls in),
        // without making a list of them: a bulk resolve evaluates a split for every such flag.
        var total: Int64 = 0
        if let problem = forEachShare(buckets, { _, weight in total += weight }) {
            return CustomOperatorResult(value: .null, note: "fractional: \(problem.message)")
        }
        let hash = MurmurHash3.hash32(hashed)
        var chosen: (index: Int, variant: LogicValue)?
        if total > 0 {
            let bucket = (UInt64(hash) * UInt64(total)) >> 32
            var end: UInt64 = 0
            var index = 0
            _ = forEachShare(buckets) { variant, weight in
                guard chosen == nil else { return }
                end += UInt64(weight)
                if bucket < end { chosen = (index, variant) }
                index += 1
            }
        }
        // The split is shown only in a trace: a bulk resolve does not name every share.
        let split =
            evaluation.isTracing
            ? (try? parse(buckets).get())?.trace(bucket: Double(hash) / 4_294_967_296 * 100, chosen: chosen?.index)
            : nil
        guard total > 0 else {
            return CustomOperatorResult(value: .null, note: "fractional: every weight is 0", split: split)
        }
        return CustomOperatorResult(value: chosen?.variant ?? .null, split: split)
    }

    /// The buckets, read.
    struct Split {
        struct Share {
            var variant: LogicValue
            var weight: Int64

            /// The variant's name in the trace.
            var name: String { VariantName.of(variant) ?? "null" }
        }

        var shares: [Share] = []
        var total: Int64 = 0

        /// The split as the trace shows it, the device at `bucket` percent, in the share at `chosen`.
        func trace(bucket: Double, chosen: Int?) -> PercentageSplit {
            PercentageSplit(
                bucket: bucket,
                shares: shares.map { share in
                    PercentageSplit.Share(
                        name: share.name, weight: Double(share.weight),
                        percent: total > 0 ? Double(share.weight) / Double(total) * 100 : 0)
                }, chosen: chosen.map { shares[$0].name })
        }
    }

    /// Reads the buckets as flagd does: a bucket is a list of one or two items; its variant
    /// text, a bool, a number or `null`; its weight a whole number or `null` (1).
    static func parse(_ buckets: ArraySlice<LogicValue>) -> Result<Split, RuleEvaluationError> {
        var split = Split()
        split.shares.reserveCapacity(buckets.count)
        let problem = forEachShare(buckets) { variant, weight in
            split.total += weight
            split.shares.append(Split.Share(variant: variant, weight: weight))
        }
        return problem.map { .failure($0) } ?? .success(split)
    }

    /// Reads the buckets as ``parse(_:)`` does, handing each bucket's variant and weight (a
    /// negative weight as 0) to `body` in order; gives what is wrong with the first bucket flagd
    /// cannot read, or with their total, after the buckets before it.
    static func forEachShare(_ buckets: ArraySlice<LogicValue>, _ body: (LogicValue, Int64) -> Void)
        -> RuleEvaluationError?
    {
        var total: Int64 = 0
        for bucket in buckets {
            guard let parts = bucket.arrayItems else {
                return RuleEvaluationError("each bucket is a [variant, weight] list")
            }
            guard let variant = parts.first else { return RuleEvaluationError("a bucket is empty") }
            switch variant {
            case .array, .object: return RuleEvaluationError("a bucket's variant is \(variant.kindName)")
            default: break
            }
            var weight: Int64 = 1
            if parts.count >= 2 {
                switch parts[1] {
                case .null: break
                case .number(let number):
                    guard number == number.rounded(.towardZero), abs(number) < 9.2e18 else {
                        return RuleEvaluationError("a weight is not a whole number")
                    }
                    weight = Int64(number)
                default:
                    return RuleEvaluationError("a weight is \(parts[1].kindName), not a number")
                }
            }
            guard weight <= maximumTotalWeight else {
                return RuleEvaluationError("a weight is more than \(maximumTotalWeight)")
            }
            // A computed rollout can go below zero: flagd counts it as 0 rather than failing.
            weight = max(weight, 0)
            total += weight
            body(variant, weight)
        }
        guard total <= maximumTotalWeight else {
            return RuleEvaluationError("the weights add up to more than \(maximumTotalWeight)")
        }
        return nil
    }
}
