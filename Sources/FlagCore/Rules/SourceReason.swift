import OrderedCollections

/// A rule format's own reason for its answer, beside OpenFeature's (``RuleReason``): the
/// vendor's word (LaunchDarkly's `RULE_MATCH`, GrowthBook's `experiment`) and the fields it
/// carries in the vendor's names (`ruleIndex`, `ruleId`, `inExperiment`), so QA reads the
/// answer as the vendor's console and SDK would say it.
package struct SourceReason: Sendable, Hashable {
    /// The vendor's word for the reason.
    package var kind: String
    /// What the reason carries, in the vendor's names and order.
    package var fields: OrderedDictionary<String, JSONValue>

    /// Creates a reason.
    package init(_ kind: String, fields: OrderedDictionary<String, JSONValue> = [:]) {
        self.kind = kind
        self.fields = fields
    }

    /// `{"kind": …, …fields}`, as `get --json` writes it.
    package var json: JSONValue {
        var object: OrderedDictionary<String, JSONValue> = ["kind": .string(kind)]
        for (name, value) in fields where name != "kind" { object[name] = value }
        return .object(object)
    }

    /// `RULE_MATCH ruleIndex 0, ruleId "r1", inExperiment true`: the kind, then its first three
    /// fields (the JSON has them all; a line of text has room for what names the reason).
    package var text: String {
        let parts = fields.prefix(3).map { name, value in "\(name) \(value.compactText)" }
        return parts.isEmpty ? kind : kind + " " + parts.joined(separator: ", ")
    }
}
