/// A mouse event in screen cells.
package struct MouseEvent: Hashable, Sendable {
    /// What happened.
    package enum Kind: Hashable, Sendable { case press, wheelUp, wheelDown }
    /// The kind.
    package var kind: Kind
    /// Column.
    package var x: Int
    /// Row.
    package var y: Int

    /// Creates an event.
    package init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
