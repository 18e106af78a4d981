/// The variant an Unleash SDK's `getVariant` gives: the chosen variant, or the `disabled` one.
package struct UnleashVariantResult: Sendable, Hashable {
    /// The variant's name (`disabled` when none was chosen).
    package var name: String
    /// Whether a variant was chosen.
    package var enabled: Bool
    /// Whether the toggle itself is on.
    package var featureEnabled: Bool
    /// The chosen variant's payload.
    package var payload: UnleashVariant.Payload?

    /// The variant given when the toggle is off or has no variant to give.
    static func disabled(featureEnabled: Bool) -> UnleashVariantResult {
        UnleashVariantResult(name: "disabled", enabled: false, featureEnabled: featureEnabled, payload: nil)
    }
}

/// One evaluation of a toggle for a context: `isEnabled` and `getVariant` as the SDKs decide
/// them, with the steps of the trace when asked for.
struct UnleashEvaluation {
    let features: UnleashFeatures
    let context: EvaluationContext
    let tracing: Bool
    var reads = ReadLog()
    var steps: [RuleStep] = []
    /// Whether a percentage (a rollout or a weighted split) decided.
    var splitDecided = false

    init(features: UnleashFeatures, context: EvaluationContext, tracing: Bool) {
        self.features = features
        self.context = context
        self.tracing = tracing
        reads.isRecording = tracing
    }

    /// Adds a step with the reads made since `start`.
    mutating func record(
        _ rule: @autoclosure () -> String, since start: Int, result: Bool, location: TextLocation? = nil,
        split: @autoclosure () -> PercentageSplit? = nil, note: @autoclosure () -> String? = nil
    ) {
        // Words, splits and notes are made only when someone will see them.
        guard tracing else { return }
        var step = RuleStep(
            rule: rule(), location: location, reads: reads.reads(from: start), result: .bool(result), split: split())
        step.note = note()
        steps.append(step)
    }

    /// Whether the toggle is on, and the strategy that turned it on (`nil`: none, or no
    /// strategies at all).
    mutating func isEnabled(_ toggle: UnleashToggle) -> (enabled: Bool, strategy: UnleashStrategy?) {
        guard toggle.enabled else { return (false, nil) }
        guard dependenciesHold(of: toggle) else { return (false, nil) }
        if toggle.strategies.isEmpty { return (true, nil) }
        for strategy in toggle.strategies where isOn(strategy, of: toggle) {
            return (true, strategy)
        }
        return (false, nil)
    }

    /// `getVariant`: the disabled variant when the toggle is off; else the variants of the
    /// strategy that turned it on, or the toggle's own.
    mutating func variant(of toggle: UnleashToggle) -> (enabled: Bool, variant: UnleashVariantResult) {
        let (enabled, strategy) = isEnabled(toggle)
        guard enabled else { return (false, .disabled(featureEnabled: false)) }
        if let strategy, !strategy.variants.isEmpty {
            let groupId = strategy.parameters["groupId"].flatMap { $0.isEmpty ? nil : $0 } ?? toggle.name
            // A strategy's variants follow the strategy's stickiness, never their own (yggdrasil).
            let stickiness = strategy.parameters["stickiness"] ?? "default"
            if let chosen = choose(among: strategy.variants, groupId: groupId, stickiness: stickiness) {
                return (true, chosen)
            }
        }
        let stickiness = toggle.variants.first?.stickiness
        if let chosen = choose(among: toggle.variants, groupId: toggle.name, stickiness: stickiness) {
            return (true, chosen)
        }
        return (true, .disabled(featureEnabled: true))
    }

    // MARK: Dependencies

    /// Every parent holds: it exists, has no parents of its own (the SDKs follow one level
    /// only, so a transitive dependency or a cycle is unsatisfied), and is on (with one of
    /// the variants named) or off, as asked.
    private mutating func dependenciesHold(of toggle: UnleashToggle) -> Bool {
        for dependency in toggle.dependencies {
            let start = reads.count
            func rule() -> String {
                let wanted =
                    dependency.enabled
                    ? (dependency.variants.isEmpty
                        ? "on" : "on with variant " + dependency.variants.map { "\"\($0)\"" }.joined(separator: " or "))
                    : "off"
                return "depends on '\(TerminalText.capped(dependency.feature, limit: 80))' being \(wanted)"
            }
            guard let parent = features.toggles[dependency.feature] else {
                record(rule(), since: start, result: false, note: "no toggle of that name in this file")
                return false
            }
            guard parent.dependencies.isEmpty else {
                record(
                    rule(), since: start, result: false,
                    note: "that toggle depends on others: the SDKs follow one level of dependencies only")
                return false
            }
            // The parent's own steps are not part of this toggle's trace.
            let savedSteps = steps
            let (parentEnabled, parentVariant) = variant(of: parent)
            steps = savedSteps
            // Variants named by the dependency bind only a parent that gives one of its own: a
            // parent with no variants (or off) passes on its state alone, as yggdrasil decides.
            let variantHolds =
                dependency.variants.isEmpty || !parentVariant.enabled
                || dependency.variants.contains(parentVariant.name)
            let holds = variantHolds && parentEnabled == dependency.enabled
            record(
                rule(), since: start, result: holds,
                note: "it is " + (parentEnabled ? "on, variant \"\(parentVariant.name)\"" : "off"))
            if !holds { return false }
        }
        return true
    }

    // MARK: Strategies

    /// Whether a strategy is on: its segments' constraints, its constraints, then its own check.
    private mutating func isOn(_ strategy: UnleashStrategy, of toggle: UnleashToggle) -> Bool {
        for id in strategy.segments {
            let start = reads.count
            guard let segment = features.segments[id] else {
                record("segment \(id)", since: start, result: false, note: "no segment with this id in this file")
                return false
            }
            for constraint in segment.constraints where !check(constraint) { return false }
            let name = segment.name.map { " (\(TerminalText.capped($0, limit: 60)))" } ?? ""
            record("segment \(id)\(name)", since: start, result: true)
        }
        for constraint in strategy.constraints where !check(constraint) { return false }
        return check(strategy, of: toggle)
    }

    /// One constraint, recorded as a step.
    private mutating func check(_ constraint: UnleashConstraint) -> Bool {
        let start = reads.count
        let holds = constraint.holds(in: context, reads: &reads)
        let log = reads
        record(
            constraint.wording, since: start, result: holds, location: constraint.location,
            note: constraint.problem ?? (holds ? nil : Self.unsetNote(log.reads(from: start))))
        return holds
    }

    /// What QA sets to try the other way, when a step that did not hold read an unset key.
    static func unsetNote(_ reads: [ContextRead]) -> String? {
        reads.first { $0.value == nil }.map { RuleStep.unsetNote($0.key) }
    }
}
