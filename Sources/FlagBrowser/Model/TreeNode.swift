import FlagCore

/// A stable identity for a tree node: survives reloads, filtering and resizes.
package struct NodeID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identity as text (`flag:lab/sson`, `feature:player`, `collection:blueprints/a.yml#lab`).
    package let rawValue: String

    /// Wraps an identity.
    package init(_ rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { self.rawValue = value }

    package var description: String { rawValue }

    /// The identity of a flag's node.
    static func flag(_ key: String) -> NodeID { NodeID(flagPrefix + key) }
    /// What every flag node's identity starts with, and no other node's.
    static let flagPrefix = "flag:"
}

/// The headings after the blueprints' collections, each with an identity that never changes.
package enum TreeSection: String, Sendable {
    case features, context, devices, live, unknown, problems

    /// The heading as shown.
    package var title: String {
        switch self {
        case .features: "Features"
        case .context: "Context"
        case .devices: "Devices"
        case .live: "Live devices"
        case .unknown: "Unknown keys"
        case .problems: "Problems"
        }
    }
}

/// The groups inside the Context branch, each with an identity that never changes.
package enum ContextGroup: String, Sendable {
    case permissions, purchases

    /// The heading as shown.
    package var title: String {
        switch self {
        case .permissions: "Permissions"
        case .purchases: "Purchases"
        }
    }
}

/// What a node stands for.
///
/// The cases whose payload is larger than a string are `indirect`, so that the value every node
/// holds stays small: they are a few hundred nodes, the flags a hundred thousand.
package enum NodeKind: Sendable {
    /// A blueprint's root or nested collection.
    indirect case collection(name: String, description: String?, keyPath: String, file: String)
    /// A flag or generated key, by key.
    case flag(key: String)
    /// A section heading: Features, Context, Unknown keys.
    indirect case section(TreeSection, summary: String)
    /// A conditional feature, by key.
    case feature(key: String)
    /// One constraint of a feature: its index into the feature's explanation's constraints, and
    /// its kind and name, which make its identity.
    indirect case constraint(featureKey: String, index: Int, kind: ConstraintKind, name: String)
    /// A key some provider sets that no blueprint declares.
    indirect case unknownKey(UnknownKey)
    /// A group inside the Context branch.
    case group(ContextGroup)
    /// A device profile (docs/devices.md), by name.
    case device(name: String)
    /// A device that asked the server sharing the process (docs/serve.md), by name.
    case liveDevice(name: String)
    /// A problem `validate` reports: a blueprint that does not load, a value that does not fit…
    indirect case diagnostic(Diagnostic)

    /// The identity of a node of this kind, unless an earlier node already has it (see ``TreeNode/id``).
    var identity: String {
        switch self {
        case .collection(let name, _, let keyPath, let file): "collection:\(file)#\(keyPath)#\(name)"
        case .flag(let key): NodeID.flagPrefix + key
        case .section(let section, _): "section:" + section.rawValue
        case .feature(let key): "feature:" + key
        case .constraint(let featureKey, _, let kind, let name): "constraint:\(featureKey)#\(kind.rawValue):\(name)"
        case .unknownKey(let unknown): "unknown:\(unknown.provider):\(unknown.key)"
        case .group(let group): "group:context/" + group.rawValue
        case .device(let name): "device:" + name
        case .liveDevice(let name): "live:" + name
        // Where it points, not its words (which may change with the wording); two at one place
        // are told apart by position, as every repeated identity is.
        case .diagnostic(let diagnostic):
            "diagnostic:\(diagnostic.file):\(diagnostic.location.map { "\($0.line):\($0.column)" } ?? "")"
        }
    }
}

/// One node of the browser's tree.
///
/// A hundred thousand of these are kept, and one is copied for every row drawn, so it holds no
/// identity text (``id`` is made from ``kind`` when asked for) and its positions are 32-bit.
/// Its fields are in this order so that the small ones fill the bytes after the kind's tag:
/// 56 bytes a node.
package struct TreeNode: Sendable {
    /// What it is.
    package var kind: NodeKind
    /// Whether it is shown only with "show hidden".
    package var hidden: Bool
    /// Depth; 16 bits are plenty, as the document readers refuse nesting past 512.
    private var storedDepth: UInt16
    /// Index of the parent node, or -1.
    private var storedParent: Int32
    /// See ``subtreeEnd``.
    private var storedSubtreeEnd: Int32
    /// For a node whose identity an earlier node already has (validation reports such repeats):
    /// its own position, which its ``id`` ends with so that selection can tell the two apart; -1 otherwise.
    private var repeatPosition: Int32
    /// The label shown in the tree.
    package var label: String
    /// Indices of the children, in order.
    package var children: [Int]

    /// A node with no children yet; `repeatPosition` is its position when an earlier node has
    /// its identity.
    init(kind: NodeKind, label: String, depth: Int, parent: Int?, repeatPosition: Int?, hidden: Bool) {
        self.kind = kind
        self.hidden = hidden
        storedDepth = UInt16(clamping: depth)
        storedParent = Int32(parent ?? -1)
        storedSubtreeEnd = -1
        self.repeatPosition = Int32(repeatPosition ?? -1)
        self.label = label
        children = []
    }

    /// Stable identity: from the kind (`flag:<key>`, `feature:<key>`, …), with `#<position>`
    /// after it when an earlier node has the same.
    package var id: NodeID {
        repeatPosition < 0 ? NodeID(kind.identity) : NodeID(kind.identity + "#\(repeatPosition)")
    }

    /// Depth (0 for top level).
    package var depth: Int { Int(storedDepth) }

    /// Index of the parent node, if any.
    package var parent: Int? { storedParent < 0 ? nil : Int(storedParent) }

    /// Index of the last node of its subtree (itself when it has no children): nodes are stored
    /// in tree pre-order, so its descendants are exactly the indices after it up to this one.
    package internal(set) var subtreeEnd: Int {
        get { Int(storedSubtreeEnd) }
        set { storedSubtreeEnd = Int32(newValue) }
    }

    /// The flag key, for flag nodes.
    package var flagKey: String? {
        if case .flag(let key) = kind { return key }
        return nil
    }
}
