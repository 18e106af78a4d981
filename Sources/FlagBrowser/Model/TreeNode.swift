import FlagCore

/// A stable identity for a tree node: survives reloads, filtering and resizes.
public struct NodeID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identity as text (`flag:lab/sson`, `feature:player`, `collection:blueprints/a.yml#lab`).
    public let rawValue: String

    /// Wraps an identity.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    static func flag(_ key: String) -> NodeID { NodeID("flag:" + key) }
    static func feature(_ key: String) -> NodeID { NodeID("feature:" + key) }
}

/// What a node stands for.
public enum NodeKind: Sendable {
    /// A blueprint's root or nested collection.
    case collection(name: String, description: String?, keyPath: String, file: String)
    /// A flag or generated key, by key.
    case flag(key: String)
    /// A section heading: Features, Context, Unknown keys.
    case section(title: String, summary: String)
    /// A conditional feature, by key.
    case feature(key: String)
    /// One constraint of a feature (index into its explanation's constraints).
    case constraint(featureKey: String, index: Int)
    /// A key some provider sets that no blueprint declares.
    case unknownKey(UnknownKey)
    /// A group inside the Context branch (Permissions, Purchases).
    case group(title: String)
}

/// One node of the browser's tree.
public struct TreeNode: Sendable {
    /// Stable identity.
    public var id: NodeID
    /// What it is.
    public var kind: NodeKind
    /// The label shown in the tree.
    public var label: String
    /// Depth (0 for top level).
    public var depth: Int
    /// Index of the parent node, if any.
    public var parent: Int?
    /// Indices of the children, in order.
    public var children: [Int]
    /// Index of the last node of its subtree (itself when it has no children): nodes are stored
    /// in tree pre-order, so its descendants are exactly the indices after it up to this one.
    public var subtreeEnd: Int
    /// Whether it is shown only with "show hidden".
    public var hidden: Bool

    /// The flag key, for flag nodes.
    public var flagKey: String? {
        if case .flag(let key) = kind { return key }
        return nil
    }
}
