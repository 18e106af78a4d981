/// "Did you mean" suggestions: the closest candidate by edit distance, forgiving case and separators.
package enum Suggestion {
    /// The best candidate for `word`, or `nil` when none is close enough to be a likely typo.
    ///
    /// A swap of two neighbouring letters (`theem`, `alpah`) counts as one edit. A word without
    /// `/` is also compared with the last segment of keys (`theem` → `lab/theme`), since people
    /// type the name they see, not the whole path.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = normalized(word)
        let allowed = max(1, min(3, (target.count + 1) / 3))
        let comparesLeaves = !word.contains("/")
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            var distance = editDistance(target, normalized(candidate), limit: allowed)
            if comparesLeaves, distance > 0, let slash = candidate.lastIndex(of: "/") {
                let leaf = normalized(String(candidate[candidate.index(after: slash)...]))
                distance = min(distance, editDistance(target, leaf, limit: allowed))
            }
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= allowed else { return nil }
        return best.candidate
    }

    /// `"; did you mean 'x'?"` or an empty string; the candidate is escaped for a terminal
    /// (names come from files and may hold control characters).
    package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\(TerminalText.escaped($0))'?" } ?? ""
    }

    /// The hint followed by every valid name: `"; did you mean 'json'? Formats are json, plist, …"`,
    /// or `"; formats are json, plist, …"` when nothing is close. `kind` names the list (`formats`);
    /// `names` are listed when they differ from the candidates (spellings that are not shown).
    package static func hint(for word: String, in candidates: [String], listing kind: String, names: [String]? = nil)
        -> String
    {
        let shown = names ?? candidates
        guard !shown.isEmpty else { return "; there are no \(kind)" }
        let list = listed(shown)
        guard let best = closest(to: word, in: candidates) else { return "; \(kind) are \(list)" }
        return
            "; did you mean '\(TerminalText.escaped(best))'? \(kind.prefix(1).uppercased() + kind.dropFirst()) are \(list)"
    }

    /// Names joined with commas, the first `limit` of them then `…`, escaped for a terminal.
    package static func listed(_ names: [String], limit: Int = 20) -> String {
        names.prefix(limit).map(TerminalText.escaped).joined(separator: ", ") + (names.count > limit ? ", …" : "")
    }

    private static func normalized(_ word: String) -> [Character] {
        Array(word.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Edit distance where a swap of neighbours is one edit (optimal string alignment), with an
    /// early exit once every path exceeds `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if a == b { return 0 }
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            // The next row can still swap back from the row before this one, at one more edit.
            if Swift.min(rowMinimum, previousMinimum + 1) > limit { return limit + 1 }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
