import Foundation
import OrderedCollections

/// `flagscope rollout KEY --sample N`: how a key's percentage split shares out a sample of
/// generated devices, beside the weights the rules configure (docs/rules.md, percentage steps).
///
/// The split is found by evaluating the key's rule layers for the simulated device, top of the
/// stack first: the first layer whose trace has a percentage step (flagd `fractional`, an
/// Unleash rollout or variant weights, a Firebase `percent`) is sampled. The attribute that
/// step hashes is the first `context/*` key it read (or `--by`); every sampled device is this
/// device with that attribute set to a generated id, so the rest of the rules see the same
/// context and the same path through them.
package struct RolloutReport: Sendable {
    /// One share of the split: configured, and what the sample gave.
    package struct Share: Sendable, Hashable {
        /// The share's name as the rules write it (a variant, `on`/`off`, a condition).
        package var name: String
        /// Its configured part of the whole, 0–100.
        package var configured: Double
        /// How many sampled devices fell in it.
        package var count: Int
    }

    /// Why no report can be made.
    package struct RolloutError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, in a sentence.
        package var description: String
    }

    /// The flag sampled.
    package var key: String
    /// The provider whose rules split it.
    package var provider: String
    /// That provider's format name (`flagd`, `unleash`, `firebase`).
    package var format: String
    /// The percentage step in the source's own words.
    package var rule: String
    /// The `context/*` key each sampled device gets its own value of.
    package var attribute: String
    /// How many devices were sampled.
    package var sampleSize: Int
    /// Every share, in the order the rules configure them.
    package var shares: [Share]
    /// Sampled devices that fell in no share (or took another path through the rules).
    package var unmatched: Int
    /// This device's bucket and share; `nil` when it has none (the attribute is unset).
    package var device: PercentageSplit?
    /// What this device holds in `attribute` (`nil`: unset).
    package var deviceValue: JSONValue?

    /// The share of the sample that fell in `share`, 0–100.
    package func sampled(_ share: Share) -> Double {
        sampleSize > 0 ? Double(share.count) / Double(sampleSize) * 100 : 0
    }

    /// The largest distance, in percentage points, between a share's configured and sampled part.
    package var largestGap: Double {
        shares.map { abs($0.configured - sampled($0)) }.max() ?? 0
    }

    /// Samples `key` in `workspace` over `size` generated ids (the same ids for the same `seed`),
    /// in `attribute` when given (a `context/*` key, with or without the prefix).
    package static func sample(
        _ key: String, in workspace: Workspace, size: Int, attribute: String? = nil, seed: UInt64 = 0,
        now: Date = Date()
    ) throws(RolloutError) -> RolloutReport {
        guard let flag = workspace.definition(for: key) else {
            throw RolloutError(description: "unknown key '\(TerminalText.escaped(key))'")
        }
        let resolver = Resolver(workspace: workspace, now: now)
        let context = resolver.evaluationContext()
        var withRules: [String] = []
        for provider in workspace.providers where provider.status == .loaded {
            let name = provider.config.name
            guard !flag.excludedProviders.contains(name), let rules = provider.entries[key]?.rules else { continue }
            withRules.append(name)
            if let problem = rules.engine.rolloutProblem(key: key, provider: name) {
                throw RolloutError(description: problem)
            }
            let forced = attribute.map { $0.hasPrefix(ContextKeys.prefix) ? $0 : ContextKeys.prefix + $0 }
            guard let found = split(of: rules, in: context, forcing: forced) else {
                // Said at once: sampling another attribute than the one hashed means nothing.
                if let forced, let probe = probe(rules, in: context, workspace: workspace), let hashed = probe.hashed,
                    !probe.reads.contains(forced)
                {
                    throw RolloutError(description: mismatch(key, name, hashed: hashed, forced: forced, probe: probe))
                }
                continue
            }
            if let forced, let hashed = found.hashed, !found.reads.contains(forced) {
                let probe = SplitProbe(rule: found.rule, hashed: hashed, reads: found.reads, needs: [])
                throw RolloutError(description: mismatch(key, name, hashed: hashed, forced: forced, probe: probe))
            }
            return tally(
                key: key, provider: provider, rules: rules, found: found, context: context, size: size, seed: seed)
        }
        // The attributes the rules read and the device lacks are what QA would set to reach a split.
        let unset =
            Resolver(workspace: workspace, now: now).resolve(key)?.layers.compactMap(\.rules)
            .flatMap(\.reads).filter { $0.value == nil }.map(\.key) ?? []
        let reading = unset.isEmpty ? "" : " (they read \(Array(Set(unset)).sorted().joined(separator: ", ")), unset)"
        // What a device would need to reach a split, and what it hashes: QA's next step.
        let reachable = workspace.providers.lazy.compactMap { provider -> String? in
            guard withRules.contains(provider.config.name), let rules = provider.entries[key]?.rules,
                let probe = probe(rules, in: context, workspace: workspace), let hashed = probe.hashed
            else { return nil }
            let needs = probe.needs.map { "\($0.key) = \(TerminalText.escaped($0.value))" }.joined(separator: ", ")
            let option = probe.needs.map {
                "--context " + ShellWord.quoted("\($0.key.dropFirst(ContextKeys.prefix.count))=\($0.value)")
            }.joined(separator: " ")
            return
                "; with \(needs) a device reaches the split in \(provider.config.name) (\(TerminalText.escaped(probe.rule))), which hashes \(hashed): try \(TerminalText.escaped(option))"
        }.first
        let scope =
            withRules.isEmpty
            ? "no layer has rules for it"
            : "the rules of \(withRules.joined(separator: ", ")) reach no percentage split for this device\(reading)\(reachable ?? "")"
        throw RolloutError(description: "'\(TerminalText.escaped(key))' has no percentage rollout: \(scope)")
    }

    /// `--by` names an attribute the split does not hash: what it hashes instead, and how to sample it.
    private static func mismatch(_ key: String, _ provider: String, hashed: String, forced: String, probe: SplitProbe)
        -> String
    {
        let bare = String(hashed.dropFirst(ContextKeys.prefix.count))
        let needs =
            probe.needs.isEmpty
            ? ""
            : " (reached with \(probe.needs.map { "\($0.key) = \(TerminalText.escaped($0.value))" }.joined(separator: ", ")))"
        return
            "the split of '\(TerminalText.escaped(key))' in \(provider) (\(TerminalText.escaped(probe.rule)))\(needs) hashes \(hashed), not \(forced): devices that differ only in \(forced) all fall in one share; sample it with --by \(bare), or without --by"
    }

    /// A split found by giving the attributes the rules read and the device lacks a value: the
    /// rule, the attribute it hashes, and the other attributes it needed.
    private struct SplitProbe {
        var rule: String
        var hashed: String?
        var reads: [String]
        var needs: [(key: String, value: String)]
    }

    /// The split `rules` reach once the attributes they read unset are given values: first a
    /// value the rules compare the attribute with (`environment` IN `testflight`), else a
    /// generated id, a few rounds deep (a constraint that passes reads the next attribute).
    /// Only for saying what a device would need; the sample itself is always this device's.
    private static func probe(_ rules: CompiledRules, in context: EvaluationContext, workspace: Workspace)
        -> SplitProbe?
    {
        var device = context
        var ids = SampleIDs(seed: 0)
        var given: [(key: String, value: String)] = []
        for _ in 0..<8 {
            if let found = rules.engine.rolloutSplit(in: device) {
                let needs = given.filter { $0.key != found.attribute }
                return SplitProbe(rule: found.rule, hashed: found.attribute, reads: found.reads, needs: needs)
            }
            let unset = rules.evaluate(in: device).trace.reads.filter {
                $0.value == nil && $0.key != ContextKeys.now && !given.map(\.key).contains($0.key)
            }
            guard !unset.isEmpty else { return nil }
            for read in unset {
                let value = workspace.ruleAttribute(read.key)?.suggestions.first ?? ids.next()
                device.attributes[String(read.key.dropFirst(ContextKeys.prefix.count))] = .string(value)
                given.append((read.key, value))
            }
        }
        return nil
    }

    /// A split found in a layer's rules: its step, the attribute sampled, the one the rules say
    /// it hashes (when they say), and this device's place.
    private struct FoundSplit {
        var rule: String
        var split: PercentageSplit
        var attribute: String
        var hashed: String?
        var reads: [String]
        var device: PercentageSplit?
    }

    /// The split `rules` reach for `context`. When they reach none, an attribute they read and
    /// the device does not set may be what the split needs (no targeting key, no user id): each
    /// such attribute is given a generated id in turn, and the first that leads to a split is
    /// the one sampled, this device then having no bucket.
    private static func split(of rules: CompiledRules, in context: EvaluationContext, forcing forced: String?)
        -> FoundSplit?
    {
        let now = ContextKeys.now
        if let found = rules.engine.rolloutSplit(in: context) {
            guard let sampled = forced ?? found.attribute else { return nil }
            return FoundSplit(
                rule: found.rule, split: found.split, attribute: sampled, hashed: found.attribute, reads: found.reads,
                device: found.placesDevice ? found.split : nil)
        }
        var ids = SampleIDs(seed: 0)
        let unset = rules.evaluate(in: context).trace.reads.filter { $0.value == nil && $0.key != now }.map(\.key)
        for key in forced.map({ [$0] }) ?? unset {
            var probe = context
            probe.attributes[String(key.dropFirst(ContextKeys.prefix.count))] = .string(ids.next())
            if let found = rules.engine.rolloutSplit(in: probe) {
                return FoundSplit(
                    rule: found.rule, split: found.split, attribute: key, hashed: found.attribute, reads: found.reads,
                    device: nil)
            }
        }
        return nil
    }

    private static func tally(
        key: String, provider: ProviderData, rules: CompiledRules, found: FoundSplit, context: EvaluationContext,
        size: Int, seed: UInt64
    ) -> RolloutReport {
        // A name may repeat in a split (two flagd buckets of one variant): they are one share.
        var configured = OrderedDictionary<String, Double>()
        for share in found.split.shares { configured[share.name, default: 0] += share.percent }
        var counts = [String: Int]()
        var unmatched = 0
        let name = String(found.attribute.dropFirst(ContextKeys.prefix.count))
        var ids = SampleIDs(seed: seed)
        for _ in 0..<max(size, 0) {
            var device = context
            device.attributes[name] = .string(ids.next())
            if let chosen = rules.engine.rolloutShare(of: rules.evaluate(in: device).trace), configured[chosen] != nil {
                counts[chosen, default: 0] += 1
            } else {
                unmatched += 1
            }
        }
        let deviceValue = context.value(at: name.split(separator: "/").map(String.init))
        return RolloutReport(
            key: key, provider: provider.config.name, format: provider.config.format.name, rule: found.rule,
            attribute: found.attribute, sampleSize: max(size, 0),
            shares: configured.map { Share(name: $0.key, configured: $0.value, count: counts[$0.key] ?? 0) },
            unmatched: unmatched, device: found.device, deviceValue: deviceValue)
    }
}

/// Generated device ids: version-4-shaped UUID text from a SplitMix64 sequence, so a sample is
/// the same from run to run and looks like the installation ids and user ids apps send.
struct SampleIDs {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> String {
        let high = nextWord()
        let low = nextWord()
        let hex = String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16)
        let characters = Array(hex)
        func part(_ range: Range<Int>) -> String { String(characters[range]) }
        return "\(part(0..<8))-\(part(8..<12))-4\(part(13..<16))-a\(part(17..<20))-\(part(20..<32))"
    }

    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
