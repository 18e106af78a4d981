/// Which pane has the keyboard.
package enum Pane: Sendable, Hashable { case tree, detail }
