import FlagCore
import Foundation
import TestSupport
import Testing

@testable import FlagBrowser

/// The visible rows are kept in place on expand and collapse: they must always equal
/// what a full recomputation gives, and stay in tree order so rows are found by binary search.
@Suite("Visible rows")
struct ShownRowsTests {
    @Test(
        "Random expands, collapses, hidden toggles and searches leave exactly the rows a full recomputation gives, ascending",
        arguments: [1 as UInt64, 2, 3, 4])
    func incrementalRowsMatchFullRecomputation(seed: UInt64) throws {
        try DemoFixture.opened(width: 100, height: 30) { demo in
            var random = SplitMix64(seed: seed)
            let keys = ["l", "h", "j", "k", "<Enter>", ".", "<PgDn>", "G", "g", "/sson<Enter>", "/user<Enter>n", "N"]
            for step in 0..<400 {
                let key = keys[random.next(keys.count)]
                try demo.press(key)
                var fresh = demo.session.state
                fresh.refreshRows()
                let rows = demo.session.state.rows
                #expect(
                    rows == fresh.rows, "seed \(seed), step \(step) after \(key): rows differ from a full recomputation"
                )
                #expect(
                    zip(rows, rows.dropFirst()).allSatisfy { $0 < $1 },
                    "seed \(seed), step \(step): rows are not in tree order")
                if rows != fresh.rows { return }
            }
        }
    }

    @Test("Every node's subtree end covers exactly its descendants")
    func subtreeEnds() throws {
        let demo = try DemoFixture()
        defer { demo.remove() }
        let nodes = demo.session.state.model.nodes
        for (position, node) in nodes.enumerated() {
            var descendants: [Int] = []
            var stack = node.children
            while let next = stack.popLast() {
                descendants.append(next)
                stack.append(contentsOf: nodes[next].children)
            }
            let expected = node.subtreeEnd > position ? Array((position + 1)...node.subtreeEnd) : []
            #expect(descendants.sorted() == expected, "\(node.id)")
        }
    }

    // MARK: Fast paths against a plain reference, on generated trees

    /// The rows by definition, from the tree itself: without a filter or view, the roots and
    /// the children of expanded nodes; with one, every node that matches or has a descendant
    /// that does (sections, collections and groups match only by text in the view of all),
    /// with hidden flags left out unless shown. Text matches are checked node by node.
    static func referenceRows(_ state: BrowserState) -> [Int] {
        let model = state.model
        let nodes = model.nodes
        let needle = state.filter.flatMap(SearchIndex.needle)
        let expanded = state.expanded
        func hiddenAway(_ position: Int) -> Bool { nodes[position].hidden && !state.showHidden }
        var rows: [Int] = []
        if needle == nil && state.view == .all {
            func visit(_ position: Int) {
                guard !hiddenAway(position) else { return }
                rows.append(position)
                if expanded.contains(nodes[position].id) { nodes[position].children.forEach(visit) }
            }
            model.roots.forEach(visit)
            return rows
        }
        func matches(_ position: Int) -> Bool {
            let text = needle.map { model.search.contains($0, at: position) } ?? true
            if isBranch(nodes[position]) {
                return state.view == .all && needle != nil && text && !nodes[position].children.isEmpty
            }
            return text && inView(position, state)
        }
        func shows(_ position: Int) -> Bool {
            !hiddenAway(position) && (matches(position) || nodes[position].children.contains(where: shows))
        }
        func visit(_ position: Int) {
            guard shows(position) else { return }
            rows.append(position)
            nodes[position].children.forEach(visit)
        }
        model.roots.forEach(visit)
        return rows
    }

    /// Sections, collections and groups.
    static func isBranch(_ node: TreeNode) -> Bool {
        switch node.kind {
        case .section, .collection, .group: return true
        default: return false
        }
    }

    /// Whether a node belongs to the state's view, from its resolution or explanation.
    static func inView(_ position: Int, _ state: BrowserState) -> Bool {
        let model = state.model
        switch (state.view, model.nodes[position].kind) {
        case (.all, _): return true
        case (.overridden, .flag(let key)): return model.isOverridden(key)
        case (.differs, .flag(let key)):
            guard let resolution = model.resolution(key) else { return false }
            return resolution.value != resolution.flag.defaultValue
        case (.problems, .flag(let key)): return model.isStale(key) || model.hasMismatch(key)
        case (.problems, .unknownKey), (.problems, .diagnostic): return true
        case (.stale, .flag(let key)), (.stale, .feature(let key)):
            return !StaleReport.findings(of: key, in: model.workspace, now: Date()).isEmpty
        case (.stale, .unknownKey(let unknown)):
            return !StaleReport.findings(of: unknown.key, in: model.workspace, now: Date()).isEmpty
        case (.unavailable, .feature(let key)):
            return model.explanations[key].map { $0.availability != .available } ?? false
        case (.unavailable, .constraint(let key, let index, _, _)):
            guard let explanation = model.explanations[key], explanation.availability != .available else {
                return false
            }
            return [.notSatisfied, .notDetermined].contains(explanation.constraints[index].status)
        default: return false
        }
    }

    /// Where the selection goes when rows change: the same node if shown, else its nearest shown ancestor, else the first row.
    static func settled(_ selection: NodeID?, rows: [Int], _ model: BrowserModel) -> NodeID? {
        var current = selection.flatMap { model.position(of: $0) }
        while let position = current {
            if rows.contains(position) { return model.nodes[position].id }
            current = model.nodes[position].parent
        }
        return rows.first.map { model.nodes[$0].id }
    }

    /// Checks the rows, selection and what the screen shows against the reference.
    static func checkScreen(_ generated: GeneratedWorkspace, _ context: String) {
        let state = generated.session.state
        let model = state.model
        let rows = state.rows
        let screenLines = generated.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The tree: each line on screen shows its node's indent, disclosure and label, the
        // disclosure open exactly when the next row is a child.
        for line in 0..<(state.size.height - 3) {
            let row = state.scroll + line
            guard row < rows.count, line + 1 < screenLines.count else { break }
            let node = model.nodes[rows[row]]
            let open = row + 1 < rows.count && model.nodes[rows[row + 1]].parent == rows[row]
            let disclosure = node.children.isEmpty ? "  " : (open ? "▾ " : "▸ ")
            let expected = String(repeating: "  ", count: node.depth) + disclosure
            let text = screenLines[line + 1]
            let body = String(text.dropFirst())
            #expect(
                body.hasPrefix(expected),
                "\(context): line \(line + 1) '\(text)' should start with '\(expected)' for \(node.id)")
            #expect(
                text.contains(String(node.label.prefix(4))),
                "\(context): line \(line + 1) '\(text)' should show \(node.label)")
            #expect(text.hasPrefix("›") == (row == state.selectedRow), "\(context): selection mark on line \(line + 1)")
        }
        // The detail pane of a collection counts every flag below it.
        if let node = state.selectedNode, case .collection = node.kind {
            var count = 0
            var stack = node.children
            while let next = stack.popLast() {
                if case .flag = model.nodes[next].kind { count += 1 }
                stack.append(contentsOf: model.nodes[next].children)
            }
            #expect(
                screenLines.contains { $0.contains("contains     \(count) flag\(count == 1 ? "" : "s")") },
                "\(context): flag count of \(node.id)")
        }
        // The status line's count of shown rows, when it gives one: leaves, or for the
        // unavailable-features view the features (not their constraints' rows).
        if let status = state.status?.text, status.hasPrefix("view: ") || status.hasPrefix("filter: "),
            status.contains(" shown)")
        {
            let leaves = rows.filter { !isBranch(model.nodes[$0]) }.count
            #expect(
                status.contains("(\(leaves) shown)") || status.contains("(\(leaves) flag")
                    || status.contains("(\(leaves) problem"),
                "\(context): '\(status)' should count \(leaves)")
        }
        if let status = state.status?.text, status.hasPrefix("view: unavailable features (") {
            let shown = rows.compactMap { position -> Availability? in
                guard case .feature(let key) = model.nodes[position].kind else { return nil }
                return model.explanations[key]?.availability
            }
            let unavailable = shown.count { $0 == .unavailable }
            let unknown = shown.count { $0 == .unknown }
            let counts = [
                unavailable > 0 ? "\(unavailable) unavailable" : nil, unknown > 0 ? "\(unknown) unknown" : nil,
            ]
            let expected = counts.compactMap { $0 }.joined(separator: ", ")
            #expect(
                expected.isEmpty || status.hasPrefix("view: unavailable features (\(expected) of "),
                "\(context): '\(status)' should count \(unavailable) unavailable and \(unknown) unknown features")
        }
    }

    @Test(
        "Filters, views, hidden flags, expansion under a filter, reloads and edits show exactly the reference rows, settle the selection like it and draw them",
        arguments: [11 as UInt64, 12, 13, 14, 15, 16])
    func generatedTreesMatchTheReference(seed: UInt64) throws {
        var generated = try GeneratedWorkspace(seed: seed)
        defer { generated.remove() }
        var random = GeneratedWorkspace.Random(state: seed &* 7)
        let word = GeneratedWorkspace.words[random.next(GeneratedWorkspace.words.count)]
        let keys = [
            "l", "h", "j", "k", "<Enter><Escape>", ".", "<PgDn>", "G", "g", "F", "F", "f", "<Escape>", "<Space>", "r",
            "n", "N",
            "/\(word)<Enter>f", "/\(word.prefix(2))<Enter>f", "/e<Enter>f", "/zzq<Enter>f", "/\(word)<Enter>",
            "/" + word.prefix(4) + "<Enter>f",
        ]
        #expect(
            generated.session.state.model.nodes.count > 3 * 64,
            "seed \(seed): the tree spans several blocks of the search index")
        for step in 0..<200 {
            let combo = keys[random.next(keys.count)]
            for key in try KeyEvent.parse(combo) {
                let before = generated.session.state
                let generation = generated.session.generation
                generated.press(key)
                let state = generated.session.state
                let context = "seed \(seed), step \(step), \(combo)"
                let reference = Self.referenceRows(state)
                #expect(state.rows == reference, "\(context): rows differ from the reference")
                if state.rows != reference { return }
                if before.filter != state.filter || before.view != state.view || before.showHidden != state.showHidden {
                    #expect(
                        state.selection == Self.settled(before.selection, rows: reference, state.model),
                        "\(context): selection did not settle")
                }
                if generated.session.generation != generation {
                    #expect(
                        state.expanded.isSubset(of: before.expanded) && before.expanded.isSubset(of: state.expanded),
                        "\(context): a new model keeps the expansion")
                }
                if state.mode == .normal || state.mode == .search { Self.checkScreen(generated, context) }
            }
        }
    }

    @Test("An expanded collection that a reload removes is expanded again when a later reload brings it back")
    func expansionSurvivesAnAbsence() throws {
        try DemoFixture.opened { demo in
            let file = demo.folder.appendingPathComponent("blueprints/podcast.yml")
            let original = try Data(contentsOf: file)
            try demo.press("/How episodes play<Enter>l")
            let playback = try #require(demo.session.state.selectedNode)
            #expect(playback.label == "playback")
            #expect(demo.session.state.expanded.contains(playback.id))
            #expect(demo.screen.contains("▾ playback"))
            try Data(
                String(decoding: original, as: UTF8.self).replacingOccurrences(
                    of: "  playback:\n", with: "  playbook:\n"
                )
                .utf8
            ).write(to: file)
            try demo.press("r")
            #expect(demo.session.state.model.position(of: playback.id) == nil)
            #expect(demo.session.state.expanded.contains(playback.id))
            try original.write(to: file)
            try demo.press("r")
            #expect(demo.session.state.expanded.contains(playback.id))
            #expect(demo.screen.contains("▾ playback"))
        }
    }
}
