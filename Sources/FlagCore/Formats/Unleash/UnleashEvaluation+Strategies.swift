extension UnleashEvaluation {
    /// A strategy's own check, as the SDKs make it; an unknown strategy is off.
    mutating func check(_ strategy: UnleashStrategy, of toggle: UnleashToggle) -> Bool {
        let start = reads.count
        switch strategy.name {
        case "default":
            record("default", since: start, result: true, location: strategy.location)
            return true
        case "userWithId":
            return checkUserIds(strategy, since: start)
        case "gradualRolloutUserId", "gradualRolloutSessionId":
            return checkGradualRollout(strategy, since: start)
        case "gradualRolloutRandom":
            let percentage = Self.percentage(strategy.parameters["percentage"])
            return rollout(
                "gradualRolloutRandom \(Self.percentText(percentage)) %", percentage: percentage,
                identifier: UnleashRandomDraw.identifier, groupId: toggle.name, since: start,
                location: strategy.location, note: "random: drawn once for this run")
        case "flexibleRollout":
            return checkFlexibleRollout(strategy, of: toggle, since: start)
        case "remoteAddress":
            return checkRemoteAddress(strategy, since: start)
        case "applicationHostname":
            return checkHostname(strategy, since: start)
        default:
            record(
                TerminalText.capped(strategy.name, limit: 60), since: start, result: false, location: strategy.location,
                note: "a strategy the SDKs do not know: off")
            return false
        }
    }

    /// `userWithId`: on for the listed `userIds`.
    private mutating func checkUserIds(_ strategy: UnleashStrategy, since start: Int) -> Bool {
        // Every entry counts, an empty one too (`"a, "` holds "a" and ""), as in yggdrasil.
        let ids = Self.list(strategy.parameters["userIds"], keepingEmpty: true)
        let userId = UnleashContextFields.text("userId", in: context, reads: &reads)
        let on = userId.map { ids.contains($0) } ?? false
        record(
            "userWithId userIds \(Self.shown(ids))", since: start, result: on, location: strategy.location,
            note: userId == nil ? "context/userId is unset; one of these ids turns the toggle on" : nil)
        return on
    }

    /// `gradualRolloutUserId` and `gradualRolloutSessionId`: a rollout of the user or session
    /// id; off without one.
    private mutating func checkGradualRollout(_ strategy: UnleashStrategy, since start: Int) -> Bool {
        let field = strategy.name == "gradualRolloutUserId" ? "userId" : "sessionId"
        let percentage = Self.percentage(strategy.parameters["percentage"])
        let groupId = strategy.parameters["groupId"] ?? ""
        // Worded only when traced: every toggle is evaluated on every resolve.
        func words() -> String {
            "\(strategy.name) \(Self.percentText(percentage)) %, groupId \(Self.quoted(groupId))"
        }
        guard let identifier = UnleashContextFields.text(field, in: context, reads: &reads) else {
            record(words(), since: start, result: false, location: strategy.location, note: "\(field) is unset")
            return false
        }
        return rollout(
            words(), percentage: percentage, identifier: identifier, groupId: groupId, since: start,
            location: strategy.location)
    }

    /// `flexibleRollout`: a rollout of the field its stickiness names (by default the user id,
    /// else `sessionId`, else a random draw); off when a named field is unset.
    private mutating func checkFlexibleRollout(_ strategy: UnleashStrategy, of toggle: UnleashToggle, since start: Int)
        -> Bool
    {
        let parameters = strategy.parameters
        let percentage = Self.percentage(parameters["rollout"])
        let groupId = parameters["groupId"].flatMap { $0.isEmpty ? nil : $0 } ?? toggle.name
        let stickiness = parameters["stickiness"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        func words() -> String {
            "flexibleRollout \(Self.percentText(percentage)) %, stickiness \(stickiness), groupId \(Self.quoted(groupId))"
        }
        let identifier: String?
        var note: String?
        switch stickiness {
        case "default":
            identifier =
                UnleashContextFields.text("userId", in: context, reads: &reads)
                ?? UnleashContextFields.text("sessionId", in: context, reads: &reads)
            if identifier == nil { note = "userId and sessionId are unset: random, drawn once for this run" }
        case "random":
            identifier = nil
            note = "random: drawn once for this run"
        default:
            identifier = UnleashContextFields.text(stickiness, in: context, reads: &reads)
            guard identifier != nil else {
                record(
                    words(), since: start, result: false, location: strategy.location, note: "\(stickiness) is unset")
                return false
            }
        }
        return rollout(
            words(), percentage: percentage, identifier: identifier ?? UnleashRandomDraw.identifier,
            groupId: groupId, since: start, location: strategy.location, note: note)
    }

    /// `remoteAddress`: on for an address among the `IPs`, or within one of its networks.
    private mutating func checkRemoteAddress(_ strategy: UnleashStrategy, since start: Int) -> Bool {
        let entries = Self.list(strategy.parameters["IPs"])
        let address = UnleashContextFields.text("remoteAddress", in: context, reads: &reads)
        let on =
            address.map { address in
                entries.contains { entry in entry == address || (IPNetwork(entry)?.contains(address) ?? false) }
            } ?? false
        record("remoteAddress IPs \(Self.shown(entries))", since: start, result: on, location: strategy.location)
        return on
    }

    /// `applicationHostname`: on for a host name among the `hostNames`, in any case.
    private mutating func checkHostname(_ strategy: UnleashStrategy, since start: Int) -> Bool {
        let names = Self.list(strategy.parameters["hostNames"]).map { $0.lowercased() }
        let hostname = UnleashContextFields.text("hostname", in: context, reads: &reads)
        let on = hostname.map { names.contains($0.lowercased()) } ?? false
        record(
            "applicationHostname hostNames \(Self.shown(names))", since: start, result: on,
            location: strategy.location)
        return on
    }

    /// A percentage rollout: on when the bucket of `identifier` in `groupId` is within it.
    private mutating func rollout(
        _ words: @autoclosure () -> String, percentage: Double, identifier: String, groupId: String, since start: Int,
        location: TextLocation?, note: String? = nil
    ) -> Bool {
        let bucket = UnleashHashing.normalized(identifier, groupId: groupId)
        let on = percentage > 0 && Double(bucket) <= percentage
        if percentage > 0 && percentage < 100 { splitDecided = on || splitDecided }
        let shown = min(max(percentage, 0), 100)
        record(
            words(), since: start, result: on, location: location,
            split: PercentageSplit(
                bucket: Double(bucket - 1),
                shares: [
                    .init(name: "on", weight: shown, percent: shown),
                    .init(name: "off", weight: 100 - shown, percent: 100 - shown),
                ], chosen: on ? "on" : "off"), note: note)
        return on
    }

    /// A comma-separated parameter's entries, trimmed (empty ones dropped).
    static func list(_ text: String?, keepingEmpty: Bool = false) -> [String] {
        guard let text else { return [] }
        return text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { keepingEmpty || !$0.isEmpty }
    }

    /// A percentage parameter as the SDKs read it; not a number is 0 (never on).
    static func percentage(_ text: String?) -> Double {
        text.flatMap(UnleashText.number) ?? 0
    }

    /// A percentage as the trace shows it: whole numbers without a fraction.
    static func percentText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : JSONValue.format(value)
    }

    /// A parameter's entries as the trace shows them: the first ten, each capped.
    static func shown(_ entries: [String]) -> String {
        guard !entries.isEmpty else { return "(none)" }
        let listed = entries.prefix(10).map { TerminalText.capped($0, limit: 60) }.joined(separator: ", ")
        return entries.count > 10 ? listed + ", … \(entries.count - 10) more" : listed
    }

    /// Text quoted as JSON, capped, for the trace.
    static func quoted(_ text: String) -> String {
        JSONValue.string(TerminalText.capped(text, limit: 60)).compactText
    }
}
