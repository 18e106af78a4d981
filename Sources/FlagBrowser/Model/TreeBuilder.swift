import FlagCore
import OrderedCollections

/// Where ``TreeWalk`` puts the nodes it visits, in tree pre-order.
protocol TreeSink {
    /// Adds a node, a child of `parent` (a position this sink returned), and returns its position.
    /// `flagIndex` is a flag node's index in `workspace.flags`; `search` makes its search text in
    /// parts (only the search index asks: the tree is built before the first frame, the index after).
    mutating func add(
        _ kind: NodeKind, flagIndex: Int?, label: String, parent: Int?, search: () -> [String], hidden: Bool
    ) -> Int
}

/// What a tree holds, counted by a first walk, so that the walk that builds it allocates its
/// arrays once at their exact size. Grown by doubling, at 100k flags the nodes would be a fifth empty.
struct TreeSize: TreeSink {
    /// Nodes.
    var nodes = 0
    /// Nodes that are flags.
    var flagNodes = 0

    mutating func add(
        _ kind: NodeKind, flagIndex: Int?, label: String, parent: Int?, search: () -> [String], hidden: Bool
    ) -> Int {
        nodes += 1
        if flagIndex != nil { flagNodes += 1 }
        return nodes - 1
    }
}

/// The browser's tree: its nodes and where each is by identity (the search text is
/// ``SearchIndex/build(workspace:explanations:)``'s).
struct TreeBuilder: TreeSink {
    /// All nodes, in tree pre-order.
    private(set) var nodes: [TreeNode] = []
    /// Positions of the top-level nodes.
    private(set) var roots: [Int] = []
    /// Each node's position by identity.
    private(set) var positions: NodePositions

    /// The tree of a workspace: walked once to size it, then once to build it.
    static func tree(of workspace: Workspace, explanations: OrderedDictionary<String, FeatureExplanation>)
        -> TreeBuilder
    {
        let contextKeys = TreeWalk<TreeSize>.contextKeys(of: workspace)
        var sizing = TreeWalk(
            workspace: workspace, explanations: explanations, contextKeys: contextKeys, sink: TreeSize())
        sizing.walk()
        var building = TreeWalk(
            workspace: workspace, explanations: explanations, contextKeys: contextKeys,
            sink: TreeBuilder(size: sizing.sink, flagCount: workspace.flags.count))
        building.walk()
        assert(building.sink.nodes.count == sizing.sink.nodes, "the sizing walk counted what the building walk adds")
        // Linked in place: a copy taken first would copy the nodes as well.
        building.sink.linkChildren()
        return building.sink
    }

    /// An empty tree with room for what `size` counted, over `flagCount` flags.
    private init(size: TreeSize, flagCount: Int) {
        nodes.reserveCapacity(size.nodes)
        positions = NodePositions(flagCount: flagCount, otherCount: size.nodes - size.flagNodes)
    }

    mutating func add(
        _ kind: NodeKind, flagIndex: Int?, label: String, parent: Int?, search: () -> [String], hidden: Bool
    ) -> Int {
        let position = nodes.count
        // A repeated identity (which validation reports) must not break selection: the node
        // goes by its identity and its position.
        let repeated = positions.record(kind, flagIndex: flagIndex, at: position)
        nodes.append(
            TreeNode(
                kind: kind, label: label, depth: parent.map { nodes[$0].depth + 1 } ?? 0, parent: parent,
                repeatPosition: repeated ? position : nil, hidden: hidden))
        if parent == nil { roots.append(position) }
        return position
    }

    /// Gives each node its children and subtree end, once every node has its parent. Each list
    /// of children is allocated at its size, where appending a child at a time left a fifth empty.
    private mutating func linkChildren() {
        var childCounts = [Int32](repeating: 0, count: nodes.count)
        for position in nodes.indices {
            if let parent = nodes[position].parent { childCounts[parent] += 1 }
        }
        for position in nodes.indices where childCounts[position] > 0 {
            nodes[position].children.reserveCapacity(Int(childCounts[position]))
        }
        for position in nodes.indices {
            if let parent = nodes[position].parent { nodes[parent].children.append(position) }
        }
        // Pre-order: a node's subtree ends where its last child's subtree ends.
        for position in nodes.indices.reversed() {
            nodes[position].subtreeEnd = nodes[position].children.last.map { nodes[$0].subtreeEnd } ?? position
        }
    }
}

/// The tree's order and content: blueprint collections, then Features, Context, Unknown keys.
struct TreeWalk<Sink: TreeSink> {
    let workspace: Workspace
    let explanations: OrderedDictionary<String, FeatureExplanation>
    /// The keys under `context/`, in workspace order.
    let contextKeys: [String]
    /// What receives the nodes.
    var sink: Sink

    /// The keys under `context/`, in workspace order.
    static func contextKeys(of workspace: Workspace) -> [String] {
        workspace.flags.keys.elements.filter { $0.hasPrefix(ContextKeys.prefix) }
    }

    /// Visits every node in pre-order. Problems come last, whatever they are: positions (which
    /// tell repeated identities apart) do not move when an error comes or goes, and the header
    /// points to them while there are errors.
    mutating func walk() {
        // A blueprint of features only (a Flint root group) has nothing of its own to list:
        // its features are under Features, and an empty collection row would say nothing.
        for blueprint in workspace.blueprints
        where !(blueprint.root.flags.isEmpty && blueprint.root.collections.isEmpty && !blueprint.features.isEmpty) {
            addCollection(blueprint.root, file: blueprint.file, parent: nil)
        }
        addFeatures()
        addContext()
        addDevices()
        addLiveDevices()
        addUnknownKeys()
        addProblems()
    }

    @discardableResult
    private mutating func add(
        _ kind: NodeKind, flagIndex: Int? = nil, label: String, parent: Int?, search parts: @autoclosure () -> [String],
        hidden: Bool = false
    ) -> Int {
        sink.add(kind, flagIndex: flagIndex, label: label, parent: parent, search: parts, hidden: hidden)
    }

    private mutating func addCollection(_ collection: FlagCollection, file: String, parent: Int?) {
        let node = add(
            .collection(
                name: collection.name, description: collection.description, keyPath: collection.keyPath, file: file),
            label: collection.name, parent: parent,
            search: [collection.name, collection.keyPath, collection.description ?? ""])
        for flag in collection.flags { addFlag(flag.key, parent: node) }
        for nested in collection.collections { addCollection(nested, file: file, parent: node) }
    }

    private mutating func addFlag(_ key: String, label: String? = nil, parent: Int) {
        guard let flagIndex = workspace.flags.index(forKey: key) else { return }
        let flag = workspace.flags.values[flagIndex]
        add(
            .flag(key: key), flagIndex: flagIndex, label: label ?? flag.name, parent: parent,
            search: [flag.name, key, flag.description ?? "", flag.tags.joined(separator: " "), flag.owner ?? ""],
            hidden: flag.hidden)
    }

    private mutating func addFeatures() {
        let topLevel = workspace.blueprints.flatMap(\.features)
        guard !topLevel.isEmpty else { return }
        // Counted and worded as `flagscope devices` and `flagscope features` say it.
        let section = add(
            .section(.features, summary: FeatureCounts(explanations.values).text),
            label: TreeSection.features.title, parent: nil, search: ["features"])
        for feature in topLevel { addFeature(feature, parent: section) }
    }

    private mutating func addFeature(_ feature: FeatureDefinition, parent: Int) {
        let node = add(
            .feature(key: feature.key), label: feature.displayName, parent: parent,
            search: [feature.displayName, feature.key, feature.description ?? ""])
        if let explanation = explanations[feature.key] {
            for (position, constraint) in explanation.constraints.enumerated()
            where constraint.status != .notActive || constraint.kind != .platform {
                let label: String
                switch constraint.kind {
                case .permission: label = "permission \(constraint.name)"
                case .purchase: label = "purchase \(constraint.name)"
                case .platform: label = "platform \(constraint.name)"
                case .userToggled: label = "user toggle"
                case .runtimeEnabled: label = "runtime switch"
                }
                add(
                    .constraint(featureKey: feature.key, index: position, kind: constraint.kind, name: constraint.name),
                    label: label, parent: node,
                    search: [label, constraint.name, constraint.detail, constraint.keys.joined(separator: " ")])
            }
        }
        for sub in feature.features { addFeature(sub, parent: node) }
    }

    private mutating func addContext() {
        guard !contextKeys.isEmpty else { return }
        let section = add(
            .section(.context, summary: "the simulated device"), label: TreeSection.context.title,
            parent: nil, search: ["context device"])
        // Each group is added whole, in the order its first key appears, so node indices stay
        // in tree pre-order (the rows rely on it).
        var order: [String] = []
        var grouped: [String: [String]] = [:]
        for key in contextKeys {
            let group =
                key.hasPrefix("context/permissions/")
                ? "permissions" : key.hasPrefix("context/purchases/") ? "purchases" : key
            if grouped[group] == nil { order.append(group) }
            grouped[group, default: []].append(key)
        }
        let productNames = Dictionary(
            workspace.products.values.map { ($0.productID, $0.name) }, uniquingKeysWith: { first, _ in first })
        for group in order {
            switch group {
            case "permissions":
                let node = add(
                    .group(.permissions), label: ContextGroup.permissions.title, parent: section,
                    search: ["permissions"])
                for key in grouped[group]! { addFlag(key, parent: node) }
            case "purchases":
                let node = add(
                    .group(.purchases), label: ContextGroup.purchases.title, parent: section, search: ["purchases"])
                for key in grouped[group]! {
                    let productID = String(key.dropFirst("context/purchases/".count))
                    addFlag(
                        key, label: productNames[productID].map { "\($0) (\(productID))" } ?? productID, parent: node)
                }
            default:
                addFlag(group, label: String(group.dropFirst(ContextKeys.prefix.count)), parent: section)
            }
        }
    }

    /// The device profiles, in the order `devices:` finds them; the row of the active one says so.
    private mutating func addDevices() {
        let devices = workspace.devices
        guard !devices.isEmpty else { return }
        let summary =
            workspace.activeDevice.map { "✓ \($0.name)" } ?? "\(Plural.count(devices.count, "profile")), none simulated"
        let section = add(
            .section(.devices, summary: summary),
            label: TreeSection.devices.title, parent: nil, search: ["devices profiles"])
        for device in devices {
            add(
                .device(name: device.name), label: device.name, parent: section,
                search: [device.name, device.file])
        }
    }

    /// The devices that asked the server sharing the process, in the order they first asked;
    /// while none has, the heading says where to point the app.
    private mutating func addLiveDevices() {
        guard let served = workspace.served else { return }
        let count = served.devices.count
        let summary =
            count == 0
            ? "none yet · http://\(served.address)"
            : "\(Plural.count(count, "device")) asked \(served.address)"
        let section = add(
            .section(.live, summary: summary), label: TreeSection.live.title, parent: nil,
            search: ["live devices serving"])
        for device in served.devices.values {
            add(.liveDevice(name: device.name), label: device.name, parent: section, search: [device.name])
        }
    }

    /// At most this many diagnostics are nodes; `flagscope validate` lists them all.
    static var problemNodeLimit: Int { 1_000 }

    /// The workspace's diagnostics, errors first, then warnings, then notes, each in reading order.
    private mutating func addProblems() {
        let diagnostics = workspace.diagnostics
        guard !diagnostics.isEmpty else { return }
        let sorted = diagnostics.sortedForReading()
        let ordered = [Diagnostic.Severity.error, .warning, .note].flatMap { severity in
            sorted.filter { $0.severity == severity }
        }
        var summary = ProblemCount(diagnostics).text
        if ordered.count > Self.problemNodeLimit {
            summary += "; the first \(Self.problemNodeLimit) shown, `flagscope validate` lists all"
        }
        let section = add(
            .section(.problems, summary: summary), label: TreeSection.problems.title, parent: nil,
            search: ["problems diagnostics"])
        for diagnostic in ordered.prefix(Self.problemNodeLimit) {
            let position = diagnostic.location.map { ":\($0.line):\($0.column)" } ?? ""
            add(
                .diagnostic(diagnostic), label: "\(diagnostic.file)\(position): \(diagnostic.message)", parent: section,
                // The place as validate prints it, so `/podcast.yml:25` finds its problem.
                search: ["\(diagnostic.file)\(position)", diagnostic.message, diagnostic.severity.rawValue])
        }
    }

    private mutating func addUnknownKeys() {
        guard !workspace.unknownKeys.isEmpty else { return }
        let section = add(
            .section(
                .unknown,
                summary:
                    "\(workspace.unknownKeys.count) key\(workspace.unknownKeys.count == 1 ? "" : "s") no blueprint declares"
            ),
            label: TreeSection.unknown.title, parent: nil, search: ["unknown keys"])
        for unknown in workspace.unknownKeys {
            add(
                .unknownKey(unknown), label: unknown.key, parent: section,
                search: [unknown.key, unknown.provider, unknown.suggestion ?? ""])
        }
    }
}
