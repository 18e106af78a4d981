/// The parts of an evaluation that hash the device: filters, a force rule's range or coverage,
/// and an experiment's assignment (with sticky buckets), each as the SDK decides it.
extension GrowthBookEvaluation {
    /// `getHashAttribute`: the attribute's value when truthy; else, when given, the fallback
    /// attribute's. The attribute is read by its whole name, as the SDK reads `attributes[name]`.
    mutating func hashValue(_ attribute: String?, fallback: String? = nil) -> (attribute: String, value: JSONValue?) {
        let name = attribute ?? "id"
        let value = self.attribute(named: name)
        if GrowthBookCoercion.isTruthy(value) { return (name, value) }
        if let fallback {
            let other = self.attribute(named: fallback)
            if GrowthBookCoercion.isTruthy(other) { return (fallback, other) }
        }
        return (name, GrowthBookCoercion.isTruthy(value) ? value : nil)
    }

    /// Why the rule's filters leave the device out, or `nil` when they let it through.
    mutating func filteredOut(_ filters: [GrowthBookFilter]) throws(GrowthBookEvaluationError) -> String? {
        for filter in filters {
            try spend(filter.ranges.count + 1)
            let (attribute, value) = hashValue(filter.attribute)
            guard let value else { return "filtered out: \(attribute) is unset" }
            guard
                let n = GrowthBookBucketing.hash(
                    seed: filter.seed, value: GrowthBookCoercion.text(value), version: filter.hashVersion)
            else { return "filtered out: hash version \(GrowthBookCoercion.numberText(filter.hashVersion)) is unknown" }
            if !filter.ranges.contains(where: { $0.contains(n) }) {
                return "filtered out: \(attribute) hashes to \(GrowthBookWording.percent(n)) with seed "
                    + "\"\(filter.seed)\", outside the filter's ranges"
            }
        }
        return nil
    }

    /// Whether a force rule applies: its condition holds and the device is in its range or
    /// coverage (`n ≤ coverage`: a device at the very edge is in). Records the rule's step.
    mutating func forceApplies(_ rule: GrowthBookRule, of feature: GrowthBookFeature, since start: Int)
        throws(GrowthBookEvaluationError) -> Bool
    {
        // A local function, not a closure value: nothing is allocated unless a step is written.
        func words() -> String { GrowthBookWording.rule(rule, of: feature) }
        if let condition = rule.condition, try !holds(condition, on: .device) {
            let log = reads
            record(
                words(), since: start, result: false, location: rule.location,
                note: GrowthBookWording.unsetNote(log.reads(from: start)) ?? "the condition does not hold")
            return false
        }
        if rule.range == nil {
            guard let coverage = rule.coverage else {
                record(words(), since: start, result: true, location: rule.location)
                return true
            }
            if coverage == 0 {
                record(words(), since: start, result: false, location: rule.location, note: "coverage is 0 %")
                return false
            }
        }
        let fallback = stickyBuckets != nil && !rule.disableStickyBucketing ? rule.fallbackAttribute : nil
        let (attribute, value) = hashValue(rule.hashAttribute, fallback: fallback)
        guard let value else {
            record(
                words(), since: start, result: false, location: rule.location,
                note: RuleStep.unsetNote(ContextKeys.prefix + attribute))
            return false
        }
        let version = rule.hashVersion ?? 1
        guard
            let n = GrowthBookBucketing.hash(
                seed: rule.seed ?? feature.key, value: GrowthBookCoercion.text(value), version: version)
        else {
            record(
                words(), since: start, result: false, location: rule.location,
                note: "hash version \(GrowthBookCoercion.numberText(version)) is unknown")
            return false
        }
        let included = rule.range.map { $0.contains(n) } ?? (n <= (rule.coverage ?? 1))
        record(
            words(), since: start, result: included, location: rule.location,
            split: GrowthBookWording.rolloutSplit(rule, bucket: n, included: included))
        return included
    }

    /// `runExperiment` for an experiment rule: the variation the device gets, or `nil` when the
    /// SDK gives none at all (fewer than two variations, no hash attribute, an unknown hash
    /// version, a sticky bucket blocked by version). Records the rule's step.
    mutating func run(
        _ experiment: GrowthBookExperiment, rule: GrowthBookRule, of feature: GrowthBookFeature, since start: Int
    ) throws(GrowthBookEvaluationError) -> GrowthBookExperimentResult? {
        // A local function, not a closure value: nothing is allocated unless a step is written.
        func words() -> String { GrowthBookWording.rule(rule, of: feature) }
        func skip(_ note: @autoclosure () -> String) -> GrowthBookExperimentResult? {
            record(words(), since: start, result: false, location: rule.location, note: note())
            return nil
        }
        let count = experiment.variations.count
        guard count >= 2 else { return skip("skipped: an experiment has at least two variations") }
        try spend(count)
        let sticky = stickyBuckets != nil && !rule.disableStickyBucketing
        let (attribute, value) = hashValue(rule.hashAttribute, fallback: sticky ? rule.fallbackAttribute : nil)
        guard let value else {
            return skip(RuleStep.unsetNote(ContextKeys.prefix + attribute))
        }
        let experimentKey = experiment.key ?? feature.key
        var assigned: Int?
        var versionBlocked = false
        if sticky {
            (assigned, versionBlocked) = stickyVariation(experiment, key: experimentKey, rule: rule)
        }
        if assigned == nil {
            if rule.filters == nil, let namespace = experiment.namespace,
                !GrowthBookBucketing.inNamespace(GrowthBookCoercion.text(value), namespace)
            {
                return skip("not in the namespace \"\(namespace.id)\" share \(namespace.start)–\(namespace.end)")
            }
            if let condition = rule.condition, try !holds(condition, on: .device) {
                let log = reads
                return skip(GrowthBookWording.unsetNote(log.reads(from: start)) ?? "the condition does not hold")
            }
        }
        let version = rule.hashVersion ?? 1
        guard
            let n = GrowthBookBucketing.hash(
                seed: rule.seed ?? experimentKey, value: GrowthBookCoercion.text(value), version: version)
        else { return skip("hash version \(GrowthBookCoercion.numberText(version)) is unknown") }
        let ranges =
            experiment.ranges
            ?? GrowthBookBucketing.bucketRanges(count: count, coverage: rule.coverage, weights: experiment.weights)
        let stickyBucketUsed = assigned != nil
        if assigned == nil { assigned = GrowthBookBucketing.chooseVariation(n, ranges: ranges) }
        func split() -> PercentageSplit {
            GrowthBookWording.experimentSplit(experiment, ranges: ranges, bucket: n, chosen: assigned)
        }
        if versionBlocked {
            return skip("a sticky bucket of an older version of this experiment keeps the device out")
        }
        guard let index = assigned, index < count else {
            record(
                words(), since: start, result: false, location: rule.location, split: split(),
                note: "outside the experiment's coverage")
            return nil
        }
        let meta = experiment.meta.flatMap { index < $0.count ? $0[index] : nil }
        var result = GrowthBookExperimentResult(
            experimentKey: experimentKey, variationId: index,
            key: meta?.key.flatMap { $0.isEmpty ? nil : $0 } ?? String(index),
            name: meta?.name.flatMap { $0.isEmpty ? nil : $0 }, value: experiment.variations[index], inExperiment: true,
            hashUsed: true, hashAttribute: attribute, hashValue: value, bucket: n, stickyBucketUsed: stickyBucketUsed,
            passthrough: meta?.passthrough ?? false)
        if sticky {
            result.stickyAssignment = GrowthBookStickyAssignment(
                attributeName: attribute,
                attributeValue: GrowthBookCoercion.textValue(value) ?? GrowthBookCoercion.json(value),
                experimentKey: experimentKey + "__" + String(experiment.bucketVersion), variationKey: result.key)
        }
        record(
            words(), since: start, result: !result.passthrough, location: rule.location, split: split(),
            note: result.passthrough
                ? "variation \(index) passes through to the next rules"
                : stickyBucketUsed ? "kept in variation \(index) by a sticky bucket" : nil)
        return result
    }

    /// The variation a sticky bucket keeps the device in, and whether a bucket of a version
    /// below `minBucketVersion` keeps it out.
    private mutating func stickyVariation(_ experiment: GrowthBookExperiment, key: String, rule: GrowthBookRule)
        -> (variation: Int?, blocked: Bool)
    {
        let assignments = stickyAssignments(rule)
        for version in 0..<max(0, min(experiment.minBucketVersion, 10_000))
        where assignments[key + "__" + String(version)] != nil {
            return (nil, true)
        }
        guard let variationKey = assignments[key + "__" + String(experiment.bucketVersion)] else { return (nil, false) }
        let index = (experiment.meta ?? []).firstIndex { $0.key == variationKey }
        return (index, false)
    }

    /// The assignments saved for the device: the fallback attribute's document, then the hash
    /// attribute's over it, as the SDK merges them.
    private mutating func stickyAssignments(_ rule: GrowthBookRule) -> [String: String] {
        guard let stickyBuckets else { return [:] }
        let (name, value) = hashValue(rule.hashAttribute)
        let hashKey = GrowthBookStickyBucketDocument.key(name, Self.documentText(value))
        // Without a fallback attribute the SDK looks up `id` there.
        let (fallbackName, fallbackValue) = hashValue(rule.fallbackAttribute)
        var merged: [String: String] = [:]
        if let fallbackValue {
            let key = GrowthBookStickyBucketDocument.key(fallbackName, Self.documentText(fallbackValue))
            for (experiment, variation) in stickyBuckets.documents[key]?.assignments ?? [:] {
                merged[experiment] = variation
            }
        }
        for (experiment, variation) in stickyBuckets.documents[hashKey]?.assignments ?? [:] {
            merged[experiment] = variation
        }
        return merged
    }

    /// The SDK's `toString` of a hashed value for a sticky-bucket document: text as it is,
    /// anything else as JSON (a missing value is empty text).
    static func documentText(_ value: JSONValue?) -> String {
        guard let value else { return "" }
        return GrowthBookCoercion.textValue(value) ?? GrowthBookCoercion.json(value)
    }
}
