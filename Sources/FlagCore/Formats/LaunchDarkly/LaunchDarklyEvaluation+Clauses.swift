extension LaunchDarklyEvaluation {
    /// Whether `clause` matches, recorded as a step, as the SDKs decide: a context without the
    /// clause's kind, or without the attribute, never matches (negated or not); a list matches
    /// when one of its items does; `kind` is matched against every kind of the context; an
    /// operator the SDKs do not know matches nothing; `negate` turns the rest around.
    mutating func matches(_ clause: LaunchDarklyClause) throws(LaunchDarklyFailure) -> Bool {
        try spend()
        let start = reads.count
        if clause.knownOperator == .segmentMatch {
            let found = try segmentMatch(clause)
            let result = found.matched != clause.negate
            if tracing {
                let note = found.why ?? (result ? nil : unsetNote(since: start))
                record(clause.words, since: start, result: .bool(result), location: clause.location, note: note)
            }
            return result
        }
        if let error = clause.attribute.error {
            throw LaunchDarklyFailure(
                kind: .malformedFlag,
                message: "a clause reads \(Self.quoted(clause.attribute.text)), which the SDKs refuse: \(error)")
        }
        let result: Bool
        var note: String?
        if clause.attribute.isKind {
            let kinds = context.kinds(reads: &reads)
            result = kinds.contains { clause.matches(.string($0)) } != clause.negate
        } else if let key = context.key(of: clause.contextKind, reads: &reads) {
            if let value = context.value(of: clause.attribute, kind: clause.contextKind, key: key, reads: &reads) {
                let matched: Bool
                if case .array(let items) = value {
                    matched = items.contains { clause.matches($0) }
                } else {
                    matched = clause.matches(value)
                }
                result = matched != clause.negate
            } else {
                result = false
                if tracing, clause.negate { note = "the attribute is unset: a clause never matches it, negated or not" }
            }
        } else {
            result = false
            if tracing { note = "the context has no \(clause.contextKind) kind: the clause does not match" }
        }
        if clause.knownOperator == nil, tracing {
            note = "LaunchDarkly's SDKs know no operator \(Self.quoted(clause.operatorName)): it matches nothing"
        }
        if tracing {
            let note = note ?? (result ? nil : unsetNote(since: start))
            record(clause.words, since: start, result: .bool(result), location: clause.location, note: note)
        }
        return result
    }

    /// What QA sets to try the other way, when a step that did not hold read an unset key.
    func unsetNote(since start: Int) -> String? {
        reads.reads(from: start).first { $0.value == nil }.map { RuleStep.unsetNote($0.key) }
    }

    /// Text in quotes, capped, for messages.
    static func quoted(_ text: String) -> String {
        JSONValue.string(TerminalText.capped(text, limit: 80)).compactText
    }
}
