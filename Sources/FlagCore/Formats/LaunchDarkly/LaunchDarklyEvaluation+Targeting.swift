extension LaunchDarklyEvaluation {
    /// The key of the first prerequisite that does not hold (it is missing, off, or serves another
    /// variation), or `nil` when all hold. Each is evaluated in full, as the SDKs do; its own
    /// steps stay out of this trace, its reads are the step's.
    mutating func failedPrerequisite(of flag: LaunchDarklyFlag) throws(LaunchDarklyFailure) -> String? {
        for prerequisite in flag.prerequisites {
            let start = reads.count
            func words(holding: Bool) -> String {
                let shown = TerminalText.capped(prerequisite.key, limit: 80)
                return holding
                    ? "prerequisite \(shown) is variation \(prerequisite.variation)"
                    : "prerequisite \(shown) is not variation \(prerequisite.variation): fails"
            }
            guard let required = store.flags[prerequisite.key] else {
                record(
                    words(holding: false), since: start, result: .bool(false), location: prerequisite.location,
                    note: "no flag \(TerminalText.capped(prerequisite.key, limit: 80)) in this file")
                return prerequisite.key
            }
            let outer = steps.count
            let served = try evaluate(required).variationIndex
            steps.removeSubrange(outer...)
            guard required.on, served == prerequisite.variation else {
                record(
                    words(holding: false), since: start, result: .bool(false), location: prerequisite.location,
                    note: !required.on
                        ? "it is off" : served.map { "it serves variation \($0)" } ?? "it serves no variation")
                return prerequisite.key
            }
            record(words(holding: true), since: start, result: .bool(true), location: prerequisite.location)
        }
        return nil
    }

    /// The variation of the individual target the context's key is listed in, if any. Targets by
    /// kind come first when the flag has them (a user entry without keys stands for the `targets`
    /// entry of its variation); a flag without them lists user keys in `targets` alone.
    mutating func targetVariation(of flag: LaunchDarklyFlag) -> Int? {
        guard !flag.targets.isEmpty || !flag.contextTargets.isEmpty else { return nil }
        let start = reads.count
        // The kinds' keys looked up, for the step that says none is listed.
        var checked: [(kind: String, key: String)] = []
        var chosen: (target: LaunchDarklyTarget, kind: String, key: String)?
        if flag.contextTargets.isEmpty {
            if let key = context.key(of: "user", reads: &reads) {
                if tracing { checked.append(("user", key)) }
                if let target = flag.targets.first(where: { $0.values.contains(key) }) {
                    chosen = (target, "user", key)
                }
            }
        } else {
            for target in flag.contextTargets {
                guard let key = context.key(of: target.contextKind, reads: &reads) else { continue }
                if tracing, !checked.contains(where: { $0.kind == target.contextKind }) {
                    checked.append((target.contextKind, key))
                }
                var list = target
                if target.contextKind == "user", target.values.isEmpty {
                    guard let users = flag.targets.first(where: { $0.variation == target.variation }) else { continue }
                    list = users
                }
                if list.values.contains(key) {
                    chosen = (list, target.contextKind, key)
                    break
                }
            }
        }
        func shown(_ kind: String, _ key: String) -> String {
            (kind == "user" ? "key " : "\(kind) key ") + TerminalText.capped(key, limit: 80)
        }
        if let chosen {
            record(
                "individual target: \(shown(chosen.kind, chosen.key))", since: start, result: .bool(true),
                location: chosen.target.location, note: "serves \(LaunchDarklyFlag.variant(chosen.target.variation))")
            return chosen.target.variation
        }
        record(
            checked.isEmpty
                ? "individual targets: the context has none of their kinds"
                : "individual targets: \(checked.map { shown($0.kind, $0.key) }.joined(separator: ", ")) is not listed",
            since: start, result: .bool(false))
        return nil
    }
}
