import FlagCore

extension DetailText {
    /// A key's resolution on the compared device, when its value differs there.
    struct ComparedResolution {
        var device: String
        var resolution: Resolution
        var workspace: Workspace
    }

    /// The compared device's resolution of `key`, traced, when the value differs there.
    static func comparedResolution(_ key: String, _ model: BrowserModel) -> ComparedResolution? {
        guard let comparison = model.comparison, comparison.otherValue(key) != nil,
            let resolution = Resolver(workspace: comparison.workspace).resolve(key)
        else { return nil }
        return ComparedResolution(
            device: comparison.device.name, resolution: resolution, workspace: comparison.workspace)
    }

    /// The compared device's value and where it came from, and the first rule step that parts the two.
    static func comparedValueLines(_ here: Resolution, _ there: ComparedResolution, _ out: inout Builder) {
        let other = there.resolution
        var text = other.value?.preview(limit: PreviewLimits.row) ?? ResolutionWords.noValue
        switch other.reason {
        case .provider: text += "   from \(other.source)"
        case .default: text += other.value == nil ? "" : "   blueprint default"
        case .computed: text += "   computed"
        }
        out.field("≠ compared", text, .warning)
        out.field("", "on \(there.device)", .muted)
        guard let step = DiffReport.partingStep(here, other) else { return }
        out.field("parted by", "a rule of \(step.provider): \(step.a.rule)", .normal)
        out.field("  here", step.a.resultAndReads, .muted)
        if step.b.rule != step.a.rule { out.field("  its rule", step.b.rule, .muted) }
        out.field("  there", step.b.resultAndReads, .muted)
    }

    /// A feature whose availability differs on the compared device: what it is there, and the
    /// constraints that part them.
    static func comparedFeatureLines(_ explanation: FeatureExplanation, _ model: BrowserModel, _ out: inout Builder) {
        guard let comparison = model.comparison else { return }
        let other = comparison.explanations[explanation.feature.key]
        guard other?.availability != explanation.availability else { return }
        out.blank()
        out.text(
            "≠ on \(comparison.device.name): "
                + (other.map { "\($0.availability.symbol) \($0.availability.rawValue)" } ?? "not declared"), .warning)
        for constraint in explanation.constraints {
            let there = other?.constraints.first { $0.name == constraint.name && $0.kind == constraint.kind }
            guard there?.status != constraint.status else { continue }
            out.text(
                "\(constraint.kind.rawValue) \(constraint.name): here \(constraint.status.rawValue), there \(there?.status.rawValue ?? "none")",
                .muted, indent: 2)
        }
    }
}
