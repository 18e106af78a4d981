import OrderedCollections

/// `flagscope diff A B` (docs/devices.md#comparing-two-devices): what two devices get, flag by
/// flag and feature by feature. Each side is a workspace loaded for its device; the comparison
/// is a resolution of each and a walk over both, and the first rule step that parts a flag
/// comes from the two traces, not from evaluating again.
package struct DiffReport: Sendable {
    /// One side: what it is called and the workspace loaded for it.
    package struct Side: Sendable {
        /// As people call it: a device's name, `current`, `@HEAD~1 · QA iPhone`.
        package var label: String
        /// The device profile's file, when the side is a profile.
        package var file: String?
        /// The workspace loaded for this side's device.
        package var workspace: Workspace

        /// A side named `label`.
        package init(label: String, file: String? = nil, workspace: Workspace) {
            self.label = label
            self.file = file
            self.workspace = workspace
        }
    }

    /// A context attribute that differs: the cause, listed apart from the flags.
    package struct ContextChange: Sendable, Hashable {
        /// The full key, `context/country`.
        package var key: String
        /// Each side's value (nil: unset).
        package var a: FlagValue?
        package var b: FlagValue?
    }

    /// A flag whose value differs.
    package struct FlagChange: Sendable {
        /// The key.
        package var key: String
        /// Each side's resolution (nil: the side's blueprints do not declare the key).
        package var a: Resolution?
        package var b: Resolution?
        /// The first rule step whose result differs, when one layer's rules decided both sides.
        package var step: StepChange?
    }

    /// The first rule step whose result differs, with what each side read.
    package struct StepChange: Sendable {
        /// The layer whose rules decided both values.
        package var provider: String
        /// Each side's step.
        package var a: RuleStep
        package var b: RuleStep
    }

    /// A feature whose availability differs.
    package struct FeatureChange: Sendable {
        /// The feature's key and name.
        package var key: String
        package var name: String
        /// Each side's availability (nil: the side does not declare the feature).
        package var a: Availability?
        package var b: Availability?
        /// The constraints whose status differs, by name.
        package var constraints: [(name: String, a: ConstraintStatus?, b: ConstraintStatus?)]
    }

    /// The two sides.
    package var a: Side
    package var b: Side
    /// What differs: the context attributes by key; flags and features in the order of side A's
    /// declarations, then B's own.
    package var context: [ContextChange] = []
    package var flags: [FlagChange] = []
    package var features: [FeatureChange] = []

    /// Whether the two sides get the same for every flag and feature.
    package var isEmpty: Bool { flags.isEmpty && features.isEmpty && context.isEmpty }

    /// Compares what `a` and `b` get.
    package init(a: Side, b: Side) {
        self.a = a
        self.b = b
        compareFlags()
        compareFeatures()
    }

    private mutating func compareFlags() {
        // Without steps first: only the few flags that differ are resolved again with them.
        var otherValues: [String: FlagValue?] = [:]
        Resolver(workspace: b.workspace, tracingRuleSteps: false).forEachResolution {
            otherValues[$0.flag.key] = $0.value
        }
        var differing: OrderedSet<String> = []
        Resolver(workspace: a.workspace, tracingRuleSteps: false).forEachResolution { resolution in
            let key = resolution.flag.key
            guard let other = otherValues.removeValue(forKey: key) else {
                if resolution.value != nil || !key.hasPrefix(ContextKeys.prefix) { differing.append(key) }
                return
            }
            if other != resolution.value { differing.append(key) }
        }
        // Keys only B declares: a context key B's device sets that A's does not, or a flag of B's blueprints.
        for key in b.workspace.flags.keys where otherValues[key] != nil {
            if otherValues[key].flatMap({ $0 }) != nil || !key.hasPrefix(ContextKeys.prefix) { differing.append(key) }
        }
        let tracedA = Resolver(workspace: a.workspace)
        let tracedB = Resolver(workspace: b.workspace)
        for key in differing {
            let left = tracedA.resolve(key)
            let right = tracedB.resolve(key)
            if key.hasPrefix(ContextKeys.prefix) {
                context.append(ContextChange(key: key, a: left?.value, b: right?.value))
            } else {
                flags.append(FlagChange(key: key, a: left, b: right, step: Self.partingStep(left, right)))
            }
        }
        // By key: where a context key stands among the flags depends on which layer brought it.
        context.sort { $0.key < $1.key }
    }

    /// The first step of the deciding rules whose result or chosen share differs, when the same
    /// layer's rules decided both values.
    package static func partingStep(_ a: Resolution?, _ b: Resolution?) -> StepChange? {
        guard let left = a?.winningLayer, let right = b?.winningLayer, left.provider == right.provider,
            let leftSteps = left.rules?.steps, let rightSteps = right.rules?.steps
        else { return nil }
        for (stepA, stepB) in zip(leftSteps, rightSteps)
        where stepA.result != stepB.result || stepA.rule != stepB.rule || stepA.split?.chosen != stepB.split?.chosen {
            return StepChange(provider: left.provider, a: stepA, b: stepB)
        }
        return nil
    }

    private mutating func compareFeatures() {
        let left = FeatureEvaluator(workspace: a.workspace).explainAll()
        let right = FeatureEvaluator(workspace: b.workspace).explainAll()
        var keys = OrderedSet(left.keys)
        keys.append(contentsOf: right.keys)
        for key in keys {
            let one = left[key]
            let other = right[key]
            guard one?.availability != other?.availability else { continue }
            var constraints: [(name: String, a: ConstraintStatus?, b: ConstraintStatus?)] = []
            var names = OrderedSet((one?.constraints ?? []).map(\.name))
            names.append(contentsOf: (other?.constraints ?? []).map(\.name))
            for name in names {
                let statusA = one?.constraints.first { $0.name == name }?.status
                let statusB = other?.constraints.first { $0.name == name }?.status
                if statusA != statusB { constraints.append((name, statusA, statusB)) }
            }
            let feature = (one ?? other)!.feature
            features.append(
                FeatureChange(
                    key: key, name: feature.displayName, a: one?.availability, b: other?.availability,
                    constraints: constraints))
        }
    }
}

extension DiffReport {
    /// The answer as `diff --json` prints it (docs/devices.md#comparing-two-devices).
    package var json: JSONValue {
        func side(_ side: Side) -> JSONValue {
            var object: OrderedDictionary<String, JSONValue> = ["label": .string(side.label)]
            if let file = side.file { object["file"] = .string(file) }
            return .object(object)
        }
        func value(_ resolution: Resolution?) -> JSONValue {
            guard let resolution else { return .object(["declared": .bool(false)]) }
            var object: OrderedDictionary<String, JSONValue> = [
                "value": resolution.value?.json ?? .null, "source": .string(resolution.source),
            ]
            if let variant = resolution.variant { object["variant"] = .string(variant) }
            return .object(object)
        }
        func step(_ step: RuleStep) -> JSONValue {
            var reads: OrderedDictionary<String, JSONValue> = [:]
            for read in step.reads { reads[read.key] = read.value ?? .null }
            var object: OrderedDictionary<String, JSONValue> = ["result": step.result ?? .null]
            if let split = step.split {
                object["bucket"] = .double((split.bucket * 10).rounded() / 10)
                object["chosen"] = split.chosen.map { .string($0) } ?? .null
            }
            object["reads"] = .object(reads)
            return .object(object)
        }
        let flagsJSON = flags.map { change -> JSONValue in
            var object: OrderedDictionary<String, JSONValue> = [
                "key": .string(change.key), "a": value(change.a), "b": value(change.b),
            ]
            if let parting = change.step {
                var stepObject: OrderedDictionary<String, JSONValue> = [
                    "provider": .string(parting.provider), "rule": .string(parting.a.rule),
                    "a": step(parting.a), "b": step(parting.b),
                ]
                if parting.b.rule != parting.a.rule, case .object(var b) = stepObject["b"] {
                    b["rule"] = .string(parting.b.rule)
                    stepObject["b"] = .object(b)
                }
                object["step"] = .object(stepObject)
            }
            return .object(object)
        }
        let featuresJSON = features.map { change -> JSONValue in
            .object([
                "key": .string(change.key), "name": .string(change.name),
                "a": change.a.map { .string($0.rawValue) } ?? .null,
                "b": change.b.map { .string($0.rawValue) } ?? .null,
                "constraints": .array(
                    change.constraints.map {
                        .object([
                            "name": .string($0.name), "a": $0.a.map { .string($0.rawValue) } ?? .null,
                            "b": $0.b.map { .string($0.rawValue) } ?? .null,
                        ])
                    }),
            ])
        }
        let contextJSON = context.map { change -> JSONValue in
            .object(["key": .string(change.key), "a": change.a?.json ?? .null, "b": change.b?.json ?? .null])
        }
        return .object([
            "a": side(a), "b": side(b), "context": .array(contextJSON), "flags": .array(flagsJSON),
            "features": .array(featuresJSON),
        ])
    }

    /// The answer for people: the attributes that differ, then each flag and feature, then a count.
    package var text: String {
        func show(_ text: String) -> String { TerminalText.escaped(text) }
        func value(_ value: FlagValue?) -> String {
            value.map { show(TerminalText.capped($0.displayText, limit: 60)) } ?? "unset"
        }
        func described(_ resolution: Resolution?) -> String {
            guard let resolution else { return "not declared" }
            var text = value(resolution.value)
            switch resolution.reason {
            case .provider: text += "  from \(show(resolution.source))"
            case .default: text += resolution.value == nil ? "" : "  blueprint default"
            case .computed: text += "  computed"
            }
            if let variant = resolution.variant { text += " (variant \(show(variant)))" }
            return text
        }
        var lines = ["a: \(show(a.label))", "b: \(show(b.label))"]
        if isEmpty {
            lines.append("")
            lines.append("no differences")
            return lines.joined(separator: "\n")
        }
        if !context.isEmpty {
            lines.append("")
            lines.append("the devices differ in:")
            let rows = context.map { ["  " + show($0.key), "a: " + value($0.a), "b: " + value($0.b)] }
            lines.append(TextTable.render(header: [], rows: rows))
        }
        for change in flags {
            lines.append("")
            lines.append(show(change.key))
            lines.append("  a: \(described(change.a))")
            lines.append("  b: \(described(change.b))")
            if let step = change.step {
                lines.append("  parted by a rule of \(show(step.provider)): \(show(step.a.rule))")
                lines.append("    a: \(step.a.resultAndReads)")
                if step.b.rule != step.a.rule { lines.append("    b's rule: \(show(step.b.rule))") }
                lines.append("    b: \(step.b.resultAndReads)")
            }
        }
        for change in features {
            lines.append("")
            lines.append("feature \(show(change.name)) (\(show(change.key)))")
            lines.append("  a: \(change.a.map { "\($0.symbol) \($0.rawValue)" } ?? "not declared")")
            lines.append("  b: \(change.b.map { "\($0.symbol) \($0.rawValue)" } ?? "not declared")")
            for constraint in change.constraints {
                let left = constraint.a?.rawValue ?? "none"
                let right = constraint.b?.rawValue ?? "none"
                lines.append("  \(show(constraint.name)): a \(left), b \(right)")
            }
        }
        lines.append("")
        var counts: [String] = []
        if !flags.isEmpty { counts.append(Plural.count(flags.count, "flag")) }
        if !features.isEmpty { counts.append(Plural.count(features.count, "feature")) }
        lines.append(
            counts.isEmpty
                ? "only the devices' attributes differ: no flag or feature does"
                : "\(counts.joined(separator: " and ")) \(flags.count + features.count == 1 ? "differs" : "differ")")
        return lines.joined(separator: "\n")
    }
}

extension RuleStep {
    /// What a step gave and what it read, for people: `true, reading context/country = "it"`.
    package var resultAndReads: String {
        var result = self.result.map { TerminalText.escaped($0.compactText) } ?? "no result"
        // A split that reports only that it ran (`true`) says what it chose; one whose result
        // is the share already says so.
        if let split, split.chosen.map({ JSONValue.string($0) }) != self.result {
            result = TerminalText.escaped(LayerDescription.words(for: split))
        }
        guard !reads.isEmpty else { return result }
        let read = reads.map { read in
            "\(TerminalText.escaped(read.key)) = \(read.value.map { TerminalText.escaped($0.compactText) } ?? "unset")"
        }
        return "\(result), reading \(read.joined(separator: ", "))"
    }
}
