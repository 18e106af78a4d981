extension LaunchDarklyClause {
    /// The most values a clause's words list; the rest are counted.
    static let shownValues = 10

    /// The clause as LaunchDarkly's UI words it: `country is one of [IT, DE]`,
    /// `email ends with "@example.com"`, `user is in segment beta-testers`,
    /// `organization tier is not one of [free]`.
    package var words: String {
        let subject: String
        if knownOperator == .segmentMatch {
            subject = "user"
        } else {
            let attribute = TerminalText.capped(attribute.text.isEmpty ? "(no attribute)" : attribute.text, limit: 60)
            subject = contextKind == "user" ? attribute : "\(TerminalText.capped(contextKind, limit: 40)) \(attribute)"
        }
        guard let known = knownOperator else {
            return
                "\(subject) \(negate ? "not " : "")\(TerminalText.capped(operatorName, limit: 40)) \(listed(quoted: false))"
        }
        let verb = negate ? known.words.negated : known.words.plain
        switch known {
        case .in:
            return "\(subject) \(verb) \(listed(quoted: false))"
        case .segmentMatch:
            let names = values.prefix(Self.shownValues).map { value in
                value.launchDarklyText.map { TerminalText.capped($0, limit: 60) } ?? value.compactText(limit: 60)
            }
            let more = values.count > Self.shownValues ? " … \(values.count - Self.shownValues) more" : ""
            return "\(subject) \(verb) \(names.joined(separator: " or "))\(more)"
        default:
            return "\(subject) \(verb) \(alternatives)"
        }
    }

    /// The values in brackets: texts as they are (or quoted), other values as JSON.
    private func listed(quoted: Bool) -> String {
        let shown = values.prefix(Self.shownValues).map { value in
            if !quoted, let text = value.launchDarklyText { return TerminalText.capped(text, limit: 60) }
            return value.compactText(limit: 60)
        }
        let more = values.count > Self.shownValues ? ", … \(values.count - Self.shownValues) more" : ""
        return "[" + shown.joined(separator: ", ") + more + "]"
    }

    /// One value, or several joined with `or`: `"@example.com"`, `18 or 21`.
    private var alternatives: String {
        guard !values.isEmpty else { return "(no values)" }
        let shown = values.prefix(Self.shownValues).map { $0.compactText(limit: 60) }
        let more = values.count > Self.shownValues ? " … \(values.count - Self.shownValues) more" : ""
        return shown.joined(separator: " or ") + more
    }
}
