/// GrowthBook's rules in their own words, as a trace step and the Context branch show them: a
/// condition written compactly as the payload has it (`country $in ["US","CA"]`, `(a or b)`),
/// a rule as what it gives and when (`rule "r1": force true if plan = "pro", coverage 50 % by
/// id`), and the device's hash as a split. Written only when someone reads the trace.
enum GrowthBookWording {
    /// The longest operand text shown; a longer one is cut with `…`.
    static let operandLimit = 80

    /// A rule: its id or number, what it gives, its condition and how it splits.
    static func rule(_ rule: GrowthBookRule, of feature: GrowthBookFeature) -> String {
        var text = rule.id.isEmpty ? "rule \(rule.index + 1): " : "rule \(quoted(rule.id)): "
        switch rule.kind {
        case .force(let value): text += "force " + self.value(value)
        case .experiment(let experiment):
            let key = experiment.key ?? feature.key
            text += "experiment \(quoted(key)) of " + experiment.variations.map(self.value).joined(separator: ", ")
        case .none: text += "no force, no variations"
        }
        if let condition = rule.condition { text += " if " + self.condition(condition) }
        if let range = rule.range, case .force = rule.kind {
            text += ", range \(percent(range.start))–\(percent(range.end)) by \(rule.hashedAttribute)"
        } else if let coverage = rule.coverage {
            text += ", coverage \(percent(coverage)) by \(rule.hashedAttribute)"
        } else if case .experiment = rule.kind {
            text += " by \(rule.hashedAttribute)"
        }
        if let fallback = rule.fallbackAttribute { text += " (else \(fallback))" }
        if let filters = rule.filters, !filters.isEmpty {
            text += ", filters on " + filters.map { $0.attribute ?? "id" }.joined(separator: ", ")
        }
        return text
    }

    /// A prerequisite: `prerequisite "parent": value = true (gate)`.
    static func prerequisite(_ parent: GrowthBookParentCondition) -> String {
        "prerequisite \(quoted(parent.id)): \(condition(parent.condition))" + (parent.gate ? " (gate)" : "")
    }

    /// A condition, compactly: entries joined by `and`, `$or` as `(a or b)`, `$nor` as
    /// `not (a or b)`, `$not` as `not (a)`.
    static func condition(_ condition: GrowthBookCondition) -> String {
        switch condition {
        case .all(let parts): return parts.isEmpty ? "{}" : parts.map(self.condition).joined(separator: " and ")
        case .and(let parts, _):
            return "(" + (parts.isEmpty ? "{}" : parts.map(self.condition).joined(separator: " and ")) + ")"
        case .or(let parts, _):
            return "(" + (parts.isEmpty ? "{}" : parts.map(self.condition).joined(separator: " or ")) + ")"
        case .nor(let parts, _): return "not (" + parts.map(self.condition).joined(separator: " or ") + ")"
        case .not(let inner, _): return "not (" + self.condition(inner) + ")"
        case .attribute(let path, let test): return path.text + " " + self.test(test)
        case .tooDeep: return "…"
        }
    }

    /// What a value must be: `= "US"`, `$in ["US","CA"]`, `$gt 30 $lt 60`.
    static func test(_ test: GrowthBookValueTest) -> String {
        switch test {
        case .text(let text, _): return "= " + quoted(text)
        case .number(let number): return "= " + GrowthBookCoercion.numberText(number)
        case .bool(let flag): return "= \(flag)"
        case .null: return "= null"
        case .json(let value): return "= " + value.compactText(limit: operandLimit)
        case .operators(let operations):
            return operations.map { $0.name + " " + $0.operand.compactText(limit: operandLimit) }.joined(separator: " ")
        case .tooDeep: return "…"
        }
    }

    /// A value as the trace shows one.
    static func value(_ value: JSONValue?) -> String {
        (value ?? .null).compactText(limit: operandLimit)
    }

    /// Text in quotes, cut when long.
    static func quoted(_ text: String) -> String {
        JSONValue.string(TerminalText.capped(text, limit: operandLimit)).compactText
    }

    /// A share of [0, 1) as a percentage (`50 %`, `12.5 %`).
    static func percent(_ share: Double) -> String {
        GrowthBookCoercion.numberText((share * 1_000_000).rounded() / 10_000) + " %"
    }

    /// What QA sets to try the other way, when a step that did not hold read an unset key.
    static func unsetNote(_ reads: [ContextRead]) -> String? {
        reads.first { $0.value == nil }.map { RuleStep.unsetNote($0.key) }
    }

    /// A force rule's range or coverage as a split: the forced value's share and the rest.
    static func rolloutSplit(_ rule: GrowthBookRule, bucket: Double, included: Bool) -> PercentageSplit {
        let forced: String
        if case .force(let value) = rule.kind { forced = "force " + self.value(value) } else { forced = "in" }
        var shares: [PercentageSplit.Share] = []
        func add(_ name: String, _ width: Double) {
            guard width > 0 else { return }
            shares.append(PercentageSplit.Share(name: name, weight: width, percent: width * 100))
        }
        if let range = rule.range {
            add("before the range", min(max(range.start, 0), 1))
            add(forced, max(0, min(range.end, 1) - max(range.start, 0)))
            add("after the range", 1 - min(max(range.end, 0), 1))
        } else {
            let coverage = min(max(rule.coverage ?? 1, 0), 1)
            add(forced, coverage)
            add("next rules", 1 - coverage)
        }
        let chosen =
            included
            ? forced : (rule.range.map { bucket < $0.start ? "before the range" : "after the range" } ?? "next rules")
        return PercentageSplit(bucket: bucket * 100, shares: shares, chosen: chosen)
    }

    /// An experiment's ranges as a split: each variation's share, and the part outside them.
    static func experimentSplit(
        _ experiment: GrowthBookExperiment, ranges: [GrowthBookRange], bucket: Double, chosen: Int?
    ) -> PercentageSplit {
        var shares: [PercentageSplit.Share] = []
        var covered = 0.0
        for (index, range) in ranges.enumerated() where index < experiment.variations.count {
            let width = max(0, range.end - range.start)
            covered += width
            shares.append(
                PercentageSplit.Share(name: variationName(index, of: experiment), weight: width, percent: width * 100))
        }
        if covered < 1 - 1e-9 {
            shares.append(
                PercentageSplit.Share(name: "not in the experiment", weight: 1 - covered, percent: (1 - covered) * 100))
        }
        let chosenName = chosen.flatMap { $0 < experiment.variations.count ? variationName($0, of: experiment) : nil }
        return PercentageSplit(bucket: bucket * 100, shares: shares, chosen: chosenName ?? "not in the experiment")
    }

    /// `variation 1`, with its meta's name or key when it has one (`variation 1 (Red)`).
    static func variationName(_ index: Int, of experiment: GrowthBookExperiment) -> String {
        let meta = experiment.meta.flatMap { index < $0.count ? $0[index] : nil }
        let label =
            meta?.name.flatMap { $0.isEmpty ? nil : $0 }
            ?? meta?.key.flatMap { $0.isEmpty || $0 == String(index) ? nil : $0 }
        return "variation \(index)" + (label.map { " (\(TerminalText.capped($0, limit: 60)))" } ?? "")
    }
}
