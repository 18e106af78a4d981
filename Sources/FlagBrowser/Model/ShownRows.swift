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
        rows.reserveCapacity(matches.count + matches.count / 8 + 16)
        var path: [Int] = []
        for match in matches {
            while let last = path.last, match > shape.subtreeEnd(last) { path.removeLast() }
            // The missing ancestors go in innermost first, then are turned around in place.
            let start = rows.count
            var ancestor = Int(traits[match].parent)
            while ancestor >= 0, ancestor != path.last {
                rows.append(ancestor)
                ancestor = Int(traits[ancestor].parent)
            }
            if rows.count > start {
                rows[start...].reverse()
                path.append(contentsOf: rows[start...])
            }
            rows.append(match)
            // A leaf can be no later match's ancestor: leaving it off the path spares two
            // array mutations per flag, most of the work when a view holds half the tree.
            if shape.subtreeEnd(match) > match { path.append(match) }
        }
        self.rows = rows
        leaves = Self.leafCount(rows, traits: traits)
    }

    /// How many of `rows` are not sections, collections or groups.
    static func leafCount(_ rows: [Int], traits: [NodeTraits]) -> Int {
        var count = 0
        for row in rows where !traits[row].isBranch { count += 1 }
        return count
    }
}

/// The rows of each view (`F`) without a filter, computed on the first use of a view in a model
/// and kept with it: cycling views then costs no pass over the nodes, and the rows array is
/// shared, not copied. The rows depend on the model's view marks and hidden flags only, so a
/// model whose marks differ must come with a new cache.
final class ViewRowsCache: @unchecked Sendable {
    /// A view's marks and whether hidden flags show.
    struct Key: Hashable {
        /// The view's mark (`ViewMarks` raw value).
        var view: UInt8
        /// Whether hidden flags show.
        var showHidden: Bool
    }

    /// Guards `stored`: a model is `Sendable` and may be read from another thread.
    private let lock = NSLock()
    /// The rows computed so far.
    private var stored: [Key: ShownRows] = [:]

    /// An empty cache.
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
