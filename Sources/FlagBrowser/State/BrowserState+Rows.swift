import FlagCore

extension BrowserState {
    /// Whether node `position` matches the active view (sections and collections never do on their own).
    func matchesView(_ position: Int) -> Bool {
        switch view {
        case .all: true
        case .compared: model.comparison?.differs(position) ?? false
        default: model.viewMarks[position].contains(view.marks)
        }
    }

    /// The active filter as the search index stores text, or `nil` when nothing filters.
    var filterNeedle: [UInt8]? { filter.flatMap(SearchIndex.needle) }

    /// Whether rows follow expansion alone (no filter, no view), so they can change in place.
    /// With a filter or view every ancestor of a match is open, so expansion does not change them.
    var rowsFollowExpansionOnly: Bool { view == .all && filterNeedle == nil }

    /// Recomputes the visible rows after a change to the model, filter, view or hidden.
    ///
    /// With a filter or view, a node shows if it or a descendant matches, with its ancestors
    /// open: the rows are the matches and their ancestors, found from the matches alone (the
    /// search index finds the filter's, each view's are kept per model), never by a pass over
    /// every node.
    mutating func refreshRows() {
        if let needle = filterNeedle {
            rows = filteredRows(needle).rows
        } else if view != .all {
            rows = viewRows().rows
        } else {
            rows = expandedRows()
        }
    }

    /// Leaves among the rows, for the status line ("N shown").
    var shownLeafCount: Int {
        if filterNeedle == nil, view != .all { return viewRows().leaves }
        return ShownRows.leafCount(rows, traits: model.traits)
    }

    /// Leaves the active view matches that are hidden flags left out of it (`.` shows them): 0
    /// while hidden flags show, or in the view of all.
    var hiddenViewMatchCount: Int {
        guard !showHidden, view != .all else { return 0 }
        let traits = model.traits
        if view == .compared, let comparison = model.comparison {
            return comparison.nodes.positions.count { !traits[$0].isBranch && traits[$0].hidden }
        }
        let marks = view.marks
        var count = 0
        for (position, nodeMarks) in model.viewMarks.enumerated() where nodeMarks.contains(marks) {
            let trait = traits[position]
            if !trait.isBranch, trait.hidden { count += 1 }
        }
        return count
    }

    /// Whether a node that is not hidden away matches the filter's text (already checked) and the
    /// view: sections, collections and groups match only by text, and only in the view of all.
    private func matchesFilter(_ position: Int) -> Bool {
        let trait = model.traits[position]
        if trait.hidden && !showHidden { return false }
        return trait.isBranch ? view == .all && trait.hasChildren : matchesView(position)
    }

    /// The rows for a filter: the nodes the search index finds, kept if they match, and their ancestors.
    private func filteredRows(_ needle: [UInt8]) -> ShownRows {
        let matches = model.search.nodes(containing: needle).filter(matchesFilter)
        return ShownRows(matches: matches, traits: model.traits, shape: model.shape)
    }

    /// The rows for the view without a filter, computed once per model, view and hidden setting.
    private func viewRows() -> ShownRows {
        let marks = view.marks
        // The comparison's view has no mark of its own: its key is one no mark combination makes.
        let key = ViewRowsCache.Key(view: view == .compared ? .max : marks.rawValue, showHidden: showHidden)
        return model.viewRows.rows(for: key) {
            var matches: [Int] = []
            let traits = model.traits
            if view == .compared, let comparison = model.comparison {
                for position in comparison.nodes.positions {
                    let trait = traits[position]
                    if !trait.isBranch, showHidden || !trait.hidden { matches.append(position) }
                }
                return ShownRows(matches: matches, traits: traits, shape: model.shape)
            }
            // Reserved whole (only the pages written are touched): grown by doubling, half the
            // tree took a millisecond of copies at 100k flags.
            matches.reserveCapacity(model.viewMarks.count)
            for (position, nodeMarks) in model.viewMarks.enumerated() where nodeMarks.contains(marks) {
                let trait = traits[position]
                if !trait.isBranch, showHidden || !trait.hidden { matches.append(position) }
            }
            return ShownRows(matches: matches, traits: traits, shape: model.shape)
        }
    }

    /// The rows with no filter or view: roots, and the children of expanded nodes. Nodes are in
    /// pre-order, so a closed (or hidden) node's subtree is skipped in one step to its end: the
    /// cost is the rows shown, whatever the size of what is closed.
    private func expandedRows() -> [Int] {
        var result: [Int] = []
        appendExpandedRows(from: 0, through: model.nodes.count - 1, to: &result)
        return result
    }

    /// Appends the rows among nodes `first...last` (whole subtrees) as expansion shows them.
    private func appendExpandedRows(from first: Int, through last: Int, to result: inout [Int]) {
        let traits = model.traits
        let shape = model.shape
        var position = first
        while position <= last {
            if traits[position].hidden && !showHidden {
                position = shape.subtreeEnd(position) + 1
                continue
            }
            result.append(position)
            position = expandedNodes.contains(position) ? position + 1 : shape.subtreeEnd(position) + 1
        }
    }

    /// Whether a node is expanded.
    func isExpanded(_ position: Int) -> Bool { expandedNodes.contains(position) }

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
        guard expandedNodes.insert(position), rowsFollowExpansionOnly, let row = row(of: position) else { return }
        var shown: [Int] = []
        let end = model.shape.subtreeEnd(position)
        if end > position { appendExpandedRows(from: position + 1, through: end, to: &shown) }
        rows.insert(contentsOf: shown, at: row + 1)
    }

    /// Collapses a node: its descendants' rows are one run after it, removed in one step.
    mutating func collapse(_ position: Int) {
        guard expandedNodes.remove(position), rowsFollowExpansionOnly, let row = row(of: position) else { return }
        rows.removeSubrange((row + 1)..<firstRow(after: model.shape.subtreeEnd(position)))
    }

    /// Keeps the selection on a visible row: the same node if visible, else its nearest visible ancestor, else the first row.
    mutating func settleSelection() {
        if let position = selectedPosition {
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

extension BrowserView {
    /// The mark a node needs to be in this view (none for all).
    var marks: ViewMarks {
        switch self {
        case .all: return []
        case .overridden: return .overridden
        case .differs: return .differs
        case .unavailable: return .unavailable
        case .problems: return .problem
        case .stale: return .stale
        case .compared: return []
        }
    }
}
