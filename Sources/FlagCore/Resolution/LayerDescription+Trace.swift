import Foundation

extension LayerDescription {
    /// The mark before the rule step that decided a layer's value (the others get as many spaces).
    package static let decidingMark = "▶ "

    /// A rule trace in words (SPEC §8): what it chose and why, then every step in order, each
    /// followed by what it read, its split and its note. Every line below the headline carries a
    /// mark, so a step's details sit under its text and not beside it.
    static func lines(of trace: RuleTrace, in layer: Layer) -> [Line] {
        var lines = [Line(headline(of: trace, in: layer), isProblem: trace.reason == .error)]
        let deciding = trace.decidingStepIndex
        let blank = String(repeating: " ", count: decidingMark.count)
        for (index, step) in trace.steps.enumerated() {
            let result = step.result.map { value(of: $0) } ?? "could not be evaluated"
            lines.append(
                Line(
                    "\(step.rule) → \(result)", isProblem: step.result == nil, depth: 1,
                    mark: index == deciding ? decidingMark : blank, isDeciding: index == deciding))
            if !step.reads.isEmpty {
                // An unset attribute is named as such: it is what QA sets to change the answer.
                let reads = step.reads.map { read in
                    read.value.map { "\(read.key) = \(value(of: $0))" } ?? "\(read.key) (unset)"
                }
                lines.append(Line("reads " + reads.joined(separator: ", "), depth: 2, mark: blank))
            }
            if let split = step.split { lines.append(Line(words(for: split), depth: 2, mark: blank)) }
            if let note = step.note { lines.append(Line(note, isProblem: step.result == nil, depth: 2, mark: blank)) }
        }
        return lines
    }

    /// What the rules chose and why, with OpenFeature's reason in parentheses.
    private static func headline(of trace: RuleTrace, in layer: Layer) -> String {
        let variant = trace.variant.map { "variant \"\($0)\"" }
        let reason = trace.reason.rawValue
        // Rules without variants (an Unleash bool toggle) decide a value itself: it is named instead.
        let value = layer.value.map { "the value \($0.displayText)" }
        switch trace.reason {
        case .targetingMatch, .split:
            return "rules chose \(variant ?? value ?? "no variant") (\(reason))"
        case .defaultValue:
            let matched = trace.steps.isEmpty ? "no rule applies" : "no rule matched"
            return "\(matched): "
                + (variant.map { "default \($0)" } ?? value ?? "no default variant, so the next layer decides")
                + " (\(reason))"
        case .staticValue:
            return "\(variant ?? value ?? "no variant"), no rules to evaluate (\(reason))"
        case .disabled:
            return "switched off at the source: \(value ?? "no value") (\(reason))"
        case .error:
            let code = trace.errorCode.map { ", \($0)" } ?? ""
            // The layer's reason already says what went wrong when the failure made it an error.
            let message = trace.errorMessage.flatMap { layer.state == .error($0) ? nil : ": \($0)" } ?? ""
            return "rules could not be evaluated (\(reason)\(code))\(message)"
        }
    }

    /// A percentage step's numbers: `bucket 37.2 → "b"; a 50 % · b 50 %`.
    static func words(for split: PercentageSplit) -> String {
        let chosen = split.chosen.map { "\"\($0)\"" } ?? "no share"
        let shares = split.shares.map { "\($0.name) \(percent($0.percent)) %" }.joined(separator: " · ")
        return "bucket \(String(format: "%.1f", split.bucket)) → \(chosen); \(shares)"
    }

    /// A share's percentage with at most one decimal, and none when it is whole.
    private static func percent(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
    }

    /// A value read or given by a rule, as JSON writes it (strings quoted), cut for one line.
    private static func value(of json: JSONValue) -> String {
        json.compactText(limit: 80)
    }
}
