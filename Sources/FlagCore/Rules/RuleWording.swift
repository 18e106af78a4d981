/// A rule in the source's own words, as a trace step or an attribute's reader shows it: the
/// words themselves, or the compiled rule they are written from when someone reads them.
///
/// Every flag's rules are walked at load (for the attributes they read) and evaluated on every
/// resolve (for their steps), and few of those words are ever shown: writing them all would be a
/// third of evaluating and half of indexing the attributes. Two wordings are equal when they
/// say the same words, however they are kept.
package enum RuleWording: Sendable, Hashable {
    /// Words given as they are (a rule kind whose rules are text, a test).
    case text(String)
    /// A compiled JsonLogic rule, worded by ``RuleText``.
    case jsonLogic(JsonLogicRule)
    /// One operation of a compiled JsonLogic rule (kept as it is, so that naming it costs no
    /// new rule), worded by ``RuleText``.
    case jsonLogicOperation(JsonLogicOperation)

    /// The words.
    package var text: String {
        switch self {
        case .text(let text): return text
        case .jsonLogic(let rule): return RuleText.describe(rule)
        case .jsonLogicOperation(let operation): return RuleText.describe(.operation(operation))
        }
    }

    package static func == (a: RuleWording, b: RuleWording) -> Bool {
        if case .text(let left) = a, case .text(let right) = b { return left == right }
        return a.text == b.text
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
