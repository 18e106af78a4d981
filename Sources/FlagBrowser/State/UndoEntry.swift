import FlagCore
import OrderedCollections

/// An edit that can be undone: the changes forward and back.
package struct UndoEntry: Sendable, Equatable {
    /// What the edit did, for the status line.
    package var summary: String
    /// Changes that redo it.
    package var forward: OrderedDictionary<String, KeyChange>
    /// Whether redo removes every key.
    package var forwardRemovesAll: Bool
    /// Changes that undo it (restore the file's previous entries).
    package var backward: OrderedDictionary<String, KeyChange>
}
