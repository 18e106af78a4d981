import FlagCore

extension BrowserState {
    /// Whether a node matches the active view (sections and collections never do on their own).
    func matchesView(_ node: TreeNode) -> Bool {
        switch view {
        case .all:
            return true
        case .overridden:
            return node.flagKey.map(model.isOverridden) ?? false
        case .differs:
            return node.flagKey.map(model.differsFromDefault) ?? false
        case .unavailable:
            switch node.kind {
            case .feature(let key): return model.explanations[key].map { $0.availability != .available } ?? false
            case .constraint(let key, let index):
                guard let explanation = model.explanations[key], explanation.availability != .available else { return false }
                let status = explanation.constraints[index].status
                return status == .notSatisfied || status == .notDetermined
            default: return false
            }
        case .problems:
            if case .unknownKey = node.kind { return true }
            guard let key = node.flagKey else { return false }
            return model.hasMismatch(key) || model.isStale(key)
        }
    }

    /// Recomputes the visible rows after a change to the model, expansion, filter, view or hidden.
    mutating func refreshRows() {
        let nodes = model.nodes
        let needle = filter?.lowercased()
        let narrowing = (needle?.isEmpty == false) || view != .all
        // With a filter or view, a node shows if it or a descendant matches; its ancestors open.
        var keep = [Bool](repeating: !narrowing, count: nodes.count)
        if narrowing {
            for position in stride(from: nodes.count - 1, through: 0, by: -1) {
                let node = nodes[position]
                if node.hidden && !showHidden { continue }
                let leafMatch: Bool
                switch node.kind {
                case .section, .collection, .group: leafMatch = false
                default: leafMatch = matchesView(node) && (needle.map { node.haystack.contains($0) } ?? true)
                }
                if leafMatch || (view == .all && needle.map({ node.haystack.contains($0) }) == true && !node.children.isEmpty) {
                    keep[position] = true
                }
                if keep[position], let parent = node.parent { keep[parent] = true }
            }
        }
        var result: [Int] = []
        var stack = model.roots.reversed().map { $0 }
        while let position = stack.popLast() {
            let node = nodes[position]
            guard keep[position], showHidden || !node.hidden else { continue }
            result.append(position)
            if expanded.contains(node.id) || (narrowing && node.children.contains { keep[$0] }) {
                stack.append(contentsOf: node.children.reversed())
            }
        }
        rows = result
        rowPosition = Dictionary(uniqueKeysWithValues: result.enumerated().map { ($1, $0) })
    }

    /// Keeps the selection on a visible row: the same node if visible, else its nearest visible ancestor, else the first row.
    mutating func settleSelection() {
        if let selection, let position = model.index[selection] {
            var current: Int? = position
            while let candidate = current {
                if rowPosition[candidate] != nil {
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
