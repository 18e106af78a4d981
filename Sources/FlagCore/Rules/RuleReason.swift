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
