/// One evaluation of a feature for a device, as the SDK's `evalFeature` decides it: rules in
/// order, prerequisites first (recursively, a cycle stopping it), filters, then a `force` rule's
/// condition and rollout or an experiment's assignment; else `defaultValue`. Steps of the trace
/// are made only when `tracing`; every attribute is read through ``reads``.
///
/// Bounded: each condition part, list item and rule costs a step from ``stepBudget``, and
/// prerequisites nest at most ``maximumPrerequisiteDepth`` deep; running out is an error, never
/// a hang or a deep recursion.
struct GrowthBookEvaluation {
    /// The most steps one evaluation takes.
    static let stepBudget = 1_000_000
    /// How deep prerequisites may chain (a feature whose prerequisite has a prerequisite …).
    static let maximumPrerequisiteDepth = 32

    let definitions: GrowthBookDefinitions
    let context: EvaluationContext
    /// The device's sticky-bucket documents; `nil`: sticky bucketing is off.
    let stickyBuckets: GrowthBookStickyBuckets?
    let tracing: Bool
    var reads = ReadLog()
    var steps: [RuleStep] = []
    var stepsLeft = GrowthBookEvaluation.stepBudget
    /// The features being evaluated, outermost first (a feature met again is a cycle).
    var stack: [String] = []
    /// Whether `$inGroup` sees the payload's saved groups: not in a prerequisite's condition, which
    /// the SDK evaluates without them.
    var savedGroupsVisible = true

    init(
        definitions: GrowthBookDefinitions, context: EvaluationContext, stickyBuckets: GrowthBookStickyBuckets?,
        tracing: Bool
    ) {
        self.definitions = definitions
        self.context = context
        self.stickyBuckets = stickyBuckets
        self.tracing = tracing
        reads.isRecording = tracing
    }

    /// Takes `count` steps from the budget.
    mutating func spend(_ count: Int = 1, at location: TextLocation? = nil) throws(GrowthBookEvaluationError) {
        stepsLeft -= count
        if stepsLeft < 0 {
            throw GrowthBookEvaluationError(
                message: "the rules take more than \(Self.stepBudget) steps", location: location)
        }
    }

    /// Adds a step with the reads made since `start`, worded only when someone will see it.
    mutating func record(
        _ rule: @autoclosure () -> String, since start: Int, result: Bool, location: TextLocation?,
        split: @autoclosure () -> PercentageSplit? = nil, note: @autoclosure () -> String? = nil
    ) {
        guard tracing else { return }
        var step = RuleStep(
            rule: rule(), location: location, reads: reads.reads(from: start), result: .bool(result), split: split())
        step.note = note()
        steps.append(step)
    }

    /// The feature `key` for the device.
    mutating func feature(_ key: String) throws(GrowthBookEvaluationError) -> GrowthBookResult {
        if stack.contains(key) { return GrowthBookResult(value: nil, source: .cyclicPrerequisite) }
        guard stack.count < Self.maximumPrerequisiteDepth else {
            throw GrowthBookEvaluationError(
                message: "prerequisites chain deeper than \(Self.maximumPrerequisiteDepth) features", location: nil)
        }
        guard let feature = definitions.features[key] else {
            return GrowthBookResult(value: nil, source: .unknownFeature)
        }
        stack.append(key)
        defer { stack.removeLast() }
        rules: for rule in feature.rules {
            try spend(at: rule.location)
            let start = reads.count
            for parent in rule.parentConditions {
                switch try prerequisite(parent, of: rule) {
                case .holds: continue
                case .cycle: return GrowthBookResult(value: nil, source: .cyclicPrerequisite, rule: rule)
                case .fails:
                    if parent.gate { return GrowthBookResult(value: nil, source: .prerequisite, rule: rule) }
                    record(
                        GrowthBookWording.rule(rule, of: feature), since: start, result: false, location: rule.location,
                        note: "skipped: prerequisite '\(parent.id)' does not hold")
                    continue rules
                }
            }
            if let filters = rule.filters, let excluded = try filteredOut(filters) {
                record(
                    GrowthBookWording.rule(rule, of: feature), since: start, result: false, location: rule.location,
                    note: excluded)
                continue
            }
            switch rule.kind {
            case .none:
                record(
                    GrowthBookWording.rule(rule, of: feature), since: start, result: false, location: rule.location,
                    note: "skipped: the rule has neither force nor variations")
            case .force(let value):
                if try forceApplies(rule, of: feature, since: start) {
                    return GrowthBookResult(value: value == .null ? nil : value, source: .force, rule: rule)
                }
            case .experiment(let experiment):
                let result = try run(experiment, rule: rule, of: feature, since: start)
                if let result, result.inExperiment, !result.passthrough {
                    return GrowthBookResult(
                        value: result.value == .null ? nil : result.value, source: .experiment, rule: rule,
                        experiment: result)
                }
            }
        }
        let value = feature.defaultValue
        return GrowthBookResult(value: value == .null ? nil : value, source: .defaultValue)
    }

    /// What a prerequisite decided.
    enum PrerequisiteOutcome {
        case holds, fails, cycle
    }

    /// Evaluates a prerequisite feature (its own steps left out of this trace) and tests its
    /// value, recording one step that says what it gave.
    private mutating func prerequisite(_ parent: GrowthBookParentCondition, of rule: GrowthBookRule)
        throws(GrowthBookEvaluationError) -> PrerequisiteOutcome
    {
        let start = reads.count
        let savedSteps = steps
        let result = try feature(parent.id)
        steps = savedSteps
        if result.source == .cyclicPrerequisite {
            record(
                GrowthBookWording.prerequisite(parent), since: start, result: false, location: parent.location,
                note: "'\(parent.id)' depends on this feature in a cycle")
            return .cycle
        }
        let subject: JSONValue = .object(["value": result.value ?? .null])
        let wereVisible = savedGroupsVisible
        savedGroupsVisible = false
        defer { savedGroupsVisible = wereVisible }
        let holds = try self.holds(parent.condition, on: .object(subject))
        record(
            GrowthBookWording.prerequisite(parent), since: start, result: holds, location: parent.location,
            note: "'\(parent.id)' is \(GrowthBookWording.value(result.value)) (\(result.source.rawValue))")
        return holds ? .holds : .fails
    }
}
