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
    package var rule: String
    /// Where the rule is written in the provider's file, when known.
    package var location: TextLocation?

    /// Creates a reader.
    package init(provider: String, flag: String, rule: String, location: TextLocation? = nil) {
        self.provider = provider
        self.flag = flag
        self.rule = rule
        self.location = location
    }
}

/// A `context/*` attribute that some rule reads (SPEC §8), found by reading the compiled rules
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

/// Builds the attribute index of a provider stack.
enum RuleAttributeIndex {
    /// Every attribute the rules of `providers` read, ordered by key.
    static func attributes(of providers: [ProviderData]) -> [RuleAttribute] {
        var found: [String: RuleAttribute] = [:]
        // What each attribute already lists, to drop repeats by hashing: an attribute that every
        // flag of a 10k file reads would otherwise scan its whole list on every read.
        var seenReaders: [String: Set<AttributeReader>] = [:]
        var seenSuggestions: [String: Set<String>] = [:]
        for provider in providers where provider.status == .loaded {
            for (flagKey, entry) in provider.entries {
                guard let rules = entry.rules else { continue }
                for read in rules.attributeReads {
                    let reader = AttributeReader(
                        provider: provider.config.name, flag: flagKey, rule: read.rule, location: read.location)
                    let isNewReader = seenReaders[read.key, default: []].insert(reader).inserted
                    let newSuggestions = read.suggestions.filter {
                        seenSuggestions[read.key, default: []].insert($0).inserted
                    }
                    // Changed in place in the dictionary: a copy taken out and put back would copy
                    // its lists on every read.
                    Self.add(
                        read, reader: isNewReader ? reader : nil, suggestions: newSuggestions,
                        to: &found[read.key, default: RuleAttribute(key: read.key)])
                }
            }
        }
        return found.values.sorted { $0.key < $1.key }
    }

    private static func add(
        _ read: AttributeRead, reader: AttributeReader?, suggestions: [String], to attribute: inout RuleAttribute
    ) {
        if attribute.typeHint == nil { attribute.typeHint = read.typeHint }
        attribute.suggestions.append(contentsOf: suggestions)
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
    /// The rule that reads it, in the trace's words.
    var rule: String
    /// Where that rule is written.
    var location: TextLocation?
}

extension CompiledRules {
    /// Every attribute these rules read, in the order written (a rule read twice is listed twice).
    var attributeReads: [AttributeRead] {
        switch self {
        case .flagd(let flag):
            guard let targeting = flag.targeting else { return [] }
            var walk = JsonLogicAttributeWalk()
            walk.visit(targeting, parent: nil)
            return walk.reads
        case .unleash(let rules):
            return rules.attributeReads
        }
    }
}
