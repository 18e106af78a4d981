import FlagCore
import OrderedCollections

/// A write for the run loop to perform.
public struct WriteRequest: Sendable, Equatable {
    /// Why: a new edit, an undo or a redo.
    public enum Origin: Sendable, Equatable { case edit, undo, redo }
    /// Key changes.
    public var changes: OrderedDictionary<String, KeyChange>
    /// Remove every key first.
    public var removeAll: Bool
    /// The status line's account of it.
    public var summary: String
    /// The undo entry this write creates or replays.
    public var entry: UndoEntry
    /// Edit, undo or redo.
    public var origin: Origin
}
