/// Which match of how many the selection is, for the search's counter (`2/7`).
public struct MatchCount: Sendable, Equatable {
    /// 1-based; 0 when the selection is not one of the matches.
    public var current: Int
    /// Matches that can be shown (hidden flags count only while shown).
    public var total: Int
}
