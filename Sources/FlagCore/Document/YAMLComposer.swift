internal import CYaml

/// Builds the ``SourceNode`` tree of a YAML text straight from libyaml's events, in one pass.
///
/// Aliases repeat their anchored node (positions and all), and ``YAMLReader``'s limits are checked
/// as the events arrive, so a problem is reported at the first place in the text that shows it:
/// nesting too deep, aliases expanding past the node budget, a collection key too large, a
/// `!flag` tag, a key written twice, or libyaml's own syntax errors.
struct YAMLComposer: ~Copyable {
    /// A collection whose end has not been read yet (or the document, which holds the root).
    private struct Open {
        /// What the collection is.
        enum Kind {
            case document, sequence, mapping
        }

        /// What it is.
        var kind: Kind
        /// Where it starts (at its anchor, if it has one).
        var location: TextLocation
        /// The name aliases may repeat it by.
        var anchor: String?
        /// Where its items (or pairs) start in ``YAMLComposer/items`` (or ``YAMLComposer/pairs``).
        var start: Int
        /// A mapping's key, until its value is read.
        var key: SourceNode?
        /// A mapping's keys so far, to find one written twice.
        var keys = YAMLMappingKeys()
        /// Nodes in this collection, itself included and aliases expanded (saturating at the budget).
        var size = 1
        /// How many levels of nodes lie below this collection, aliases expanded.
        var height = 0
    }

    /// A node an alias may repeat, with what the limits need to know about it.
    private struct Anchored {
        /// The node, positions and all.
        var node: SourceNode
        /// Its nodes, itself included and aliases expanded (saturating at the budget).
        var size: Int
        /// How many levels of nodes lie below it.
        var height: Int
        /// A scalar's resolved tag (nil for a plain scalar without one), for comparing keys.
        var tag: String?
    }

    /// Turns libyaml's marks into file positions.
    private let locations: NodeLocations
    /// The innermost collection being read; the document when no collection is open.
    private var current = Open(kind: .document, location: .start, start: 0)
    /// The collections around ``current``, outermost (the document) first.
    private var enclosing: [Open] = []
    // The items and pairs of all open collections, innermost last: each collection's array is made
    // once, at its exact size, when it ends.
    private var items = NodeStack<SourceNode>()
    private var pairs = NodeStack<(key: SourceNode, value: SourceNode)>()
    /// The nodes aliases may repeat, by anchor name (a later anchor of the same name replaces one).
    private var anchors: [String: Anchored] = [:]
    /// Nodes read so far, aliases expanded.
    private var nodeCount = 0
    /// Nodes in mapping keys that are collections, aliases expanded.
    private var collectionKeyNodes = 0
    /// The document's root, once it is finished.
    private var root: SourceNode?

    /// Sizes stop growing here, so nine aliases of nine aliases of … cannot overflow.
    private static let sizeCap = YAMLReader.maximumNodes + 1

    /// A composer for a text whose marks `locations` maps.
    private init(locations: NodeLocations) {
        self.locations = locations
    }

    /// libyaml refuses nesting past a process-wide limit (1,000), counted where its scanner has read
    /// to — up to 1,024 characters ahead of the event being composed — so `[[[[…` fails on its first
    /// bracket, before this reader's own limit, counted by events, can say where the 513th level is.
    /// Raised once, above any nesting the scanner can reach while the reader's limit holds.
    private static let libyamlNestingLimit: Int32 = {
        let limit = Int32(YAMLReader.maximumDepth + 4_096)
        yaml_set_max_nest_level(limit)
        return limit
    }()

    /// Reads the first document of `bytes` (the UTF-8 of `text`, which is not empty).
    static func compose(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> Result<SourceNode, DocumentError> {
        _ = libyamlNestingLimit
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(DocumentError("cannot read YAML: Memory error", at: .start))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var composer = YAMLComposer(locations: NodeLocations(bytes, text: text))
        do {
            return .success(try composer.read(&parser, text: text))
        } catch {
            return .failure(error)
        }
    }

    /// The stream's events: the stream start, then nothing (an empty document, read as an empty
    /// mapping) or one document, then the stream end.
    private mutating func read(_ parser: inout yaml_parser_t, text: String) throws(DocumentError) -> SourceNode {
        var event = yaml_event_t()
        func next() throws(DocumentError) -> yaml_event_type_t {
            yaml_event_delete(&event)
            guard yaml_parser_parse(&parser, &event) == 1 else { throw YAMLReader.libyamlError(parser, text: text) }
            return event.type
        }
        defer { yaml_event_delete(&event) }

        _ = try next()  // the stream start
        guard try next() != YAML_STREAM_END_EVENT else { return SourceNode(.mapping([]), at: .start) }
        // The document start is read; now its nodes, until the root is finished.
        while root == nil {
            try take(try next(), &event)
        }
        _ = try next()  // the document end
        if try next() != YAML_STREAM_END_EVENT {
            // Yams' words, kept since users have seen them.
            let lines = LineMap(text)
            let start = lines.location(line: 1, column: 1)
            throw DocumentError(
                "but found another document (expected a single document in the stream at line \(start.line), column \(start.column))",
                at: lines.location(line: event.start_mark.line + 1, column: event.start_mark.column + 1))
        }
        return root ?? SourceNode(.mapping([]), at: .start)
    }

    /// Takes in one node event.
    private mutating func take(_ type: yaml_event_type_t, _ event: inout yaml_event_t) throws(DocumentError) {
        switch type {
        case YAML_SCALAR_EVENT:
            let location = try start(at: event.start_mark)
            var value = UnsafeBufferPointer(start: event.data.scalar.value, count: event.data.scalar.length)
            if value.starts(with: [0xEF, 0xBB, 0xBF]) {
                // A byte order mark opening a value was dropped when Yams made it a String: keep it so.
                value = UnsafeBufferPointer(rebasing: value.dropFirst(3))
            }
            let text = String(decoding: value, as: UTF8.self)
            var quoted = event.data.scalar.style != YAML_PLAIN_SCALAR_STYLE
            // The tag that decides whether two keys are the same: nil for a plain scalar without one.
            var tag = event.data.scalar.quoted_implicit == 1 ? YAMLMappingKeys.stringTag : nil
            if let named = event.data.scalar.tag {
                let name = String(cString: named)
                // `computed: !flag` reads as a YAML tag named "!flag" with an empty value: say so.
                if name.hasPrefix("!"), !name.hasPrefix("!!"), name != "!" {
                    throw DocumentError(
                        "'\(name)' is read as a YAML tag; quote the value if it starts with '!' (for example \"\(name)\")",
                        at: location)
                }
                if !quoted, name == YAMLMappingKeys.stringTag, Self.resolvesPlain(text) {
                    quoted = true  // an explicit !!str tag on a plain scalar
                }
                tag = name == "!" ? YAMLMappingKeys.stringTag : name
            }
            let node = SourceNode(.scalar(text, quoted: quoted), at: location)
            if let anchor = event.data.scalar.anchor {
                anchors[String(cString: anchor)] = Anchored(node: node, size: 1, height: 0, tag: tag)
            }
            try add(node, at: location, size: 1, height: 0, tag: tag, isCollection: false)
        case YAML_SEQUENCE_START_EVENT:
            let location = try start(at: event.start_mark)
            let anchor = event.data.sequence_start.anchor.map { String(cString: $0) }
            open(Open(kind: .sequence, location: location, anchor: anchor, start: items.count))
        case YAML_MAPPING_START_EVENT:
            let location = try start(at: event.start_mark)
            let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
            open(Open(kind: .mapping, location: location, anchor: anchor, start: pairs.count))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard var done = enclosing.popLast() else { return }
            swap(&done, &current)  // moves, where assigning would copy the collection's state
            let content: SourceNode.Content
            if done.kind == .mapping {
                let own = pairs.removeArray(from: done.start)
                if let duplicate = own.withUnsafeBufferPointer({ done.keys.duplicateError(in: $0) }) { throw duplicate }
                content = .mapping(own)
            } else {
                content = .sequence(items.removeArray(from: done.start))
            }
            let node = SourceNode(content, at: done.location)
            if let anchor = done.anchor {
                anchors[anchor] = Anchored(node: node, size: done.size, height: done.height)
            }
            try add(node, at: done.location, size: done.size, height: done.height, tag: nil, isCollection: true)
        case YAML_ALIAS_EVENT:
            let location = locations.location(
                index: event.start_mark.index, line: event.start_mark.line, column: event.start_mark.column)
            guard let name = event.data.alias.anchor.map({ String(cString: $0) }), let anchored = anchors[name] else {
                throw DocumentError("found undefined alias", at: location)
            }
            try expand(anchored)
            try add(
                anchored.node, at: location, size: anchored.size, height: anchored.height,
                tag: anchored.tag, isCollection: anchored.size > 1)
        default:
            let mark = event.start_mark
            throw DocumentError(
                "cannot read YAML: unexpected event \(type.rawValue)",
                at: locations.location(index: mark.index, line: mark.line, column: mark.column))
        }
    }

    /// Makes `collection` the innermost open one.
    private mutating func open(_ collection: consuming Open) {
        var collection = collection
        swap(&collection, &current)
        enclosing.append(collection)
    }

    /// How many collections the next node is nested in.
    private var depth: Int { enclosing.count }

    /// Counts a new node written in the text, refusing it past the budget or the depth limit.
    private mutating func start(at mark: yaml_mark_t) throws(DocumentError) -> TextLocation {
        let location = locations.location(index: mark.index, line: mark.line, column: mark.column)
        nodeCount += 1
        if nodeCount > YAMLReader.maximumNodes { throw Self.tooManyNodes(at: location) }
        if depth >= YAMLReader.maximumDepth { throw Self.tooDeep(at: location) }
        return location
    }

    /// Counts the nodes an alias repeats; past a limit, reports the first repeated node beyond it.
    private mutating func expand(_ anchored: Anchored) throws(DocumentError) {
        let depth = depth
        guard nodeCount + anchored.size > YAMLReader.maximumNodes || depth + anchored.height >= YAMLReader.maximumDepth
        else {
            nodeCount += anchored.size
            return
        }
        // Walk the repeated nodes in the order the text would have them, as if written out.
        var count = nodeCount
        func walk(_ node: SourceNode, depth: Int) throws(DocumentError) {
            count += 1
            if count > YAMLReader.maximumNodes { throw Self.tooManyNodes(at: node.location) }
            if depth >= YAMLReader.maximumDepth { throw Self.tooDeep(at: node.location) }
            switch node.content {
            case .scalar: break
            case .sequence(let items):
                for item in items { try walk(item, depth: depth + 1) }
            case .mapping(let pairs):
                for (key, value) in pairs {
                    try walk(key, depth: depth + 1)
                    try walk(value, depth: depth + 1)
                }
            }
        }
        try walk(anchored.node, depth: depth)
        nodeCount = count
    }

    /// Puts a finished node into the collection it belongs to (or makes it the root). `location` is
    /// where it is written (for an alias, not where the anchored node is); `size` and `height` count
    /// its nodes and levels, aliases expanded; `tag` is a scalar's resolved tag (nil: plain, untagged);
    /// `isCollection` says whether, as a key, it counts against ``YAMLReader/maximumCollectionKeyNodes``.
    private mutating func add(
        _ node: SourceNode, at location: TextLocation, size: Int, height: Int, tag: String?,
        isCollection: Bool
    ) throws(DocumentError) {
        current.size = min(Self.sizeCap, current.size + size)
        current.height = max(current.height, height + 1)
        switch current.kind {
        case .sequence:
            items.append(node)
        case .mapping:
            if let key = current.key {
                pairs.append((key, node))
                current.key = nil
                return
            }
            if isCollection {
                // Comparing keys walks them, as often as aliases repeat them: keep that bounded.
                collectionKeyNodes = min(Self.sizeCap, collectionKeyNodes + size)
                if collectionKeyNodes > YAMLReader.maximumCollectionKeyNodes {
                    throw DocumentError(
                        "mapping keys that are collections expand to more than \(YAMLReader.maximumCollectionKeyNodes) nodes "
                            + "(aliases repeating aliases?); keys must be plain text", at: location)
                }
            }
            current.keys.add(node, tag: tag, location: location, after: pairs.elements(from: current.start))
            current.key = node
        case .document:
            root = node
        }
    }

    /// Whether a plain scalar's text reads as something other than text (bool, number, null).
    private static func resolvesPlain(_ text: String) -> Bool {
        PlainScalar.bool(text) != nil || PlainScalar.number(text) != nil
            || SourceNode(.scalar(text, quoted: false), at: .start).isNull
    }

    /// The error for a document whose aliases expand past ``YAMLReader/maximumNodes`` at `location`.
    private static func tooManyNodes(at location: TextLocation) -> DocumentError {
        DocumentError(
            "the document expands to more than \(YAMLReader.maximumNodes) nodes (aliases repeating aliases?)",
            at: location)
    }

    /// The error for a node nested ``YAMLReader/maximumDepth`` levels deep at `location`.
    private static func tooDeep(at location: TextLocation) -> DocumentError {
        DocumentError("nesting deeper than \(YAMLReader.maximumDepth) levels", at: location)
    }
}
