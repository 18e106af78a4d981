/// Where a search began, kept while its query is typed: each keystroke searches again from
/// there, with only the current match's branches opened (typing never leaves a trail of
/// branches the earlier matches opened), and Esc goes back to it.
struct SearchStart: Sendable, Equatable {
    /// The selection when `/` was pressed.
    var selection: NodeID?
    /// The first tree row on screen then.
    var scroll: Int
    /// The branches the current match's reveal opened, outermost first, by identity (a reload
    /// while typing moves positions).
    var opened: [NodeID] = []
}
