/// Which match of how many the selection is, for the search's counter (`2/7`).
package struct MatchCount: Sendable, Equatable {
    /// 1-based; 0 when the selection is not one of the matches (or, past ``countLimit``, not counted).
    package var current: Int
    /// Matches that can be shown (hidden flags count only while shown); past ``countLimit``, a
    /// lower bound.
    package var total: Int
    /// Whether there were too many matches to count at every keystroke.
    package var isLowerBound = false

    /// Counting every match costs a pass over every candidate block; a query's first letters can
    /// match most of a 100k-flag tree, and typing would then cost more the larger the tree. Past
    /// this many the counter says `1000+` and the next match is found without counting.
    package static let countLimit = 1_000

    /// `2/7`, or `1000+` past the limit.
    package var text: String { isLowerBound ? "\(total)+" : "\(current)/\(total)" }

    /// Whether the selection is a match (always so past the limit: the search selected it).
    package var selectsMatch: Bool { isLowerBound || current > 0 }
}
