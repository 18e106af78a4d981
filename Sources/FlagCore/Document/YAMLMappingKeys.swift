// Only for `Resolver.default`, asked in the rare case where a plain key and a quoted or tagged
// key have the same text: whether they repeat each other depends on what the plain one resolves to.
import Yams

/// The keys of one YAML mapping being read, to find a key written twice.
///
/// Two keys are the same key when YAML says so, as Yams' composer decided it before this reader
/// read events itself: same text and same resolved tag. `a` and `"a"` repeat each other (both are
/// strings); `1` and `"1"`, or `yes` and `"yes"`, do not (an int, a bool and a string). Keys that
/// are collections are compared by their nodes; inside them, tags are judged by quoting alone.
struct YAMLMappingKeys {
    /// YAML's string tag: quoted scalars and the non-specific tag `!` resolve to it.
    static let stringTag = "tag:yaml.org,2002:str"

    /// Mappings up to this many keys are searched in order; a hash costs more than it saves.
    private static let linearSearchLimit = 12

    /// Every key's text with the index of its first key, once the mapping outgrows a linear search.
    private var firstIndex: [String: Int]?
    /// The tag of each key whose tag is not what its quoting implies, by index (rare: `!!str a`).
    private var unusualTags: [Int: String]?
    /// The indexes of keys that are collections, by a hash of their nodes.
    private var collectionKeys: [Int: [Int]]?
    /// Where keys that are aliases are written, by index (their nodes are where the anchor is).
    private var writtenLocations: [Int: TextLocation]?
    /// Each repeated key once: the index of its first occurrence and where it is written again.
    private var repeated: [(first: Int, again: TextLocation)] = []

    /// The mapping's pairs (so far).
    typealias Pairs = UnsafeBufferPointer<(key: SourceNode, value: SourceNode)>

    /// Records `key`, which follows `pairs`; `tag` is its resolved tag, or nil for a plain scalar
    /// without one; `location` is where it is written (for an alias, not where its anchor is).
    mutating func add(_ key: SourceNode, tag: String?, location: TextLocation, after pairs: Pairs) {
        let index = pairs.count
        if location != key.location {
            writtenLocations = writtenLocations ?? [:]
            writtenLocations?[index] = location
        }
        let impliedTag = key.impliedTag
        if tag != impliedTag {
            unusualTags = unusualTags ?? [:]
            unusualTags?[index] = tag
        }
        switch key.content {
        case .scalar(let text, _):
            if let earlier = earlierScalar(text, tag: tag, in: pairs) {
                noteRepeat(of: earlier, at: location)
            }
            if firstIndex == nil, index >= Self.linearSearchLimit {
                var table: [String: Int] = [:]
                for (earlier, pair) in pairs.enumerated() {
                    if let text = pair.key.scalarText, table[text] == nil { table[text] = earlier }
                }
                firstIndex = table
            }
            if firstIndex != nil, firstIndex?[text] == nil { firstIndex?[text] = index }
        case .mapping, .sequence:
            let hash = key.identityHash
            let candidates = collectionKeys?[hash] ?? []
            if let earlier = candidates.first(where: { Self.same(Self.key($0, in: pairs), key) }) {
                noteRepeat(of: earlier, at: location)
            }
            collectionKeys = collectionKeys ?? [:]
            collectionKeys?[hash, default: []].append(index)
        }
    }

    /// The error for keys written twice in the finished mapping `pairs`, if any, in the words and at
    /// the place users saw before this reader read events itself: the keys named in order (texts,
    /// then collections), at the first key that repeats one passed since the first named key.
    func duplicateError(in pairs: Pairs) -> DocumentError? {
        let named = repeated.map { (first: $0.first, name: Self.key($0.first, in: pairs).scalarText, again: $0.again) }
            .sorted { ($0.name == nil ? 1 : 0, $0.name ?? "") < ($1.name == nil ? 1 : 0, $1.name ?? "") }
        guard let first = named.first else { return nil }
        let names = named.map { "'\($0.name ?? "<uncovertable>")'" }.joined(separator: ", ")  // Yams' word, sic
        // In a block mapping that is the second occurrence of the first named key, or of a key
        // repeated in between, as when a run of keys is pasted twice.
        let repeatedNames = Set(named.compactMap(\.name))
        var passed: Set<String> = []
        for index in first.first..<pairs.count {
            guard let text = Self.key(index, in: pairs).scalarText, repeatedNames.contains(text) else { continue }
            if passed.contains(text) {
                return DocumentError(
                    "duplicate key \(names) in a mapping",
                    at: writtenLocations?[index] ?? Self.key(index, in: pairs).location)
            }
            passed.insert(text)
        }
        return DocumentError("duplicate key \(names) in a mapping", at: first.again)
    }

    /// Records that the key at `location` repeats key number `earlier` (once per repeated key).
    private mutating func noteRepeat(of earlier: Int, at location: TextLocation) {
        if !repeated.contains(where: { $0.first == earlier }) { repeated.append((earlier, location)) }
    }

    /// The first earlier scalar key that is the same key as `text` tagged `tag`.
    private func earlierScalar(_ text: String, tag: String?, in pairs: Pairs) -> Int? {
        if let firstIndex {
            guard let first = firstIndex[text] else { return nil }
            if Self.sameTag(tagOfKey(first, in: pairs), tag, text: text) { return first }
            // Same text, other tag (`1` after `"1"`): a later key may still match. Rare, so search.
        }
        for index in 0..<pairs.count where pairs[index].key.hasText(text) {
            if Self.sameTag(tagOfKey(index, in: pairs), tag, text: text) { return index }
        }
        return nil
    }

    /// The resolved tag of key number `index` (nil: plain, untagged).
    private func tagOfKey(_ index: Int, in pairs: Pairs) -> String? {
        unusualTags?[index] ?? Self.key(index, in: pairs).impliedTag
    }

    /// Key number `index` of the mapping.
    private static func key(_ index: Int, in pairs: Pairs) -> SourceNode {
        pairs[index].key
    }

    /// Whether two scalars with the same `text` have the same resolved tag (nil: plain, untagged).
    private static func sameTag(_ first: String?, _ second: String?, text: String) -> Bool {
        switch (first, second) {
        case (nil, nil): return true
        case (let tag?, nil), (nil, let tag?):
            return Yams.Resolver.default.resolveTag(of: Yams.Node(text)).rawValue == tag
        case (let first?, let second?): return first == second
        }
    }

    /// Whether two keys are the same nodes (tags inside collections judged by quoting alone).
    private static func same(_ first: SourceNode, _ second: SourceNode) -> Bool {
        switch (first.content, second.content) {
        case (.scalar(let text, _), .scalar(let other, _)):
            return text == other && sameTag(first.impliedTag, second.impliedTag, text: text)
        case (.sequence(let items), .sequence(let others)):
            return items.count == others.count && zip(items, others).allSatisfy { same($0, $1) }
        case (.mapping(let pairs), .mapping(let others)):
            return pairs.count == others.count
                && zip(pairs, others).allSatisfy { same($0.key, $1.key) && same($0.value, $1.value) }
        default:
            return false
        }
    }
}

extension SourceNode {
    /// Whether this is a scalar whose text is `text` (as Strings compare: `é` written either way).
    fileprivate func hasText(_ text: String) -> Bool {
        guard case .scalar(let own, _) = content else { return false }
        return own == text
    }

    /// The tag a scalar's quoting gives it: a quoted scalar is a string; a plain one is resolved.
    fileprivate var impliedTag: String? {
        if case .scalar(_, true) = content { return YAMLMappingKeys.stringTag }
        return nil
    }

    /// A hash that equal keys share (quoting is left out: `a` and `"a"` may be the same key).
    fileprivate var identityHash: Int {
        var hasher = Hasher()
        func combine(_ node: SourceNode) {
            switch node.content {
            case .scalar(let text, _):
                hasher.combine(0)
                hasher.combine(text)
            case .sequence(let items):
                hasher.combine(1)
                hasher.combine(items.count)
                items.forEach(combine)
            case .mapping(let pairs):
                hasher.combine(2)
                hasher.combine(pairs.count)
                for (key, value) in pairs {
                    combine(key)
                    combine(value)
                }
            }
        }
        combine(self)
        return hasher.finalize()
    }
}
