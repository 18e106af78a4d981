import FlagCore

extension Reducer {
    // MARK: Search

    /// `/`: an empty query, remembering where the search began.
    static func startSearch(_ state: inout BrowserState) {
        state.mode = .search
        state.query = ""
        state.matchCount = nil
        state.searchStart = SearchStart(selection: state.selection, scroll: state.scroll)
    }

    static func handleSearch(_ key: KeyEvent, _ state: inout BrowserState) {
        if let command = Keymap.search.command(for: key) {
            switch command {
            case .keep:
                keepSearch(&state)
                return
            case .cancel:
                returnToSearchStart(&state)
                state.mode = .normal
                state.searchStart = nil
                state.query = ""
                state.matchCount = nil
                state.status = nil
                return
            case .deleteBack:
                if !state.query.isEmpty { state.query.removeLast() }
            case .deleteWordBack:
                var query = Array(state.query)
                query.removeSubrange(LineText.wordStartBefore(query.count, in: query, by: .whitespace)..<query.count)
                state.query = String(query)
            case .clear:
                state.query = ""
            }
        } else {
            switch key {
            case .character(let character): state.query.append(character)
            case .space: state.query.append(" ")
            default: return
            }
        }
        searchAgain(&state)
    }

    /// Enter: the match stays selected (its branches open), and n / N / f take over.
    static func keepSearch(_ state: inout BrowserState) {
        state.mode = .normal
        state.searchStart = nil
        if state.query.isEmpty {
            state.status = StatusMessage("search cancelled")
        } else if let count = state.matchCount, count.selectsMatch {
            state.status = StatusMessage("search: \(state.query) (\(count.text)) — n next, N previous, f filter")
        } else {
            state.status = StatusMessage("no match for '\(state.query)'", .warning)
        }
    }

    /// The query changed: back to where the search began, its last match's branches closed
    /// again, then the first match from there.
    static func searchAgain(_ state: inout BrowserState) {
        returnToSearchStart(&state)
        if state.query.isEmpty {
            state.matchCount = nil
            state.status = nil
            return
        }
        findMatch(forward: true, includeCurrent: true, &state)
    }

    /// Closes the branches the current match opened (innermost first) and selects what was
    /// selected when the search began.
    static func returnToSearchStart(_ state: inout BrowserState) {
        guard var start = state.searchStart else { return }
        for id in start.opened.reversed() {
            if let position = state.model.position(of: id) { state.collapse(position) }
        }
        start.opened = []
        state.searchStart = start
        if let id = start.selection, let position = state.model.position(of: id), state.row(of: position) != nil {
            state.selection = id
        }
        state.scroll = start.scroll
        state.settleSelection()
    }

    /// Selects the next (or previous) node, in tree order and wrapping, whose text contains the
    /// query, opening its branches, and counts the matches for the status line. The search
    /// index finds them with `memmem` over the candidate blocks only.
    static func findMatch(forward: Bool, includeCurrent: Bool, _ state: inout BrowserState) {
        guard let needle = SearchIndex.needle(state.query), !state.model.nodes.isEmpty else {
            state.matchCount = nil
            return
        }
        if forward,
            state.model.search.nodes(containing: needle, limit: MatchCount.countLimit).count == MatchCount.countLimit
        {
            findUncounted(needle, includeCurrent: includeCurrent, &state)
            return
        }
        let matches = showableMatches(needle, state)
        guard !matches.isEmpty else {
            state.matchCount = MatchCount(current: 0, total: 0)
            state.status = StatusMessage("no match for '\(state.query)'", .warning)
            return
        }
        let start = state.selectedPosition ?? 0
        var index: Int
        if forward {
            let found = firstIndex(in: matches, atLeast: includeCurrent ? start : start + 1)
            index = found < matches.count ? found : 0
        } else {
            let found = firstIndex(in: matches, atLeast: includeCurrent ? start + 1 : start) - 1
            index = found >= 0 ? found : matches.count - 1
        }
        // The match a query lands on as it is typed is what people search for: a flag, a
        // feature, a context key, before a problem that quotes the same words (n reaches those).
        if forward, includeCurrent, isProblem(matches[index], state),
            let better = (Array(index..<matches.count) + Array(0..<index)).first(where: {
                !isProblem(matches[$0], state)
            })
        {
            index = better
        }
        let position = matches[index]
        let opened = reveal(position, &state)
        state.searchStart?.opened = opened.map { state.model.nodes[$0].id }
        select(node: position, &state)
        state.matchCount = MatchCount(current: index + 1, total: matches.count)
        state.status = StatusMessage("/\(state.query) (\(index + 1)/\(matches.count))")
    }

    /// Past ``MatchCount/countLimit`` matches: the next showable match after the selection, in
    /// tree order and wrapping, found one at a time as the search did before it counted.
    private static func findUncounted(_ needle: [UInt8], includeCurrent: Bool, _ state: inout BrowserState) {
        let search = state.model.search
        let first = (state.selectedPosition ?? 0) + (includeCurrent ? 0 : 1)
        var next = first
        var wrapped = false
        while true {
            guard let found = search.firstNode(containing: needle, from: next), !wrapped || found < first else {
                guard !wrapped else { break }
                (next, wrapped) = (0, true)
                continue
            }
            if isShowable(found, state) {
                let opened = reveal(found, &state)
                state.searchStart?.opened = opened.map { state.model.nodes[$0].id }
                select(node: found, &state)
                let count = MatchCount(current: 0, total: MatchCount.countLimit, isLowerBound: true)
                state.matchCount = count
                state.status = StatusMessage("/\(state.query) (\(count.text))")
                return
            }
            next = found + 1
        }
        state.matchCount = MatchCount(current: 0, total: 0)
        state.status = StatusMessage("no match for '\(state.query)'", .warning)
    }

    /// Whether the node is a problem `validate` reports (a row of the Problems branch).
    private static func isProblem(_ position: Int, _ state: BrowserState) -> Bool {
        if case .diagnostic = state.model.nodes[position].kind { return true }
        return false
    }

    /// The nodes matching `needle` that a search can show, ascending.
    static func showableMatches(_ needle: [UInt8], _ state: BrowserState) -> [Int] {
        state.model.search.nodes(containing: needle).filter { isShowable($0, state) }
    }

    /// Whether a search may show the node: hidden flags only while hidden flags are shown, and
    /// under a filter or view only the rows it shows.
    private static func isShowable(_ position: Int, _ state: BrowserState) -> Bool {
        if state.model.traits[position].hidden && !state.showHidden { return false }
        return state.rowsFollowExpansionOnly || state.row(of: position) != nil
    }

    /// The index of the first element of ascending `values` that is at least `bound` (`values.count` if none).
    private static func firstIndex(in values: [Int], atLeast bound: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Expands the ancestors of a node, outermost first, so it is visible; returns the ones
    /// that were closed.
    @discardableResult
    static func reveal(_ position: Int, _ state: inout BrowserState) -> [Int] {
        var ancestors: [Int] = []
        var parent = state.model.nodes[position].parent
        while let current = parent {
            ancestors.append(current)
            parent = state.model.nodes[current].parent
        }
        var opened: [Int] = []
        for ancestor in ancestors.reversed() where !state.isExpanded(ancestor) {
            state.expand(ancestor)
            opened.append(ancestor)
        }
        return opened
    }
}
