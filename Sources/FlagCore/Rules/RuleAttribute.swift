import Foundation
import OrderedCollections

/// What the rules that read an attribute compare it with: the kind of value they expect.
package enum AttributeTypeHint: String, Sendable, Hashable {
    /// Text (compared with text, looked up in a list of text, matched by its start or end).
    case text
    /// A number (compared with a number literal).
    case number
    /// A bool (compared with `true` or `false`).
    case bool
    /// A semantic version, written as text (`sem_ver`).
    case version
}

/// One rule that reads an attribute: where it is and what it says.
package struct AttributeReader: Sendable, Hashable {
    /// The provider whose file holds the rule.
    package var provider: String
    /// The flag whose rules these are.
    package var flag: String
    /// The rule in the source's own words, as the trace words it (`email ends_with "@example.com"`).
    package var rule: String {
        get { wording.text }
        set { wording = .text(newValue) }
    }
    /// The words, or the compiled rule they are written from when read: every rule of a stack is
    /// indexed at load, and only the attributes QA looks at show their readers.
    var wording: RuleWording
    /// Where the rule is written in the provider's file, when known.
    package var location: TextLocation?

    /// Creates a reader.
    package init(provider: String, flag: String, rule: String, location: TextLocation? = nil) {
        self.init(provider: provider, flag: flag, wording: .text(rule), location: location)
    }

    /// Creates a reader whose words are written when read.
    init(provider: String, flag: String, wording: RuleWording, location: TextLocation?) {
        self.provider = provider
        self.flag = flag
        self.wording = wording
        self.location = location
    }
}

/// A `context/*` attribute that some rule reads (docs/rules.md), found by reading the compiled rules
/// (never by evaluating them): set or not, it is a key of the simulated device.
package struct RuleAttribute: Sendable, Hashable {
    /// The full key, `context/email`.
    package var key: String
    /// What the rules compare it with, when they agree on something; the first kind found wins.
    package var typeHint: AttributeTypeHint?
    /// Text values the rules compare it with or look it up among, in the order written, each once.
    package var suggestions: [String]
    /// Every rule that reads it, in stack order, then file order.
    package var readers: [AttributeReader]

    /// Creates an attribute.
    package init(
        key: String, typeHint: AttributeTypeHint? = nil, suggestions: [String] = [], readers: [AttributeReader] = []
    ) {
        self.key = key
        self.typeHint = typeHint
        self.suggestions = suggestions
        self.readers = readers
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

/// One place in a rule that reads an attribute, with what it is compared with there.
struct AttributeRead: Sendable, Hashable {
    /// The full key read, `context/user/name`.
    var key: String
    /// What the rule compares it with.
    var typeHint: AttributeTypeHint?
    /// Text it is compared with or looked up among.
    var suggestions: [String]
    /// The rule that reads it, in the trace's words (written when read).
    var wording: RuleWording
    /// Where that rule is written.
    var location: TextLocation?

    /// The rule that reads it, in the trace's words.
    var rule: String { wording.text }

    /// Creates a read of a rule worded as `rule`.
    init(
        key: String, typeHint: AttributeTypeHint? = nil, suggestions: [String] = [], rule: String,
        location: TextLocation? = nil
    ) {
        self.init(key: key, typeHint: typeHint, suggestions: suggestions, wording: .text(rule), location: location)
    }

    /// Creates a read of a rule worded when its words are read.
    init(
        key: String, typeHint: AttributeTypeHint? = nil, suggestions: [String] = [], wording: RuleWording,
        location: TextLocation? = nil
    ) {
        self.key = key
        self.typeHint = typeHint
        self.suggestions = suggestions
        self.wording = wording
        self.location = location
    }

    /// Whether `other` (a read of the same flag) lists the same reader of the same attribute: the
    /// same key, place and words. The words are written only for reads at one place.
    func isSameReader(as other: AttributeRead) -> Bool {
        key == other.key && location == other.location && wording == other.wording
    }
}

extension CompiledRules {
    /// Every attribute these rules read, in the order written (a rule read twice is listed twice).
    /// Each kind may word its reads as text (`.text`) or leave them to be worded when shown.
    var attributeReads: [AttributeRead] { reads(keysOnly: false) }

    /// The reads of ``attributeReads``, keys, rules and places, without what a flagd rule
    /// compares each attribute with: finding that costs time, and loading needs only the keys.
    var attributeKeys: [AttributeRead] { reads(keysOnly: true) }

    private func reads(keysOnly: Bool) -> [AttributeRead] {
        switch self {
        case .flagd(let rules):
            guard let targeting = rules.targeting else { return [] }
            var walk = JsonLogicAttributeWalk()
            walk.keysOnly = keysOnly
            walk.visit(targeting, parent: nil)
            return walk.reads
        case .unleash(let rules):
            return rules.attributeReads
        case .firebase(let parameter):
            return parameter.attributeReads
        }
    }
}
