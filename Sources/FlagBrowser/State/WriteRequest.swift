import FlagCore
import OrderedCollections

/// A write for the run loop to perform.
package struct WriteRequest: Sendable, Equatable {
    /// Why: a new edit, an undo or a redo.
    package enum Origin: Sendable, Equatable { case edit, undo, redo }
    /// Key changes.
    package var changes: OrderedDictionary<String, KeyChange>
    /// Remove every key first.
    package var removeAll: Bool
    /// The status line's account of it.
    package var summary: String
    /// The undo entry this write creates or replays.
    package var entry: UndoEntry
    /// Edit, undo or redo.
    package var origin: Origin
}
