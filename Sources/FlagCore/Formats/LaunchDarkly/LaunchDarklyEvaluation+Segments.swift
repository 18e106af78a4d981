/// How a segment clause was decided, for its step's note.
struct LaunchDarklySegmentMatch {
    /// Whether the context is in one of the segments.
    var matched: Bool
    /// Why, in words (only when tracing; `nil`: nothing to say).
    var why: String?
}

extension LaunchDarklyEvaluation {
    /// Whether the context is in one of the segments a `segmentMatch` clause names (a segment the
    /// file lacks is passed over), before `negate`.
    mutating func segmentMatch(_ clause: LaunchDarklyClause) throws(LaunchDarklyFailure) -> LaunchDarklySegmentMatch {
        guard case .segments(let keys) = clause.operand else { return LaunchDarklySegmentMatch(matched: false) }
        var missing: [String] = []
        var lastWhy: String?
        for key in keys {
            guard let segment = store.segments[key] else {
                if tracing { missing.append(key) }
                continue
            }
            let (matched, why) = try contains(segment)
            if tracing { lastWhy = "\(TerminalText.capped(key, limit: 80)): \(why)" }
            if matched { return LaunchDarklySegmentMatch(matched: true, why: lastWhy) }
        }
        guard tracing else { return LaunchDarklySegmentMatch(matched: false) }
        let absent =
            missing.isEmpty
            ? nil
            : "no segment " + missing.map { TerminalText.capped($0, limit: 80) }.joined(separator: ", ")
                + " in this file"
        return LaunchDarklySegmentMatch(
            matched: false, why: [lastWhy, absent].compactMap { $0 }.joined(separator: "; ").nilIfEmpty)
    }

    /// Whether the context is in `segment`, and why in words (empty when not tracing): included
    /// keys, then included keys of other kinds, excluded keys, excluded keys of other kinds, then
    /// the rules. A big segment's lists live in a store Flagscope does not have: only its rules
    /// are asked, as the SDKs do without a store, and `bigSegmentsStatus` says `NOT_CONFIGURED`.
    mutating func contains(_ segment: LaunchDarklySegment) throws(LaunchDarklyFailure) -> (Bool, String) {
        let entered = try enter(segment: true, key: segment.key, recurses: !segment.rules.isEmpty)
        defer { if entered { chain.removeLast() } }
        if let malformation = segment.malformation {
            throw LaunchDarklyFailure(kind: .malformedFlag, message: malformation)
        }
        if segment.unbounded {
            let store = "a big segment: its members are in a big-segment store, which Flagscope does not have"
            guard segment.generation != nil else {
                bigSegmentsStatus = "NOT_CONFIGURED"
                return (false, words(store + " (and it has no generation)"))
            }
            guard context.key(of: segment.unboundedContextKind, reads: &reads) != nil else {
                return (false, words(store + "; the context has no \(segment.unboundedContextKind) kind"))
            }
            bigSegmentsStatus = "NOT_CONFIGURED"
            let (matched, why) = try rulesMatch(segment)
            return (matched, words(store + "; " + why))
        }
        if let key = context.key(of: "user", reads: &reads), segment.included.contains(key) {
            return (true, "included by key")
        }
        for target in segment.includedContexts {
            if let key = context.key(of: target.contextKind, reads: &reads), target.values.contains(key) {
                return (true, words("included by \(target.contextKind) key"))
            }
        }
        if let key = context.key(of: "user", reads: &reads), segment.excluded.contains(key) {
            return (false, "excluded by key")
        }
        for target in segment.excludedContexts {
            if let key = context.key(of: target.contextKind, reads: &reads), target.values.contains(key) {
                return (false, words("excluded by \(target.contextKind) key"))
            }
        }
        return try rulesMatch(segment)
    }

    /// Whether one of the segment's rules matches: all its clauses, and with a weight, the
    /// context's bucket below it (a context without the rule's kind is not in).
    private mutating func rulesMatch(_ segment: LaunchDarklySegment) throws(LaunchDarklyFailure) -> (Bool, String) {
        rules: for (index, rule) in segment.rules.enumerated() {
            for clause in rule.clauses {
                guard try matches(clause) else { continue rules }
            }
            guard let weight = rule.weight else { return (true, words("rule \(index + 1) matches")) }
            let start = reads.count
            let ruleWords = {
                "segment \(TerminalText.capped(segment.key, limit: 80)) rule \(index + 1): \(Self.percent(weight))"
                    + " of contexts by \(Self.bucketWords(rule.bucketBy, kind: rule.rolloutContextKind))"
            }
            guard let key = context.key(of: rule.rolloutContextKind, reads: &reads) else {
                record(
                    ruleWords(), since: start, result: .bool(false), location: rule.location,
                    note: "the context has no \(rule.rolloutContextKind) kind: not in")
                continue
            }
            let bucket = try bucketValue(
                prefix: segment.key + "." + segment.salt, bucketBy: rule.bucketBy, kind: rule.rolloutContextKind,
                key: key)
            let inside = bucket < Double(weight) / 100_000
            record(
                ruleWords(), since: start, result: .bool(inside), location: rule.location,
                split: Self.weightSplit(bucket: bucket, weight: weight, inside: inside))
            if inside { return (true, words("rule \(index + 1) matches")) }
        }
        return (false, segment.rules.isEmpty ? "not listed, and no rules" : "no rule matches")
    }
}

extension LaunchDarklyEvaluation {
    /// A segment rule's weight as a split of contexts `in` and `out`.
    static func weightSplit(bucket: Double, weight: Int, inside: Bool) -> PercentageSplit {
        PercentageSplit(
            bucket: bucket * 100,
            shares: [
                .init(name: "in", weight: Double(weight), percent: Double(weight) / 1_000),
                .init(name: "out", weight: Double(100_000 - weight), percent: Double(100_000 - weight) / 1_000),
            ], chosen: inside ? "in" : "out")
    }

    /// `text` when tracing, else nothing (the words are not made).
    func words(_ text: @autoclosure () -> String) -> String {
        tracing ? text() : ""
    }
}

extension String {
    /// `nil` for empty text.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
