/// Which pane has the keyboard.
public enum Pane: Sendable, Hashable { case tree, detail }
