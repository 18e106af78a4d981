import FlagCore

extension BrowserState {
    /// Whether node `position` matches the active view (sections and collections never do on their own).
    func matchesView(_ position: Int) -> Bool {
        let marks = model.viewMarks[position]
        switch view {
        case .all: return true
        case .overridden: return marks.contains(.overridden)
        case .differs: return marks.contains(.differs)
        case .unavailable: return marks.contains(.unavailable)
        case .problems: return marks.contains(.problem)
        }
    }

    /// Recomputes the visible rows after a change to the model, filter, view or hidden.
    mutating func refreshRows() {
        let needle = filter.flatMap(SearchIndex.needle)
        guard needle != nil || view != .all else {
            rows = expandedRows()
            return
        }
        // With a filter or view, a node shows if it or a descendant matches, and its ancestors
        // open. Every ancestor of a kept node is kept and open, so the rows are exactly the kept
        // nodes in index order: two passes over flat arrays.
        let traits = model.traits
        var textMatch = [Bool](repeating: needle == nil, count: traits.count)
        if let needle { for position in model.search.nodes(containing: needle) { textMatch[position] = true } }
        var keep = [Bool](repeating: false, count: traits.count)
        for position in stride(from: traits.count - 1, through: 0, by: -1) {
            let trait = traits[position]
            if trait.hidden && !showHidden { continue }
            let matches = trait.isBranch
                ? view == .all && needle != nil && textMatch[position] && trait.hasChildren
                : textMatch[position] && matchesView(position)
            if matches { keep[position] = true }
            if keep[position], trait.parent >= 0 { keep[Int(trait.parent)] = true }
        }
        rows = keep.indices.filter { keep[$0] }
    }

    /// The rows with no filter or view: roots, and the children of expanded nodes.
    private func expandedRows() -> [Int] {
        let nodes = model.nodes
        var result: [Int] = []
        var stack = model.roots.reversed().map { $0 }
        while let position = stack.popLast() {
            guard showHidden || !model.traits[position].hidden else { continue }
            result.append(position)
            if expanded.contains(nodes[position].id) { stack.append(contentsOf: nodes[position].children.reversed()) }
        }
        return result
    }

    /// Whether rows follow expansion alone (no filter, no view), so they can change in place.
    var rowsFollowExpansionOnly: Bool { view == .all && (filter ?? "").isEmpty }

    /// The row showing a node, if one does. Rows are in node order (tree pre-order), so this is
    /// a binary search: no index of rows to rebuild when they change.
    func row(of position: Int) -> Int? {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < rows.count && rows[low] == position ? low : nil
    }

    /// The first row whose node index is above `position`.
    private func firstRow(after position: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Expands a node. Without a filter or view only its newly visible descendants are computed
    /// and spliced in after it; the cost follows the subtree, not the workspace.
    mutating func expand(_ position: Int) {
        guard expanded.insert(model.nodes[position].id).inserted else { return }
        guard rowsFollowExpansionOnly, let row = row(of: position) else { return refreshRows() }
        var shown: [Int] = []
        var stack = Array(model.nodes[position].children.reversed())
        while let next = stack.popLast() {
            let node = model.nodes[next]
            guard showHidden || !node.hidden else { continue }
            shown.append(next)
            if expanded.contains(node.id) { stack.append(contentsOf: node.children.reversed()) }
        }
        rows.insert(contentsOf: shown, at: row + 1)
    }

    /// Collapses a node: its descendants' rows are one run after it, removed in one step.
    mutating func collapse(_ position: Int) {
        guard expanded.remove(model.nodes[position].id) != nil else { return }
        guard rowsFollowExpansionOnly, let row = row(of: position) else { return refreshRows() }
        rows.removeSubrange((row + 1)..<firstRow(after: model.nodes[position].subtreeEnd))
    }

    /// Keeps the selection on a visible row: the same node if visible, else its nearest visible ancestor, else the first row.
    mutating func settleSelection() {
        if let selection, let position = model.index[selection] {
            var current: Int? = position
            while let candidate = current {
                if row(of: candidate) != nil {
                    self.selection = model.nodes[candidate].id
                    clampScroll()
                    return
                }
                current = model.nodes[candidate].parent
            }
        }
        selection = rows.first.map { model.nodes[$0].id }
        clampScroll()
    }

    /// Tree rows that fit on screen.
    var treeHeight: Int { max(1, size.height - 3) }

    /// Scrolls so the selection is on screen.
    mutating func clampScroll() {
        let height = treeHeight
        let maximum = max(0, rows.count - height)
        if let row = selectedRow {
            if row < scroll { scroll = row }
            if row >= scroll + height { scroll = row - height + 1 }
        }
        scroll = min(max(0, scroll), maximum)
    }
}
