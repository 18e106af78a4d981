import Foundation
import OrderedCollections

/// The attribute index of a workspace, built the first time it is asked for: loading needs only
/// the keys (``RuleAttributeIndex/firstReads(of:)``); what the rules compare each attribute
/// with and every rule that reads it are for the Context branch, which may never be opened
/// (`get`, `list`, `validate`). Copies of a workspace share one.
final class LazyRuleAttributes: @unchecked Sendable {
    /// Guards `built` (a workspace is `Sendable`).
    private let lock = NSLock()
    private var built: [RuleAttribute]?
    /// The providers as loaded, whose rules are indexed.
    private let providers: [ProviderData]

    /// An index of the rules of `providers`, built when first read.
    init(providers: [ProviderData]) {
        self.providers = providers
    }

    /// Every attribute, ordered by key; built now if it was not.
    var attributes: [RuleAttribute] {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let attributes = RuleAttributeIndex.attributes(of: providers)
        built = attributes
        return attributes
    }
}

/// Builds the attribute index of a provider stack.
enum RuleAttributeIndex {
    /// Every attribute the rules of `providers` read, each once with its first reader, in the
    /// order first read: the same keys and first readers as ``attributes(of:)``, without what
    /// the rules compare them with. A provider's rules are walked only until every key they may
    /// read has been found: a file of 10k flags that read `email` and `country` is done after
    /// the first flags that read them.
    static func firstReads(of providers: [ProviderData]) -> [FirstAttributeRead] {
        var seen: Set<String> = []
        var found: [FirstAttributeRead] = []
        for provider in providers where provider.status == .loaded {
            var unseen = provider.ruleAttributeKeys.map { $0.subtracting(seen) }
            for (flagKey, entry) in provider.entries {
                if unseen?.isEmpty == true { break }
                guard let rules = entry.rules else { continue }
                for read in rules.attributeKeys where seen.insert(read.key).inserted {
                    unseen?.remove(read.key)
                    let reader = AttributeReader(
                        provider: provider.config.name, flag: flagKey, wording: read.wording, location: read.location)
                    found.append(FirstAttributeRead(key: read.key, reader: reader))
                }
            }
        }
        return found
    }

    /// Every attribute the rules of `providers` read, ordered by key.
    static func attributes(of providers: [ProviderData]) -> [RuleAttribute] {
        var found: [String: RuleAttribute] = [:]
        // What each attribute already suggests, to drop repeats by hashing: an attribute that
        // every flag of a 10k file compares would otherwise scan its whole list on every read.
        var seenSuggestions: [String: Set<String>] = [:]
        for provider in providers where provider.status == .loaded {
            for (flagKey, entry) in provider.entries {
                guard let rules = entry.rules else { continue }
                let reads = rules.attributeReads
                for (index, read) in reads.enumerated() {
                    // A reader names its flag, so only this flag's own reads can repeat it.
                    let isNewReader = !reads[..<index].contains { $0.isSameReader(as: read) }
                    var newSuggestions: [String] = []
                    if !read.suggestions.isEmpty {
                        // The attribute's set is looked up once for all of this read's values.
                        Self.keepUnseen(
                            read.suggestions, in: &seenSuggestions[read.key, default: []], to: &newSuggestions)
                    }
                    let reader =
                        isNewReader
                        ? AttributeReader(
                            provider: provider.config.name, flag: flagKey, wording: read.wording,
                            location: read.location) : nil
                    // Changed in place in the dictionary: a copy taken out and put back would copy
                    // its lists on every read.
                    Self.add(
                        read, reader: reader, suggestions: newSuggestions,
                        to: &found[read.key, default: RuleAttribute(key: read.key)])
                }
            }
        }
        return found.values.sorted { $0.key < $1.key }
    }

    /// Appends to `unseen` the values not yet in `seen`, adding them to it.
    private static func keepUnseen(_ values: [String], in seen: inout Set<String>, to unseen: inout [String]) {
        for value in values where seen.insert(value).inserted { unseen.append(value) }
    }

    private static func add(
        _ read: AttributeRead, reader: AttributeReader?, suggestions: [String], to attribute: inout RuleAttribute
    ) {
        if attribute.typeHint == nil { attribute.typeHint = read.typeHint }
        if !suggestions.isEmpty { attribute.suggestions.append(contentsOf: suggestions) }
        if let reader { attribute.readers.append(reader) }
    }
}

extension Workspace {
    /// The attribute some rule reads at `key` (docs/rules.md), or `nil` when no rule reads it.
    package func ruleAttribute(_ key: String) -> RuleAttribute? {
        // Sorted by key: a binary search, as the detail pane asks on every frame.
        var low = 0
        var high = ruleAttributes.count
        while low < high {
            let middle = (low + high) / 2
            if ruleAttributes[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < ruleAttributes.count && ruleAttributes[low].key == key ? ruleAttributes[low] : nil
    }
}

/// An attribute's key and the first rule that reads it: all that loading a workspace needs to
/// make the attribute a key of the simulated device.
struct FirstAttributeRead {
    /// The full key, `context/email`.
    var key: String
    /// The first rule of the stack that reads it.
    var reader: AttributeReader
}
