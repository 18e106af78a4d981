/// "Did you mean" suggestions: the closest candidate by edit distance, forgiving case and separators.
public enum Suggestion {
    /// The best candidate for `word`, or `nil` when none is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = normalized(word)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let normal = normalized(candidate)
            let distance = normal == target ? 0 : editDistance(target, normal, limit: 3)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(3, target.count / 3))
        return best.distance <= allowed ? best.candidate : nil
    }

    /// `"; did you mean 'x'?"` or an empty string; the candidate is escaped for a terminal
    /// (names come from files and may hold control characters).
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\(TerminalText.escaped($0))'?" } ?? ""
    }

    private static func normalized(_ word: String) -> [Character] {
        Array(word.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Levenshtein distance with an early exit once every path exceeds `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
