/// A mouse event in screen cells.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable { case press, wheelUp, wheelDown }
    /// The kind.
    public var kind: Kind
    /// Column.
    public var x: Int
    /// Row.
    public var y: Int

    /// Creates an event.
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
