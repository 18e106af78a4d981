import FlagCore
import OrderedCollections

/// An edit that can be undone: the changes forward and back.
public struct UndoEntry: Sendable, Equatable {
    /// What the edit did, for the status line.
    public var summary: String
    /// Changes that redo it.
    public var forward: OrderedDictionary<String, KeyChange>
    /// Whether redo removes every key.
    public var forwardRemovesAll: Bool
    /// Changes that undo it (restore the file's previous entries).
    public var backward: OrderedDictionary<String, KeyChange>
}
