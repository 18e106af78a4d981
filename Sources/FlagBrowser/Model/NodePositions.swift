import FlagCore
import OrderedCollections

/// Where each node of a tree is, by identity.
///
/// Nearly all nodes are flags, and the workspace already finds a flag's index by key: a flag's
/// node is kept as one 32-bit position per flag (400 KB at 100k flags). Only the other nodes —
/// collections, features, constraints, headings, unknown keys, and any node whose identity
/// repeats an earlier one's — are in a dictionary. A dictionary of every identity, with the
/// identity text it would keep for every flag, would take 17 MB at 100k flags.
struct NodePositions: Sendable {
    /// Per flag, in the order of `workspace.flags`: the position of the node whose identity is
    /// `flag:<key>`, or -1.
    private var flagNodes: [Int32]
    /// Every other identity's node. An identity here takes precedence over a flag's: it was
    /// recorded later (see ``record(_:flagIndex:at:)``).
    private var others: [NodeID: Int]
    /// Whether `others` holds some `flag:` identity (a repeated flag's), so that a flag's
    /// identity has to be looked for there too; without one, recording a flag makes no text.
    private var holdsFlagIdentities = false

    /// Positions for a tree over `flagCount` flags with room for `otherCount` other nodes.
    init(flagCount: Int, otherCount: Int) {
        flagNodes = Array(repeating: -1, count: flagCount)
        others = Dictionary(minimumCapacity: otherCount)
    }

    /// Records the node at `position` (`flagIndex` is a flag's index in `workspace.flags`) and
    /// returns whether an earlier node has its identity: it then goes by `<identity>#<position>`
    /// (``TreeNode/id``), which is recorded instead, replacing any node that had that text.
    mutating func record(_ kind: NodeKind, flagIndex: Int?, at position: Int) -> Bool {
        if let flagIndex {
            // A flag's first node, unless a repeat took its identity (its key is written like one).
            if flagNodes[flagIndex] < 0, !holdsFlagIdentities || others[NodeID(kind.identity)] == nil {
                flagNodes[flagIndex] = Int32(position)
                return false
            }
            holdsFlagIdentities = true
        } else {
            let identity = NodeID(kind.identity)
            if others[identity] == nil {
                others[identity] = position
                return false
            }
        }
        others[NodeID(kind.identity + "#\(position)")] = position
        return true
    }

    /// The position of the node with identity `id` in a tree over `flags`.
    func position(of id: NodeID, flags: OrderedDictionary<String, FlagDefinition>) -> Int? {
        if let position = others[id] { return position }
        guard id.rawValue.hasPrefix(NodeID.flagPrefix),
            let flagIndex = flags.index(forKey: String(id.rawValue.dropFirst(NodeID.flagPrefix.count))),
            flagNodes[flagIndex] >= 0
        else { return nil }
        return Int(flagNodes[flagIndex])
    }
}
