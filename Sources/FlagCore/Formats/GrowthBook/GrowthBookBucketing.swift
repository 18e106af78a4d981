/// GrowthBook's deterministic bucketing: the FNV-1a hash that places a device between 0 and 1,
/// the ranges an experiment's weights and coverage make, and namespaces. Bit for bit what the
/// spec's `hash`, `getBucketRange`, `chooseVariation`, `inNamespace` and `getEqualWeights` cases
/// pin, so a device gets the variation the SDKs give it.
package enum GrowthBookBucketing {
    /// FNV-1a, 32 bits, over the text's UTF-16 code units, as the reference SDK hashes a
    /// JavaScript string (a character outside the Basic Multilingual Plane is two units).
    package static func fnv1a32(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for unit in text.utf16 {
            hash ^= UInt32(unit)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    /// The device's position in [0, 1) for `seed` and the hashed attribute's text: version 2
    /// hashes the hash (unbiased, four decimals); version 1 hashes value then seed (three
    /// decimals, kept for old experiments). Any other version has no position (`nil`).
    package static func hash(seed: String, value: String, version: Double) -> Double? {
        if version == 2 {
            let first = fnv1a32(seed + value)
            return Double(fnv1a32(String(first)) % 10_000) / 10_000
        }
        if version == 1 {
            return Double(fnv1a32(value + seed) % 1_000) / 1_000
        }
        return nil
    }

    /// `n` equal weights, `1/n` each; none for `n ≤ 0`.
    package static func equalWeights(_ count: Int) -> [Double] {
        guard count > 0 else { return [] }
        return Array(repeating: 1 / Double(count), count: count)
    }

    /// The range of each variation: consecutive shares of [0, 1) by weight, each cut to its
    /// `coverage` part from its start. Coverage is clamped to [0, 1]; weights of another count
    /// than the variations, or not adding up to 1 (±0.01), are replaced by equal ones.
    package static func bucketRanges(count: Int, coverage: Double?, weights: [Double]?) -> [GrowthBookRange] {
        var coverage = coverage ?? 1
        if coverage < 0 { coverage = 0 } else if coverage > 1 { coverage = 1 }
        let equal = equalWeights(count)
        var shares = weights ?? equal
        if shares.count != count { shares = equal }
        let total = shares.reduce(0, +)
        if total < 0.99 || total > 1.01 { shares = equal }
        var cumulative = 0.0
        return shares.map { weight in
            let start = cumulative
            cumulative += weight
            return GrowthBookRange(start: start, end: start + coverage * weight)
        }
    }

    /// The first range holding `n`, or `nil` when none does (the device is outside coverage).
    package static func chooseVariation(_ n: Double, ranges: [GrowthBookRange]) -> Int? {
        ranges.firstIndex { $0.contains(n) }
    }

    /// Whether the hashed value falls in the namespace's share: hashed (version 1) with the
    /// namespace's id after `__`, within [start, end).
    package static func inNamespace(_ value: String, _ namespace: GrowthBookNamespace) -> Bool {
        guard let n = hash(seed: "__" + namespace.id, value: value, version: 1) else { return false }
        return n >= namespace.start && n < namespace.end
    }
}

/// A share of [0, 1): `start` included, `end` not.
package struct GrowthBookRange: Sendable, Hashable {
    /// Where the share starts (included).
    package var start: Double
    /// Where it ends (excluded).
    package var end: Double

    /// Creates a range.
    package init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    /// Whether `n` is in the range.
    package func contains(_ n: Double) -> Bool {
        n >= start && n < end
    }
}

/// A mutually exclusive group of experiments and this experiment's share of it.
package struct GrowthBookNamespace: Sendable, Hashable {
    /// The namespace's id.
    package var id: String
    /// Where the experiment's share starts (included).
    package var start: Double
    /// Where it ends (excluded).
    package var end: Double

    /// Creates a namespace share.
    package init(id: String, start: Double, end: Double) {
        self.id = id
        self.start = start
        self.end = end
    }
}
