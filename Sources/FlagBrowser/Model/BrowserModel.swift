import FlagCore
import Foundation
import OrderedCollections

/// Everything the browser shows, computed once per load: the tree, each key's resolution and
/// each feature's explanation. Navigation never recomputes it.
public struct BrowserModel: Sendable {
    /// The workspace as loaded.
    public let workspace: Workspace
    /// Every key's resolution.
    public let resolutions: [String: Resolution]
    /// Every feature's explanation.
    public let explanations: OrderedDictionary<String, FeatureExplanation>
    /// All nodes, in tree (pre-)order.
    public let nodes: [TreeNode]
    /// Indices of the top-level nodes.
    public let roots: [Int]
    /// Node index by identity.
    public let index: [NodeID: Int]
    /// The moment staleness is judged against.
    public let now: Date

    /// The writable provider's name, if any.
    public var writableProvider: String? { workspace.config.writableProvider?.name }

    /// Builds the model of a loaded workspace.
    public init(workspace: Workspace, now: Date = Date()) {
        self.workspace = workspace
        self.now = now
        let all = Resolver(workspace: workspace).resolveAll()
        var resolutions: [String: Resolution] = [:]
        resolutions.reserveCapacity(all.count)
        for resolution in all { resolutions[resolution.flag.key] = resolution }
        self.resolutions = resolutions
        explanations = FeatureEvaluator(workspace: workspace, resolutions: all).explainAll()
        var builder = TreeBuilder(workspace: workspace, explanations: explanations)
        builder.build()
        nodes = builder.nodes
        roots = builder.roots
        index = builder.index
    }

    /// The node with an identity.
    public func node(_ id: NodeID) -> TreeNode? {
        index[id].map { nodes[$0] }
    }

    /// Whether the writable provider sets this key.
    public func isOverridden(_ key: String) -> Bool {
        resolutions[key]?.isOverridden(in: writableProvider) ?? false
    }

    /// Whether some layer has a value that does not fit.
    public func hasMismatch(_ key: String) -> Bool {
        resolutions[key]?.layers.contains { if case .typeMismatch = $0.state { return true } else { return false } } ?? false
    }

    /// Whether the flag is past its expiry date.
    public func isStale(_ key: String) -> Bool {
        resolutions[key]?.isStale(now: now) ?? false
    }

    /// Whether the value differs from the blueprint default.
    public func differsFromDefault(_ key: String) -> Bool {
        guard let resolution = resolutions[key] else { return false }
        return resolution.value != resolution.flag.defaultValue
    }
}

/// Builds the tree: blueprint collections, then Features, Context, Unknown keys.
struct TreeBuilder {
    let workspace: Workspace
    let explanations: OrderedDictionary<String, FeatureExplanation>
    var nodes: [TreeNode] = []
    var roots: [Int] = []
    var index: [NodeID: Int] = [:]

    init(workspace: Workspace, explanations: OrderedDictionary<String, FeatureExplanation>) {
        self.workspace = workspace
        self.explanations = explanations
    }

    @discardableResult
    mutating func add(_ id: NodeID, _ kind: NodeKind, label: String, parent: Int?, search: [String], hidden: Bool = false) -> Int {
        let depth = parent.map { nodes[$0].depth + 1 } ?? 0
        var node = TreeNode(id: id, kind: kind, label: label, depth: depth, parent: parent, children: [],
                            haystack: search.joined(separator: "\n").lowercased(), hidden: hidden)
        // A repeated identity (which validation reports) must not break selection: make it unique.
        if index[id] != nil { node.id = NodeID(id.rawValue + "#\(nodes.count)") }
        let position = nodes.count
        nodes.append(node)
        index[node.id] = position
        if let parent { nodes[parent].children.append(position) } else { roots.append(position) }
        return position
    }

    mutating func build() {
        for blueprint in workspace.blueprints {
            addCollection(blueprint.root, file: blueprint.file, parent: nil)
        }
        addFeatures()
        addContext()
        addUnknownKeys()
    }

    mutating func addCollection(_ collection: FlagCollection, file: String, parent: Int?) {
        let id = NodeID("collection:\(file)#\(collection.keyPath)#\(collection.name)")
        let node = add(id, .collection(name: collection.name, description: collection.description, keyPath: collection.keyPath, file: file),
                       label: collection.name, parent: parent, search: [collection.name, collection.keyPath, collection.description ?? ""])
        for flag in collection.flags { addFlag(flag.key, parent: node) }
        for nested in collection.collections { addCollection(nested, file: file, parent: node) }
    }

    mutating func addFlag(_ key: String, label: String? = nil, parent: Int) {
        guard let flag = workspace.flags[key] else { return }
        add(.flag(key), .flag(key: key), label: label ?? flag.name, parent: parent,
            search: [flag.name, key, flag.description ?? "", flag.tags.joined(separator: " "), flag.owner ?? ""], hidden: flag.hidden)
    }

    mutating func addFeatures() {
        let topLevel = workspace.blueprints.flatMap(\.features)
        guard !topLevel.isEmpty else { return }
        let unavailable = explanations.values.filter { $0.availability != .available }.count
        let section = add("section:features", .section(title: "Features", summary: "\(workspace.features.count) features, \(unavailable) not available"),
                          label: "Features", parent: nil, search: ["features"])
        for feature in topLevel { addFeature(feature, parent: section) }
    }

    mutating func addFeature(_ feature: FeatureDefinition, parent: Int) {
        let node = add(.feature(feature.key), .feature(key: feature.key), label: feature.displayName, parent: parent,
                       search: [feature.displayName, feature.key, feature.description ?? ""])
        if let explanation = explanations[feature.key] {
            for (position, constraint) in explanation.constraints.enumerated() where constraint.status != .notActive || constraint.kind != .platform {
                let label: String
                switch constraint.kind {
                case .permission: label = "permission \(constraint.name)"
                case .purchase: label = "purchase \(constraint.name)"
                case .platform: label = "platform \(constraint.name)"
                case .userToggled: label = "user toggle"
                case .runtimeEnabled: label = "runtime switch"
                }
                add(NodeID("constraint:\(feature.key)#\(constraint.kind.rawValue):\(constraint.name)"),
                    .constraint(featureKey: feature.key, index: position), label: label, parent: node,
                    search: [label, constraint.name, constraint.detail, constraint.keys.joined(separator: " ")])
            }
        }
        for sub in feature.features { addFeature(sub, parent: node) }
    }

    mutating func addContext() {
        let contextKeys = workspace.flags.keys.filter { $0.hasPrefix(ContextKeys.prefix) }
        guard !contextKeys.isEmpty else { return }
        let section = add("section:context", .section(title: "Context", summary: "the simulated device"), label: "Context",
                          parent: nil, search: ["context device"])
        var permissions: Int?
        var purchases: Int?
        for key in contextKeys {
            if key.hasPrefix("context/permissions/") {
                if permissions == nil {
                    permissions = add("group:context/permissions", .group(title: "Permissions"), label: "Permissions", parent: section, search: ["permissions"])
                }
                addFlag(key, parent: permissions!)
            } else if key.hasPrefix("context/purchases/") {
                if purchases == nil {
                    purchases = add("group:context/purchases", .group(title: "Purchases"), label: "Purchases", parent: section, search: ["purchases"])
                }
                let productID = String(key.dropFirst("context/purchases/".count))
                let product = workspace.products.values.first { $0.productID == productID }
                addFlag(key, label: product.map { "\($0.name) (\(productID))" } ?? productID, parent: purchases!)
            } else {
                addFlag(key, label: String(key.dropFirst(ContextKeys.prefix.count)), parent: section)
            }
        }
    }

    mutating func addUnknownKeys() {
        guard !workspace.unknownKeys.isEmpty else { return }
        let section = add("section:unknown", .section(title: "Unknown keys", summary: "\(workspace.unknownKeys.count) key\(workspace.unknownKeys.count == 1 ? "" : "s") no blueprint declares"),
                          label: "Unknown keys", parent: nil, search: ["unknown keys"])
        for unknown in workspace.unknownKeys {
            add(NodeID("unknown:\(unknown.provider):\(unknown.key)"), .unknownKey(unknown), label: unknown.key, parent: section,
                search: [unknown.key, unknown.provider, unknown.suggestion ?? ""])
        }
    }
}
