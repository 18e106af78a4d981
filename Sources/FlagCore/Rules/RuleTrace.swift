/// Why a rule set gave what it gave, in OpenFeature's words (docs/rules.md).
package enum RuleReason: String, Sendable, Hashable, CaseIterable {
    /// No rule applies: the definition's one value.
    case staticValue = "STATIC"
    /// A rule chose the value.
    case targetingMatch = "TARGETING_MATCH"
    /// A percentage split chose the value.
    case split = "SPLIT"
    /// Rules ran and chose nothing: the default (or, with none, the app's own default).
    case defaultValue = "DEFAULT"
    /// The flag is switched off at the source.
    case disabled = "DISABLED"
    /// The rules could not be evaluated; the app falls back to its code default.
    case error = "ERROR"
}

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

/// How a layer with rules decided (docs/rules.md): one shape for flagd targeting, Unleash
/// strategies and Firebase conditions.
package struct RuleTrace: Sendable, Hashable {
    /// The variant (or branch, strategy, condition) that gave the value.
    package var variant: String?
    /// Why.
    package var reason: RuleReason
    /// OpenFeature's error code when the reason is `ERROR` (`PARSE_ERROR`, `GENERAL`, …).
    package var errorCode: String?
    /// What went wrong, when something did.
    package var errorMessage: String?
    /// The rules evaluated, in order.
    package var steps: [RuleStep]

    /// Creates a trace.
    package init(
        variant: String? = nil, reason: RuleReason, errorCode: String? = nil, errorMessage: String? = nil,
        steps: [RuleStep] = []
    ) {
        self.variant = variant
        self.reason = reason
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.steps = steps
    }

    /// Every context key the steps read, first read first, each once.
    package var reads: [ContextRead] {
        var seen: Set<String> = []
        return steps.flatMap(\.reads).filter { seen.insert($0.key).inserted }
    }
}

/// What a layer's rules decide for one context.
package enum RuleResult: Sendable, Hashable {
    /// This value (not yet checked against the flag's type).
    case value(RawValue)
    /// No value: the next layer decides (no default variant, a disabled flag).
    case unset
    /// The rules could not be evaluated: the layer is an error with this reason.
    case error(String)
}

/// A rule set's decision with the trace of how it was made.
package struct RuleOutcome: Sendable, Hashable {
    /// The decision.
    package var result: RuleResult
    /// How it was made.
    package var trace: RuleTrace
}

/// Why a rule could not be evaluated (the evaluation gives an error result, never a crash).
package struct RuleEvaluationError: Error, Sendable, Hashable {
    /// What went wrong.
    package var message: String
    /// Where, when known.
    package var location: TextLocation?
    /// OpenFeature's error code for it: `PARSE_ERROR` for a rule flagd cannot run, `GENERAL`
    /// for one that runs out of its budget.
    package var code: String

    /// Creates an error.
    package init(_ message: String, at location: TextLocation? = nil, code: String = "PARSE_ERROR") {
        self.message = message
        self.location = location
        self.code = code
    }
}
