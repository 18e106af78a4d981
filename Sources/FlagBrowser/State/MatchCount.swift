/// Which match of how many the selection is, for the search's counter (`2/7`).
package struct MatchCount: Sendable, Equatable {
    /// 1-based; 0 when the selection is not one of the matches.
    package var current: Int
    /// Matches that can be shown (hidden flags count only while shown).
    package var total: Int
}
