import OrderedCollections

/// The `explain` command's output: availability, each constraint, next steps (docs/commands.md).
package struct ExplainReport: Sendable {
    /// The explanation shown.
    package var explanation: FeatureExplanation
    /// The workspace explained, when at hand: the text then says where each key's value comes from.
    package var workspace: Workspace?
    /// Words every command it suggests ends with, so it runs where `explain` ran
    /// (`--config PATH` when one was given).
    package var commandSuffix: [String]

    /// Creates a report.
    package init(explanation: FeatureExplanation, workspace: Workspace? = nil, commandSuffix: [String] = []) {
        self.explanation = explanation
        self.workspace = workspace
        self.commandSuffix = commandSuffix
    }

    /// A next step's command as a shell line, when it has one.
    func commandLine(_ step: NextStep) -> String? {
        step.command.map { ShellWord.command($0 + commandSuffix) }
    }

    /// The JSON of docs/commands.md.
    package var json: JSONValue {
        let feature = explanation.feature
        var object: OrderedDictionary<String, JSONValue> = [
            "feature": .string(feature.key),
            "name": .string(feature.displayName),
            "availability": .string(explanation.availability.rawValue),
        ]
        if let parent = explanation.parent {
            object["parent"] = .object([
                "feature": .string(parent.key), "availability": .string(parent.availability.rawValue),
            ])
        }
        object["constraints"] = .array(
            explanation.constraints.map { constraint in
                var fields: OrderedDictionary<String, JSONValue> = [
                    "kind": .string(constraint.kind.rawValue), "name": .string(constraint.name),
                    "status": .string(constraint.status.rawValue), "detail": .string(constraint.detail),
                    "key": .string(constraint.key), "keys": .array(constraint.keys.map(JSONValue.string)),
                ]
                if let decision = constraint.decidedBy {
                    // The deciding layer as `get --json` writes it, and what would change it.
                    fields["decidedBy"] = decision.layer.json
                    fields["set"] = .array(
                        decision.changes.map { change in
                            .object(["key": .string(change.key), "values": .array(change.values.map(JSONValue.string))])
                        })
                }
                return .object(fields)
            })
        object["nextSteps"] = .array(
            explanation.nextSteps.map { step in
                var fields: OrderedDictionary<String, JSONValue> = [
                    "action": .string(step.action.rawValue), "keys": .array(step.keys.map(JSONValue.string)),
                    "message": .string(step.message),
                ]
                if let command = commandLine(step) { fields["command"] = .string(command) }
                return .object(fields)
            })
        return .object(object)
    }

    /// A verdict line, the parent, a constraint table, then numbered next steps.
    package var text: String {
        let feature = explanation.feature
        func show(_ text: String) -> String { TerminalText.escaped(text) }
        var lines = [
            "\(explanation.availability.symbol) \(show(feature.displayName)) (\(show(feature.key))) is \(explanation.availability.rawValue)"
        ]
        if let description = feature.description, feature.explicitName != nil { lines.append("  \(show(description))") }
        if let parent = explanation.parent {
            lines.append(
                "  parent: \(parent.availability.symbol) \(show(parent.name)) (\(show(parent.key))) is \(parent.availability.rawValue)"
            )
        }
        if explanation.constraints.isEmpty {
            lines.append("  no constraints of its own")
        } else {
            lines.append("")
            let rows = explanation.constraints.map { constraint in
                [
                    "  " + constraint.kind.rawValue, show(constraint.name),
                    Self.symbol(constraint.status) + " " + constraint.status.rawValue,
                    show(constraint.shownDetail), show(constraint.keys.joined(separator: ", ")),
                ]
            }
            lines.append(TextTable.render(header: ["  CONSTRAINT", "NAME", "STATUS", "DETAIL", "KEY"], rows: rows))
        }
        // The reason behind a switch's value, when rules gave it: the steps `get` shows.
        for constraint in explanation.constraints where constraint.status != .satisfied {
            guard let decision = constraint.decidedBy else { continue }
            lines.append("")
            lines.append("\(show(constraint.key)) is decided by the rules of \(show(decision.provider)):")
            lines += decision.layer.textLines(indent: 1)
            if !decision.changes.isEmpty {
                lines.append("  to change it: " + show(decision.changes.map(\.text).joined(separator: ", or ")))
            }
        }
        if !explanation.nextSteps.isEmpty {
            lines.append("")
            lines.append("Next steps:")
            for (index, step) in explanation.nextSteps.enumerated() {
                lines.append("  \(index + 1). \(step.action.rawValue): \(show(step.message))")
                if !step.keys.isEmpty { lines.append("     keys: \(step.keys.map(show).joined(separator: ", "))") }
                if let command = commandLine(step) { lines.append("     try:  \(show(command))") }
            }
        }
        lines += sourceLines
        return lines.joined(separator: "\n")
    }

    /// ✓ ✗ ? – for constraint statuses (text says it too: nothing is conveyed by symbol alone).
    package static func symbol(_ status: ConstraintStatus) -> String {
        switch status {
        case .satisfied: return "✓"
        case .notSatisfied: return "✗"
        case .notDetermined: return "?"
        case .notActive: return "–"
        }
    }
}
