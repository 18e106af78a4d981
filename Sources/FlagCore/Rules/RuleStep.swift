/// A `context/*` key a rule read, with what it held.
package struct ContextRead: Sendable, Hashable {
    /// The full key, `context/email`.
    package var key: String
    /// Its value, or `nil` when unset.
    package var value: JSONValue?

    /// Creates a read.
    package init(key: String, value: JSONValue?) {
        self.key = key
        self.value = value
    }
}

/// A percentage step's numbers: where this device falls and how the whole is split.
package struct PercentageSplit: Sendable, Hashable {
    /// One share of the split.
    package struct Share: Sendable, Hashable {
        /// What the share gives (a variant, a branch), as the source names it.
        package var name: String
        /// Its weight as written (after negative weights count as zero).
        package var weight: Double
        /// Its part of the whole, 0–100.
        package var percent: Double
    }

    /// This device's position, 0 ≤ bucket < 100.
    package var bucket: Double
    /// Every share, in source order.
    package var shares: [Share]
    /// The share the bucket fell in, if any.
    package var chosen: String?
}

/// One evaluated rule: what the source says, what it read, what it gave.
package struct RuleStep: Sendable, Hashable {
    /// The note of a step that did not hold because it read `key` unset: what QA sets to try
    /// the other way (one wording for every rule kind).
    static func unsetNote(_ key: String) -> String {
        "\(key) is unset; set it to try the other way"
    }

    /// The rule in the source's own words (`email ends_with "@example.com"`).
    package var rule: String {
        get { wording.text }
        set { wording = .text(newValue) }
    }
    /// The words, or the compiled rule they are written from when asked for: every flag's
    /// steps are made on every resolve and few are ever shown, and writing them all was a
    /// third of evaluating.
    private var wording: RuleWording
    /// Where the rule is written, when known.
    package var location: TextLocation?
    /// The context keys it read, in reading order, each once.
    package var reads: [ContextRead]
    /// What it gave (`nil`: it could not be evaluated).
    package var result: JSONValue?
    /// For percentage steps, the bucket and the split.
    package var split: PercentageSplit?
    /// Why the result is what it is, when the rule says so (an operator that gave up:
    /// `"x" is not a semantic version`).
    package var note: String?

    /// Creates a step.
    package init(
        rule: String, location: TextLocation? = nil, reads: [ContextRead] = [], result: JSONValue?,
        split: PercentageSplit? = nil
    ) {
        self.init(wording: .text(rule), location: location, reads: reads, result: result, split: split)
    }

    /// Creates the step of a JsonLogic rule, worded by ``RuleText`` when its words are read.
    init(
        jsonLogic rule: JsonLogicRule, location: TextLocation? = nil, reads: [ContextRead] = [], result: JSONValue?,
        split: PercentageSplit? = nil
    ) {
        self.init(wording: .jsonLogic(rule), location: location, reads: reads, result: result, split: split)
    }

    private init(
        wording: RuleWording, location: TextLocation?, reads: [ContextRead], result: JSONValue?, split: PercentageSplit?
    ) {
        self.wording = wording
        self.location = location
        self.reads = reads
        self.result = result
        self.split = split
    }

    // Equal steps say the same words, however they are kept.
    package static func == (a: RuleStep, b: RuleStep) -> Bool {
        a.location == b.location && a.result == b.result && a.note == b.note && a.split == b.split && a.reads == b.reads
            && a.rule == b.rule
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(location)
        hasher.combine(reads)
        hasher.combine(result)
        hasher.combine(split)
        hasher.combine(note)
    }
}
