/// The tree's shape in flat arrays, built once per model: rows and counts read a few bytes per
/// node here instead of copying whole ``TreeNode``s (labels, kinds, child lists) to look at one field.
struct TreeShape: Sendable {
    /// Per node, the index of the last node of its subtree (nodes are in pre-order, so a
    /// node's descendants are exactly the indices after it up to this one).
    private let ends: [Int32]
    /// Per index `i`, how many of the nodes before `i` are flags (one entry more than nodes).
    private let flagsBefore: [Int32]

    /// The shape of `nodes`.
    init(nodes: [TreeNode]) {
        ends = nodes.map { Int32($0.subtreeEnd) }
        var flagsBefore: [Int32] = [0]
        flagsBefore.reserveCapacity(nodes.count + 1)
        for node in nodes {
            let isFlag: Bool
            if case .flag = node.kind { isFlag = true } else { isFlag = false }
            flagsBefore.append(flagsBefore[flagsBefore.count - 1] + (isFlag ? 1 : 0))
        }
        self.flagsBefore = flagsBefore
    }

    /// How many nodes there are.
    var count: Int { ends.count }

    /// The last node of `position`'s subtree (itself for a leaf).
    func subtreeEnd(_ position: Int) -> Int { Int(ends[position]) }

    /// How many flags are below `position`, at any depth: a difference of two running counts,
    /// so the detail pane of a collection of 10,000 flags does not walk them on every frame.
    func flagCount(under position: Int) -> Int {
        Int(flagsBefore[subtreeEnd(position) + 1] - flagsBefore[position + 1])
    }
}
