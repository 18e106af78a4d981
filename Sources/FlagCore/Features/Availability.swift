/// The status of one constraint on the simulated device (docs/blueprints.md#features).
package enum ConstraintStatus: String, Sendable, Hashable {
    case satisfied, notSatisfied, notDetermined
    /// A platform constraint for a platform other than the simulated one.
    case notActive
}

/// Whether a feature can be used: a three-valued AND of its constraints and its parent.
package enum Availability: String, Sendable, Hashable {
    case available, unavailable, unknown

    /// `unavailable` if any is notSatisfied, else `unknown` if any is notDetermined, else `available`.
    init(_ statuses: some Sequence<ConstraintStatus>) {
        var sawUnknown = false
        for status in statuses {
            if status == .notSatisfied {
                self = .unavailable
                return
            }
            if status == .notDetermined { sawUnknown = true }
        }
        self = sawUnknown ? .unknown : .available
    }

    /// ✓ / ✗ / ? as the tree and `explain` show it.
    package var symbol: String {
        switch self {
        case .available: return "✓"
        case .unavailable: return "✗"
        case .unknown: return "?"
        }
    }
}

/// The kind of a constraint, as `explain --json` names it.
package enum ConstraintKind: String, Sendable, Hashable {
    case permission, purchase, platform, userToggled, runtimeEnabled
}

/// One evaluated constraint.
package struct ConstraintResult: Sendable, Hashable {
    /// What kind of constraint.
    package var kind: ConstraintKind
    /// Its name: the permission, the products, the platform, or the key.
    package var name: String
    /// Its status.
    package var status: ConstraintStatus
    /// What the context says (`denied`, `notPurchased`, `iOS 16.4 < 17`…).
    package var detail: String
    /// The stack key that decides it (the first, for purchases over several products).
    package var key: String
    /// Every stack key that decides it.
    package var keys: [String]
    /// The detail as people read it beside the status: a permission never asked for says so,
    /// where its state's name would only repeat the status (`? notDetermined  notDetermined`).
    package var shownDetail: String {
        kind == .permission && status == .notDetermined ? "not asked yet" : detail
    }
    /// The rules that decided its key, when a layer's rules did (a runtime switch from an
    /// Unleash strategy): the reason behind the reason, and what to set to change it.
    package var decidedBy: RuleDecision?
    /// Internal: why a purchase or platform constraint is not satisfied, for next steps.
    var cause: Cause = .none

    enum Cause: Hashable, Sendable {
        case none
        case restricted
        case denied
        case requestable
        /// Products to buy (`offer` says which, with "and"/"or"), and products whose state is unknown.
        case purchase(buy: [String], offer: String, unknown: [String])
        case unknownContext(keys: [String])
        case unsupportedPlatform
        case osTooOld
        case toggledOff
        case runtimeOff
    }
}

/// What to do about an unavailable or unknown feature, in the order an app talks to its user.
package enum NextStepAction: String, Sendable, Hashable, CaseIterable {
    case restricted, purchase, openSettings, requestPermission, enableParent, turnOn, enableRuntime
    case unsupportedPlatform, upgradeOS, unknownContext
}

/// One next step with every stack key QA can change to simulate fixing it.
package struct NextStep: Sendable, Hashable {
    /// The action.
    package var action: NextStepAction
    /// Keys to change.
    package var keys: [String]
    /// A sentence a QA engineer can act on.
    package var message: String
    /// A command that simulates doing it (`flagscope set context/userId qa-ana`), as words,
    /// when one key and one value do it.
    package var command: [String]?
}

/// The answer to "why is this feature (un)available on this device?".
package struct FeatureExplanation: Sendable, Hashable {
    /// The feature.
    package var feature: FeatureDefinition
    /// Its availability.
    package var availability: Availability
    /// The parent's key and availability, for sub-features.
    package var parent: (key: String, name: String, availability: Availability)?
    /// Each constraint, in declaration order (permissions, purchase, toggles, platforms).
    package var constraints: [ConstraintResult]
    /// Next steps in the order an app talks to its user (docs/blueprints.md#availability-and-next-steps); empty when available.
    package var nextSteps: [NextStep]

    package static func == (lhs: FeatureExplanation, rhs: FeatureExplanation) -> Bool {
        lhs.feature == rhs.feature && lhs.availability == rhs.availability && lhs.constraints == rhs.constraints
            && lhs.nextSteps == rhs.nextSteps && lhs.parent?.key == rhs.parent?.key
            && lhs.parent?.availability == rhs.parent?.availability
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(feature.key)
        hasher.combine(availability)
    }
}
