/// Where each part of the screen goes for a given size (docs/browser.md).
package struct Layout: Sendable, Equatable {
    /// Smallest usable terminal.
    package static let minimumWidth = 40
    /// Smallest usable terminal.
    package static let minimumHeight = 10
    /// From this width on, tree and detail are side by side.
    package static let splitWidth = 90

    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int
    /// Whether the tree is drawn.
    package var showsTree: Bool
    /// Whether the detail pane is drawn.
    package var showsDetail: Bool
    /// Columns of the tree.
    package var treeWidth: Int
    /// First column of the detail pane.
    package var detailX: Int
    /// Columns of the detail pane.
    package var detailWidth: Int
    /// First body row (below the header).
    package var bodyTop: Int { 1 }
    /// Body rows.
    package var bodyHeight: Int { max(0, height - 3) }

    /// Whether the terminal is too small to lay anything out.
    package var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// The layout for a size; narrow screens show one pane, the detail when it has focus.
    package init(width: Int, height: Int, detailFocused: Bool) {
        self.width = width
        self.height = height
        if width >= Self.splitWidth {
            showsTree = true
            showsDetail = true
            // The tree grows with the terminal (values in rows are cut less on wide screens); the
            // detail keeps the larger share, as its lines are the longer ones.
            treeWidth = max(34, width * 9 / 20)
            detailX = treeWidth + 1
            detailWidth = width - detailX
        } else if detailFocused {
            showsTree = false
            showsDetail = true
            treeWidth = 0
            detailX = 0
            detailWidth = width
        } else {
            showsTree = true
            showsDetail = false
            treeWidth = width
            detailX = width
            detailWidth = 0
        }
    }
}
