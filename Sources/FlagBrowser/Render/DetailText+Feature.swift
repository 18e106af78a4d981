import FlagCore

extension DetailText {
    /// A feature: whether it is available and why — its constraints, the rules that decide them,
    /// the next steps to make it available — and where the app's code reads it.
    static func featureLines(_ explanation: FeatureExplanation, _ model: BrowserModel, _ out: inout Builder) {
        let feature = explanation.feature
        let role: StyleRole =
            explanation.availability == .available
            ? .success : (explanation.availability == .unavailable ? .error : .warning)
        out.text(
            "\(explanation.availability.symbol) \(feature.displayName): \(explanation.availability.rawValue)", role)
        if let description = feature.description, feature.explicitName != nil {
            out.text(description, .normal, indent: 0)
        }
        out.field("key", feature.key, .normal)
        if let parent = explanation.parent {
            out.field(
                "parent",
                "\(parent.availability.symbol) \(parent.name) (\(parent.key)): \(parent.availability.rawValue)", .normal
            )
        }
        comparedFeatureLines(explanation, model, &out)
        out.blank()
        if explanation.constraints.isEmpty {
            out.text("No constraints of its own.", .muted, indent: 0)
        } else {
            out.text("Constraints:", .key, indent: 0)
            for constraint in explanation.constraints {
                out.append([
                    Span(ExplainReport.symbol(constraint.status) + " ", Renderer.statusRole(constraint.status)),
                    Span(TerminalText.padded(constraint.kind.rawValue, toWidth: 15), .muted),
                    Span(constraint.name + "  ", .normal),
                    Span(constraint.shownDetail, .muted),
                ])
            }
            for constraint in explanation.constraints where constraint.status != .satisfied {
                decisionLines(constraint, &out)
            }
        }
        if !explanation.nextSteps.isEmpty {
            out.blank()
            out.text("Next steps:", .key, indent: 0)
            for (index, step) in explanation.nextSteps.enumerated() {
                out.text("\(index + 1). \(step.action.rawValue): \(step.message)", .normal, indent: 0)
                if !step.keys.isEmpty { out.text("keys: " + step.keys.joined(separator: ", "), .muted, indent: 3) }
            }
        }
        let usedIn = ReferencesReport.usedIn(explanation.feature.key, in: model.workspace, limit: 5)
        if !usedIn.isEmpty {
            out.blank()
            for (index, line) in usedIn.enumerated() { out.field(index == 0 ? "used in" : "", line, .normal) }
        }
        staleLines(explanation.feature.key, model, &out)
    }

    /// The rules behind a constraint's key, as `explain` shows them: the deciding layer with its
    /// steps, then the attributes of the device to set.
    static func decisionLines(_ constraint: ConstraintResult, _ out: inout Builder) {
        guard let decision = constraint.decidedBy else { return }
        out.blank()
        out.text("\(constraint.key) is decided by the rules of \(decision.provider):", .key, indent: 0)
        layerLines(decision.layer, &out)
        if !decision.changes.isEmpty {
            out.text("to change it: " + decision.changes.map(\.text).joined(separator: ", or "), .normal, indent: 2)
        }
    }

    /// One of a feature's constraints: its status and detail, the rules that decide its key, and
    /// when the key can be edited here, that key's own detail below.
    static func constraintLines(
        _ index: Int, of featureKey: String, _ explanation: FeatureExplanation, editing key: String?,
        _ model: BrowserModel, _ out: inout Builder
    ) {
        let constraint = explanation.constraints[index]
        out.text("\(constraint.kind.rawValue) \(constraint.name)", .header)
        out.field(
            "status", ExplainReport.symbol(constraint.status) + " " + constraint.status.rawValue,
            Renderer.statusRole(constraint.status))
        out.field("detail", constraint.shownDetail)
        out.field("of feature", "\(explanation.feature.displayName) (\(featureKey))")
        out.field("keys", constraint.keys.joined(separator: ", "))
        decisionLines(constraint, &out)
        if let key {
            out.blank()
            out.text("Enter/e edits \(key); x resets it.", .muted)
            out.blank()
            flagLines(key, model, &out)
        }
    }
}
