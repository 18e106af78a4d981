import OrderedCollections

/// Evaluates features against the simulated device, whose state is ordinary `context/*` keys
/// resolved through the stack (docs/blueprints.md#features).
package struct FeatureEvaluator: Sendable {
    /// The workspace.
    package let workspace: Workspace
    /// Resolved values by key.
    private let values: [String: FlagValue]
    /// Resolutions by key (to tell a default from a choice).
    private let resolutions: [String: Resolution]

    /// Evaluates with values taken from `resolutions` (every key's, or at least the keys features read).
    package init(workspace: Workspace, resolutions: [Resolution]) {
        let read = Self.keysRead(in: workspace)
        self.init(workspace: workspace, reading: resolutions.lazy.filter { read($0.flag.key) })
    }

    /// Evaluates with the keys features read resolved here: the context keys and the switches,
    /// not every flag of a large workspace.
    package init(workspace: Workspace) {
        let read = Self.keysRead(in: workspace)
        let resolver = Resolver(workspace: workspace)
        self.init(
            workspace: workspace, reading: workspace.flags.keys.lazy.filter(read).compactMap { resolver.resolve($0) })
    }

    private init(workspace: Workspace, reading resolutions: some Sequence<Resolution>) {
        self.workspace = workspace
        var values: [String: FlagValue] = [:]
        var byKey: [String: Resolution] = [:]
        for resolution in resolutions {
            if let value = resolution.value { values[resolution.flag.key] = value }
            byKey[resolution.flag.key] = resolution
        }
        self.values = values
        self.resolutions = byKey
    }

    /// Whether features may read a key: context keys, and the switches (their own, or a named flag).
    package static func keysRead(in workspace: Workspace) -> (String) -> Bool {
        var switches: Set<String> = []
        for feature in workspace.features.values {
            switches.insert(feature.key + "/user_toggled")
            switches.insert(feature.key + "/runtime_enabled")
            if case .flag(let key, _) = feature.constraints.runtimeEnabled { switches.insert(key) }
        }
        return { key in key.hasPrefix(ContextKeys.prefix) || switches.contains(key) }
    }

    /// Every feature's explanation, parents before children, by key.
    package func explainAll() -> OrderedDictionary<String, FeatureExplanation> {
        var results: OrderedDictionary<String, FeatureExplanation> = [:]
        for key in workspace.features.keys { _ = explain(key, memo: &results) }
        return results
    }

    /// One feature's explanation, or `nil` for an unknown key.
    package func explain(_ key: String) -> FeatureExplanation? {
        var memo: OrderedDictionary<String, FeatureExplanation> = [:]
        return explain(key, memo: &memo)
    }

    private func explain(_ key: String, memo: inout OrderedDictionary<String, FeatureExplanation>)
        -> FeatureExplanation?
    {
        if let known = memo[key] { return known }
        guard let feature = workspace.features[key] else { return nil }
        let parent = parentKey(of: key).flatMap { explain($0, memo: &memo) }
        let constraints = evaluate(feature)
        var statuses = constraints.map(\.status)
        if let parent {
            switch parent.availability {
            case .unavailable: statuses.append(.notSatisfied)
            case .unknown: statuses.append(.notDetermined)
            case .available: break
            }
        }
        let availability = Availability(statuses)
        let steps = availability == .available ? [] : nextSteps(feature, constraints: constraints, parent: parent)
        let explanation = FeatureExplanation(
            feature: feature, availability: availability,
            parent: parent.map { ($0.feature.key, $0.feature.displayName, $0.availability) },
            constraints: constraints, nextSteps: steps)
        memo[key] = explanation
        return explanation
    }

    /// The enclosing feature: the longest proper prefix that is a feature key.
    private func parentKey(of key: String) -> String? {
        var segments = key.split(separator: "/")
        while segments.count > 1 {
            segments.removeLast()
            let candidate = segments.joined(separator: "/")
            if workspace.features[candidate] != nil,
                workspace.features[candidate]!.features.contains(where: { $0.key == key })
            {
                return candidate
            }
        }
        return nil
    }

    // MARK: Constraints

    private func text(_ key: String) -> String? {
        guard let value = values[key] else { return nil }
        if case .string(let text) = value { return text }
        return value.displayText
    }

    private func evaluate(_ feature: FeatureDefinition) -> [ConstraintResult] {
        var results: [ConstraintResult] = []
        let constraints = feature.constraints
        for requirement in constraints.permissions {
            let key = requirement.permission.contextKey
            let status = PermissionStatus(rawValue: text(key) ?? "") ?? .notDetermined
            let (constraintStatus, cause): (ConstraintStatus, ConstraintResult.Cause)
            switch status {
            case .authorized: (constraintStatus, cause) = (.satisfied, .none)
            case .notDetermined: (constraintStatus, cause) = (.notDetermined, .requestable)
            case .denied: (constraintStatus, cause) = (.notSatisfied, .denied)
            case .restricted, .unsupported: (constraintStatus, cause) = (.notSatisfied, .restricted)
            }
            results.append(
                ConstraintResult(
                    kind: .permission, name: requirement.permission.rawValue, status: constraintStatus,
                    detail: status.rawValue, key: key, keys: [key], cause: cause))
        }
        if let purchase = constraints.purchase {
            results.append(evaluate(purchase))
        }
        if constraints.userToggled != nil {
            let key = feature.key + "/user_toggled"
            let on = values[key] == .bool(true)
            results.append(
                ConstraintResult(
                    kind: .userToggled, name: key, status: on ? .satisfied : .notSatisfied,
                    detail: on ? "on" : "off", key: key, keys: [key], decidedBy: ruleDecision(key),
                    cause: on ? .none : .toggledOff))
        }
        if let runtime = constraints.runtimeEnabled {
            let key: String
            switch runtime {
            case .ownKey: key = feature.key + "/runtime_enabled"
            case .flag(let flag, _): key = flag
            }
            let on = values[key] == .bool(true)
            results.append(
                ConstraintResult(
                    kind: .runtimeEnabled, name: key, status: on ? .satisfied : .notSatisfied,
                    detail: on ? "enabled" : "disabled", key: key, keys: [key], decidedBy: ruleDecision(key),
                    cause: on ? .none : .runtimeOff))
        }
        for requirement in constraints.platforms {
            results.append(evaluate(requirement))
        }
        return results
    }

    /// How a layer's rules decided a switch, when they did.
    private func ruleDecision(_ key: String) -> RuleDecision? {
        resolutions[key].flatMap { RuleDecision($0, workspace: workspace) }
    }

    private func evaluate(_ requirement: PlatformRequirement) -> ConstraintResult {
        let platform = requirement.platform.rawValue
        let current = text(ContextKeys.platform)
        let version = text(ContextKeys.osVersion)
        var result = ConstraintResult(
            kind: .platform, name: platform, status: .satisfied, detail: "",
            key: ContextKeys.platform, keys: [ContextKeys.platform])
        let needs: String
        switch requirement.support {
        case .any: needs = "any version"
        case .unsupported: needs = "unsupported"
        case .minimum(let minimum): needs = "\(minimum) or later"
        }
        guard let current else {
            if case .any = requirement.support {
                result.detail = "\(needs); platform unknown"
                return result
            }
            result.status = .notDetermined
            if case .unsupported = requirement.support {
                result.detail = "unsupported on \(platform); platform unknown"
                result.cause = .unknownContext(keys: [ContextKeys.platform])
            } else {
                result.detail = "needs \(needs) on \(platform); platform unknown"
                let keys = version == nil ? [ContextKeys.platform, ContextKeys.osVersion] : [ContextKeys.platform]
                result.cause = .unknownContext(keys: keys)
            }
            return result
        }
        guard current == platform else {
            result.status = .notActive
            result.detail = "\(needs) on \(platform); device is \(current)"
            return result
        }
        switch requirement.support {
        case .any:
            result.detail = "any version"
        case .unsupported:
            result.status = .notSatisfied
            result.detail = "not supported on \(platform)"
            result.cause = .unsupportedPlatform
        case .minimum(let minimum):
            result.key = ContextKeys.osVersion
            result.keys = [ContextKeys.osVersion]
            guard let version, let parsed = OSVersion(version) else {
                result.status = .notDetermined
                result.detail =
                    "needs \(platform) \(minimum); OS version \(version.map { "'\($0)' unreadable" } ?? "unknown")"
                result.cause = .unknownContext(keys: [ContextKeys.osVersion])
                return result
            }
            if parsed >= minimum {
                result.detail = "\(platform) \(version) ≥ \(minimum)"
            } else {
                result.status = .notSatisfied
                result.detail = "\(platform) \(version) < \(minimum)"
                result.cause = .osTooOld
            }
        }
        return result
    }

    /// Three-valued purchase logic: anyOf is satisfied by one purchase even when others are
    /// unknown (Flint's any-of bug, which let one unknown product decide, is not copied).
    private func evaluate(_ requirement: PurchaseRequirement) -> ConstraintResult {
        var states: OrderedDictionary<String, PurchaseState> = [:]
        func status(_ requirement: PurchaseRequirement) -> ConstraintStatus {
            switch requirement {
            case .product(let name, _):
                guard let product = workspace.products[name] else { return .notSatisfied }
                let state = PurchaseState(rawValue: text(product.contextKey) ?? "") ?? .unknown
                states[product.contextKey] = state
                switch state {
                case .purchased: return .satisfied
                case .notPurchased: return .notSatisfied
                case .unknown: return .notDetermined
                }
            case .anyOf(let items):
                let results = items.map(status)
                if results.contains(.satisfied) { return .satisfied }
                if results.contains(.notDetermined) { return .notDetermined }
                return .notSatisfied
            case .allOf(let items):
                let results = items.map(status)
                if results.contains(.notSatisfied) { return .notSatisfied }
                if results.contains(.notDetermined) { return .notDetermined }
                return .satisfied
            }
        }
        let overall = status(requirement)
        let keys = Array(states.keys)
        let detail = states.map { key, state in "\(key.dropFirst("context/purchases/".count)): \(state.rawValue)" }
            .joined(separator: ", ")
        var result = ConstraintResult(
            kind: .purchase, name: Self.describe(requirement, products: workspace.products),
            status: overall, detail: detail, key: keys.first ?? "", keys: keys)
        let unknown = states.filter { $0.value == .unknown }.map(\.key)
        switch overall {
        case .notSatisfied:
            let offer = remaining(requirement, states: states) ?? ""
            let buy = states.filter { $0.value == .notPurchased }.map(\.key)
            result.cause = .purchase(buy: buy, offer: offer, unknown: unknown)
        case .notDetermined: result.cause = .unknownContext(keys: unknown)
        default: break
        }
        return result
    }

    /// What is still to buy, as people say it: "Premium (SUB0001) or Supporter (SUP0001)";
    /// `nil` when that part is already satisfied or only unknown.
    private func remaining(_ requirement: PurchaseRequirement, states: OrderedDictionary<String, PurchaseState>)
        -> String?
    {
        switch requirement {
        case .product(let name, _):
            guard let product = workspace.products[name], states[product.contextKey] == .notPurchased else {
                return nil
            }
            return "\(product.name) (\(product.productID))"
        case .anyOf(let items):
            if items.contains(where: { satisfied($0, states) }) { return nil }
            let parts = items.compactMap { remaining($0, states: states) }
            return parts.isEmpty ? nil : (parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " or ") + ")")
        case .allOf(let items):
            let parts = items.compactMap { remaining($0, states: states) }
            return parts.isEmpty ? nil : (parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " and ") + ")")
        }
    }

    private func satisfied(_ requirement: PurchaseRequirement, _ states: OrderedDictionary<String, PurchaseState>)
        -> Bool
    {
        switch requirement {
        case .product(let name, _):
            return workspace.products[name].map { states[$0.contextKey] == .purchased } ?? false
        case .anyOf(let items): return items.contains { satisfied($0, states) }
        case .allOf(let items): return items.allSatisfy { satisfied($0, states) }
        }
    }

    /// `premium`, `anyOf(premium, supporter)`, `allOf(a, anyOf(b, c))`.
    static func describe(_ requirement: PurchaseRequirement, products: OrderedDictionary<String, Product>) -> String {
        switch requirement {
        case .product(let name, _): return name
        case .anyOf(let items):
            return "anyOf(" + items.map { describe($0, products: products) }.joined(separator: ", ") + ")"
        case .allOf(let items):
            return "allOf(" + items.map { describe($0, products: products) }.joined(separator: ", ") + ")"
        }
    }

    // MARK: Next steps

    private func nextSteps(_ feature: FeatureDefinition, constraints: [ConstraintResult], parent: FeatureExplanation?)
        -> [NextStep]
    {
        var keys: [NextStepAction: [String]] = [:]
        var names: [NextStepAction: [String]] = [:]
        var decisions: [NextStepAction: [RuleDecision]] = [:]
        func add(_ action: NextStepAction, _ newKeys: [String], _ name: String, decidedBy decision: RuleDecision? = nil)
        {
            // A switch decided by rules is changed through the attributes its rules read.
            let changed = (decision?.changes.map(\.key) ?? []) + newKeys
            for key in changed where !(keys[action] ?? []).contains(key) { keys[action, default: []].append(key) }
            if !(names[action] ?? []).contains(name) { names[action, default: []].append(name) }
            if let decision { decisions[action, default: []].append(decision) }
        }
        for constraint in constraints {
            switch constraint.cause {
            case .none: break
            case .restricted: add(.restricted, constraint.keys, "\(constraint.name) (\(constraint.detail))")
            case .denied: add(.openSettings, constraint.keys, constraint.name)
            case .requestable: add(.requestPermission, constraint.keys, constraint.name)
            case .purchase(let buy, let offer, let unknown):
                add(.purchase, buy, offer)
                if !unknown.isEmpty { add(.unknownContext, unknown, unknown.joined(separator: ", ")) }
            case .unknownContext(let contextKeys):
                add(.unknownContext, contextKeys, contextKeys.joined(separator: ", "))
            case .unsupportedPlatform: add(.unsupportedPlatform, [ContextKeys.platform], constraint.name)
            case .osTooOld: add(.upgradeOS, [ContextKeys.osVersion], constraint.detail)
            case .toggledOff: add(.turnOn, constraint.keys, constraint.key, decidedBy: constraint.decidedBy)
            case .runtimeOff: add(.enableRuntime, constraint.keys, constraint.key, decidedBy: constraint.decidedBy)
            }
        }
        if let parent, parent.availability != .available {
            let parentKeys = parent.nextSteps.flatMap(\.keys)
            add(.enableParent, parentKeys, parent.feature.displayName)
        }
        return NextStepAction.allCases.compactMap { action in
            guard let actionKeys = keys[action] else { return nil }
            let decided = decisions[action] ?? []
            let text =
                decided.isEmpty
                ? message(action, names: names[action] ?? [], keys: actionKeys, feature: feature, parent: parent)
                : ruleMessage(action, names: names[action] ?? [], decided: decided)
            return NextStep(
                action: action, keys: actionKeys, message: text,
                command: command(action, keys: actionKeys, decided: decided, feature: feature))
        }
    }

    /// What to do about a switch that rules turned off: the rules decide it, so the device's
    /// attributes they read are what QA changes, not the switch.
    private func ruleMessage(_ action: NextStepAction, names: [String], decided: [RuleDecision]) -> String {
        let what = action == .enableRuntime ? "The runtime switch" : "The user toggle"
        let providers = Array(OrderedSet(decided.map(\.provider))).joined(separator: " and ")
        let changes = decided.flatMap(\.changes).map(\.text)
        return "\(what) \(names.joined(separator: ", ")) is off for this device: the rules of \(providers) decide it"
            + (changes.isEmpty
                ? ", and no attribute of the device changes them." : "; \(changes.joined(separator: ", or ")).")
    }

    /// The command that simulates a next step, when one key and one value do it: setting the
    /// first attribute the deciding rules read to a value they compare it with, or the key
    /// itself to the state that satisfies it.
    private func command(
        _ action: NextStepAction, keys: [String], decided: [RuleDecision], feature: FeatureDefinition
    ) -> [String]? {
        if let change = decided.lazy.compactMap({ $0.changes.lazy.compactMap(\.command).first }).first {
            return change
        }
        guard decided.isEmpty, let key = keys.first else { return nil }
        let value: String
        switch action {
        case .purchase: value = PurchaseState.purchased.rawValue
        case .openSettings, .requestPermission: value = PermissionStatus.authorized.rawValue
        case .turnOn, .enableRuntime: value = "true"
        case .upgradeOS:
            // The minimum of the platform the device is on: the version that satisfies it.
            let platform = text(ContextKeys.platform)
            let minimum = feature.constraints.platforms.lazy.compactMap { requirement -> OSVersion? in
                guard requirement.platform.rawValue == platform, case .minimum(let version) = requirement.support
                else { return nil }
                return version
            }.first
            guard let minimum else { return nil }
            value = minimum.description
        case .restricted, .enableParent, .unsupportedPlatform, .unknownContext: return nil
        }
        return ["flagscope", "set", key, value]
    }

    private func message(
        _ action: NextStepAction, names: [String], keys: [String], feature: FeatureDefinition,
        parent: FeatureExplanation?
    ) -> String {
        let list = names.joined(separator: ", ")
        switch action {
        case .restricted:
            return
                "\(names.count == 1 ? "Permission" : "Permissions") \(list) cannot be granted on this device (restricted or unsupported): tell the user why, and do not sell this feature here."
        case .purchase:
            var offer = names.joined(separator: " and ")
            if offer.hasPrefix("("), offer.hasSuffix(")"), names.count == 1 {
                offer = String(offer.dropFirst().dropLast())
            }
            let purchaseKeys = keys.isEmpty ? "context/purchases/<productID>" : keys.joined(separator: " or ")
            return "Buy \(offer) to unlock it — simulate by setting \(purchaseKeys) to purchased."
        case .openSettings:
            return
                "\(names.count == 1 ? "Permission" : "Permissions") \(list) \(names.count == 1 ? "was" : "were") denied: ask the user to allow \(names.count == 1 ? "it" : "them") in Settings — simulate with authorized."
        case .requestPermission:
            return
                "\(names.count == 1 ? "Permission" : "Permissions") \(list) \(names.count == 1 ? "has" : "have") not been asked for yet: request \(names.count == 1 ? "it" : "them") — simulate with authorized or denied."
        case .enableParent:
            let parentName = "\(parent?.feature.displayName ?? "?") (\(parent?.feature.key ?? "?"))"
            if parent?.availability == .unknown {
                return "Whether the parent feature \(parentName) is available is unknown: settle its keys first."
            }
            return "The parent feature \(parentName) is unavailable: make it available first."
        case .turnOn:
            let byDefault = keys.first.flatMap { key in resolutions[key] }.map { $0.reason == .default } ?? false
            return
                "\(feature.displayName) is switched off\(byDefault ? " by default" : " by the user"): turn \(list) on."
        case .enableRuntime:
            return "The runtime switch \(list) is off: enable it."
        case .unsupportedPlatform:
            let supported = feature.constraints.platforms.filter {
                if case .unsupported = $0.support { return false } else { return true }
            }.map(\.platform.rawValue)
            let hint =
                supported.isEmpty
                ? "" : " (it runs on \(supported.joined(separator: ", ")) and any platform not listed)"
            return
                "\(feature.displayName) is not supported on \(list)\(hint): try another platform in context/platform."
        case .upgradeOS:
            return "The OS is too old (\(list)): upgrade, or raise context/os_version."
        case .unknownContext:
            let described = keys.map { key -> String in
                if let product = workspace.products.values.first(where: { $0.contextKey == key }) {
                    return "whether \(product.name) (\(product.productID)) is purchased"
                }
                if key == ContextKeys.platform { return "the platform" }
                if key == ContextKeys.osVersion { return "the OS version" }
                return key
            }
            return
                "Not enough is known about the device: \(described.joined(separator: ", ")). Set these keys to decide."
        }
    }
}
