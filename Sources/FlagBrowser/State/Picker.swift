import FlagCore

/// A choice list: enum values, bools, permission and purchase states.
public struct Picker: Sendable, Equatable {
    /// The key being edited.
    public var key: String
    /// The values offered.
    public var options: [FlagValue]
    /// The highlighted option.
    public var selected: Int
    /// The letters typed to jump to an option (empty after a move).
    public var typed: String = ""
}
