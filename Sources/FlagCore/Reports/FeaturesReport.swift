import OrderedCollections

/// `flagscope features` (docs/devices.md): every feature's availability on the simulated device,
/// unavailable first, then unknown, then available, each with the constraints that hold it back
/// and the keys to change — the list QA writes in a bug report.
package struct FeaturesReport: Sendable {
    /// One constraint that holds a feature back, and the key that decides it.
    package struct Failing: Sendable, Hashable {
        /// The constraint in words: `permission location_when_in_use denied`; a parent's own
        /// constraint is named after the parent (`parent Podcast favourites: …`).
        package var constraint: String
        /// The stack key to change.
        package var key: String
        /// What the key holds now (`nil`: unset).
        package var value: JSONValue?
    }

    /// One feature.
    package struct Row: Sendable {
        /// Its explanation.
        package var explanation: FeatureExplanation
        /// What holds it back: its constraints not satisfied (for an unknown feature, those not
        /// determined), else its parent's.
        package var failing: [Failing]
    }

    /// The device the features are for (`nil`: the stack as it is).
    package var device: String?
    /// The rows, unavailable first, then unknown, then available, each group in declaration order.
    package var rows: [Row]
    /// The counts, as the browser's Features heading and `flagscope devices` give them.
    package var counts: FeatureCounts

    /// Evaluates every feature of `workspace`.
    package init(workspace: Workspace) {
        let explanations = FeatureEvaluator(workspace: workspace).explainAll()
        let resolver = Resolver(workspace: workspace)
        func failing(_ explanation: FeatureExplanation, depth: Int = 0) -> [Failing] {
            let status: ConstraintStatus = explanation.availability == .unknown ? .notDetermined : .notSatisfied
            let own = explanation.constraints.filter { $0.status == status }.map { constraint in
                Failing(
                    constraint: Self.words(constraint), key: constraint.key,
                    value: resolver.resolve(constraint.key)?.value?.json)
            }
            guard own.isEmpty, depth < 32, let parent = explanation.parent, let above = explanations[parent.key]
            else { return own }
            return failing(above, depth: depth + 1).map { item in
                var item = item
                item.constraint = "parent \(parent.name): " + item.constraint
                return item
            }
        }
        let order: [Availability] = [.unavailable, .unknown, .available]
        rows = order.flatMap { availability in
            explanations.values.filter { $0.availability == availability }.map {
                Row(explanation: $0, failing: availability == .available ? [] : failing($0))
            }
        }
        counts = FeatureCounts(explanations.values)
        device = workspace.activeDevice?.name
    }

    /// A constraint as the list says it: its kind, its name, what the device says. A toggle's
    /// name is its key, which the line gives anyway.
    static func words(_ constraint: ConstraintResult) -> String {
        switch constraint.kind {
        case .userToggled, .runtimeEnabled: return "\(constraint.kind.words) \(constraint.shownDetail)"
        case .permission, .purchase, .platform:
            return "\(constraint.kind.words) \(constraint.name) \(constraint.shownDetail)"
        }
    }

    /// `{"device","counts":{…},"features":[{"key","name","availability","failing":[{"constraint","key","value"}]}]}`.
    package var json: JSONValue {
        var object: OrderedDictionary<String, JSONValue> = ["device": device.map(JSONValue.string) ?? .null]
        object["counts"] = .object([
            "unavailable": .int(counts.unavailable), "unknown": .int(counts.unknown), "features": .int(counts.total),
        ])
        object["features"] = .array(
            rows.map { row in
                .object([
                    "key": .string(row.explanation.feature.key), "name": .string(row.explanation.feature.displayName),
                    "availability": .string(row.explanation.availability.rawValue),
                    "failing": .array(
                        row.failing.map { item in
                            .object([
                                "constraint": .string(item.constraint), "key": .string(item.key),
                                "value": item.value ?? .null,
                            ])
                        }),
                ])
            })
        return .object(object)
    }

    /// A heading with the counts, then a line per feature: `✗ Smart playlists — permission
    /// location_when_in_use denied → context/permissions/location_when_in_use` (an arrow, as a
    /// constraint's words may hold a colon).
    package var text: String {
        var lines = ["\(TerminalText.escaped(device ?? "The simulated device")): \(counts.text)"]
        if rows.isEmpty { return lines[0] }
        lines.append("")
        for row in rows {
            let feature = row.explanation.feature
            var line =
                "\(row.explanation.availability.symbol) \(TerminalText.escaped(feature.displayName)) (\(TerminalText.escaped(feature.key)))"
            if !row.failing.isEmpty {
                line +=
                    " — "
                    + row.failing.map { TerminalText.escaped("\($0.constraint) → \($0.key)") }.joined(separator: "; ")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

extension ConstraintKind {
    /// The kind as a list of features says it: `permission`, `purchase`, `platform`, `user toggle`,
    /// `runtime switch`.
    var words: String {
        switch self {
        case .permission: return "permission"
        case .purchase: return "purchase"
        case .platform: return "platform"
        case .userToggled: return "user toggle"
        case .runtimeEnabled: return "runtime switch"
        }
    }
}
