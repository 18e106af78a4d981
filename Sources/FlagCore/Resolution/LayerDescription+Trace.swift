import Foundation

extension LayerDescription {
    /// The mark before the rule step that decided a layer's value (the others get as many spaces).
    package static let decidingMark = "▶ "

    /// A rule trace in words (docs/rules.md): what it chose and why, then every step in order, each
    /// followed by what it read, its split and its note. Every line below the headline carries a
    /// mark, so a step's details sit under its text and not beside it.
    package static func lines(of trace: RuleTrace, in layer: Layer) -> [Line] {
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
            if let split = step.split {
                lines.append(Line(words(for: split), depth: 2, mark: blank))
                lines += shareLines(for: split).map {
                    Line($0.text, depth: 3, mark: $0.isChosen ? decidingMark : blank)
                }
            }
            if let note = step.note { lines.append(Line(note, isProblem: step.result == nil, depth: 2, mark: blank)) }
        }
        return lines
    }

    /// The layer's notes and rule trace as text lines, as `get` and `explain` print them: a line
    /// of the layer's own names it (`Toggles: rules chose …`), a step sits under its headline
    /// with its mark. `indent` counts two-space steps; the text is escaped for a terminal.
    package func textLines(indent: Int) -> [String] {
        (notes + trace).map { line in
            let lead = line.depth == 0 ? "\(TerminalText.escaped(provider)): " : line.mark
            return String(repeating: "  ", count: indent + line.depth) + lead + TerminalText.escaped(line.text)
        }
    }

    /// What the rules chose and why, with OpenFeature's reason in parentheses.
    private static func headline(of trace: RuleTrace, in layer: Layer) -> String {
        let variant = trace.variant.map { "variant \"\($0)\"" }
        // The format's own reason, where it has one, follows OpenFeature's.
        let reason = trace.reason.rawValue + (trace.sourceReason.map { "; " + $0.text } ?? "")
        // Rules without variants (an Unleash bool toggle) decide a value itself: it is named instead.
        let value = layer.value.map { "the value \($0.displayText)" }
        switch trace.reason {
        case .targetingMatch, .split:
            return "rules chose \(variant ?? value ?? "no variant") (\(reason))"
        case .defaultValue:
            let matched = trace.steps.isEmpty ? "no rule applies" : "no rule matched"
            // A Remote Config parameter's default is no variant of its own: its value is named.
            let fallback =
                trace.variant == "default"
                ? layer.value.map { "the default value \($0.displayText)" }
                    ?? "the default gives no value, so the next layer decides"
                : variant.map { "default \($0)" }
            return "\(matched): " + (fallback ?? value ?? "no default variant, so the next layer decides")
                + " (\(reason))"
        case .staticValue:
            return "\(variant ?? value ?? "no variant"), no rules to evaluate (\(reason))"
        case .disabled:
            return "switched off at the source: \(value ?? "no value") (\(reason))"
        case .error where trace.mismatchedReason != nil:
            let chosen = variant ?? "a value"
            let code = trace.errorCode.map { ", \($0)" } ?? ""
            let message = trace.errorMessage.map { ": \($0)" } ?? ""
            return "rules chose \(chosen), which does not fit the flag's type (\(reason)\(code))\(message)"
        case .error:
            let code = trace.errorCode.map { ", \($0)" } ?? ""
            // The layer's reason already says what went wrong when the failure made it an error.
            let message = trace.errorMessage.flatMap { layer.state == .error($0) ? nil : ": \($0)" } ?? ""
            return "rules could not be evaluated (\(reason)\(code))\(message)"
        }
    }

    /// Where a percentage step put this device: `bucket 37.2 of 100 → "b"`.
    static func words(for split: PercentageSplit) -> String {
        let chosen = split.chosen.map { "\"\($0)\"" } ?? "no share"
        return "bucket \(String(format: "%.1f", split.bucket)) of 100 → \(chosen)"
    }

    /// The whole split, a share a line with a bar of ten cells (`a  ███░░░░░░░ 33.3 %`), and
    /// which one is this device's (marked as the deciding step is). One line each, so a narrow
    /// pane wraps no bar.
    static func shareLines(for split: PercentageSplit) -> [(isChosen: Bool, text: String)] {
        let names = split.shares.map { TerminalText.capped($0.name, limit: 30) }
        let width = names.map(TerminalText.displayWidth(of:)).max() ?? 0
        var marked = false
        return zip(split.shares, names).map { share, name in
            let bar = PercentageBar.bar(share.percent)
            let line = TerminalText.padded(name, toWidth: width) + "  \(bar) \(PercentageBar.number(share.percent)) %"
            // A name may repeat in a split; the device is in one share, the first of that name.
            guard !marked, share.name == split.chosen else { return (false, line) }
            marked = true
            return (true, line)
        }
    }

    /// A value read or given by a rule, as JSON writes it (strings quoted), cut for one line.
    private static func value(of json: JSONValue) -> String {
        json.compactText(limit: 80)
    }
}
