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

    private func reads(keysOnly: Bool) -> [AttributeRead] { engine.attributeReads(keysOnly: keysOnly) }
}
