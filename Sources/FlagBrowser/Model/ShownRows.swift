import Foundation

/// Visible tree rows (node indices, ascending) and how many of them are leaves, which the
/// status line reports as "N shown".
struct ShownRows: Sendable {
    /// The rows.
    var rows: [Int]
    /// Rows that are not sections, collections or groups.
    var leaves: Int

    /// The rows for some matching nodes: each match with its ancestors, ancestors first.
    ///
    /// `matches` must be ascending. Nodes are in pre-order, so an ancestor that is already a row
    /// lies on the path to the last row added: the path is popped down to the match's deepest
    /// such ancestor and only the ancestors below it are added. The cost follows the matches
    /// (times the depth), not the tree.
    init(matches: [Int], traits: [NodeTraits], shape: TreeShape) {
        var rows: [Int] = []
        rows.reserveCapacity(matches.count * 2)
        var path: [Int] = []
        var missing: [Int] = []
        for match in matches {
            while let last = path.last, match > shape.subtreeEnd(last) { path.removeLast() }
            missing.removeAll(keepingCapacity: true)
            var ancestor = Int(traits[match].parent)
            while ancestor >= 0, ancestor != path.last {
                missing.append(ancestor)
                ancestor = Int(traits[ancestor].parent)
            }
            for ancestor in missing.reversed() {
                rows.append(ancestor)
                path.append(ancestor)
            }
            rows.append(match)
            path.append(match)
        }
        self.rows = rows
        leaves = rows.reduce(0) { $0 + (traits[$1].isBranch ? 0 : 1) }
    }
}

/// The rows of each view (`F`) without a filter, computed on the first use of a view in a model
/// and kept with it: cycling views then costs no pass over the nodes, and the rows array is
/// shared, not copied. The rows depend on the model's view marks and hidden flags only, so a
/// model whose marks differ must come with a new cache.
final class ViewRowsCache: @unchecked Sendable {
    /// A view's marks and whether hidden flags show.
    struct Key: Hashable {
        var view: UInt8
        var showHidden: Bool
    }

    /// Guards `stored`: a model is `Sendable` and may be read from another thread.
    private let lock = NSLock()
    private var stored: [Key: ShownRows] = [:]

    init() {}

    /// The rows for `key`, computed by `compute` the first time.
    func rows(for key: Key, compute: () -> ShownRows) -> ShownRows {
        lock.lock()
        defer { lock.unlock() }
        if let rows = stored[key] { return rows }
        let rows = compute()
        stored[key] = rows
        return rows
    }
}
