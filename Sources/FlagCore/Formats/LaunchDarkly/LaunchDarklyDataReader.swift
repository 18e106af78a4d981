import OrderedCollections

/// The reading of one LaunchDarkly file: its flags and segments, with a located problem for
/// each part that cannot be used as written.
struct LaunchDarklyDataReader {
    /// What `validate` reports.
    var problems: [RuleProblem] = []
    /// Why the flag or segment being read cannot be evaluated, once something of the wrong type
    /// is found in it.
    var malformation: String?
    /// What is being read, for messages: `the flag`, `the segment`.
    var subject = "the flag"
    /// Segment keys named by `segmentMatch` clauses, with where, checked once every segment is read.
    var segmentReferences: [(key: String, location: TextLocation?)] = []

    /// Adds a problem for `validate`.
    mutating func report(_ message: String, at location: TextLocation?, severity: Diagnostic.Severity = .error) {
        problems.append(RuleProblem(message, at: location, severity: severity))
    }

    /// The file `root`: its flags, segments and flag values, checked across.
    mutating func read(_ root: SourceNode) throws(DocumentError) -> LaunchDarklyData {
        guard root.mapping != nil else {
            throw DocumentError(
                "a LaunchDarkly file is a JSON object with \"flags\" and \"segments\" (or \"flagValues\"), found \(root.kindDescription)",
                at: root.location)
        }
        var flags = OrderedDictionary<String, LaunchDarklyFlag>()
        var segments = OrderedDictionary<String, LaunchDarklySegment>()
        for (keyNode, node) in entries(root["flags"], what: "\"flags\"") {
            subject = "the flag"
            if let flag = flag(keyNode, node) { flags[flag.key] = flag }
        }
        for (keyNode, node) in entries(root["segments"], what: "\"segments\"") {
            subject = "the segment"
            if let segment = segment(keyNode, node) { segments[segment.key] = segment }
        }
        for (keyNode, node) in entries(root["flagValues"], what: "\"flagValues\"") {
            let key = keyNode.scalarText ?? ""
            guard flags[key] == nil else {
                report(
                    "\(Self.quoted(key)) is both in \"flags\" and in \"flagValues\" (the SDKs refuse such a file); the one in \"flags\" is used",
                    at: keyNode.location)
                continue
            }
            var flag = LaunchDarklyFlag(key: key, location: keyNode.location)
            flag.on = true
            flag.variations = [JSONValue(node)]
            flag.fallthrough = .variation(0)
            flags[key] = flag
        }
        let hasFlagValues = root["flagValues"] != nil
        let hasData = root["flags"] != nil || root["segments"] != nil
        if !hasFlagValues && !hasData {
            report(
                "a LaunchDarkly file has \"flags\" and \"segments\" (or \"flagValues\"); this one has none",
                at: root.location)
        }
        let store = LaunchDarklyStore(flags: flags, segments: segments)
        check(store)
        problems.sort { ($0.location ?? .start) < ($1.location ?? .start) }
        let form: LaunchDarklyData.Form = hasFlagValues ? (hasData ? .combined : .flagValues) : .sdkData
        return LaunchDarklyData(store: store, form: form, problems: problems)
    }

    /// The members of a map of flags or segments; none when absent, reported when not a map.
    private mutating func entries(_ node: SourceNode?, what: String) -> [(key: SourceNode, value: SourceNode)] {
        guard let node, !node.isNull else { return [] }
        guard let pairs = node.mapping else {
            report("\(what) is an object of keys to definitions, found \(node.kindDescription)", at: node.location)
            return []
        }
        return pairs
    }

    // MARK: Flags

    /// A flag; `nil` for a deleted one (the SDKs hold it as absent).
    private mutating func flag(_ keyNode: SourceNode, _ node: SourceNode) -> LaunchDarklyFlag? {
        var flag = LaunchDarklyFlag(key: keyNode.scalarText ?? "", location: keyNode.location)
        malformation = nil
        guard node.mapping != nil else {
            flag.malformation = wrongType(node, "a flag", "an object")
            return flag
        }
        if bool(node["deleted"], "\"deleted\"") == true {
            report("\(Self.quoted(flag.key)) is deleted: the SDKs hold it as absent", at: keyNode.location)
            return nil
        }
        checkKey(node["key"], of: flag.key)
        flag.on = bool(node["on"], "\"on\"") ?? false
        flag.offVariation = integer(node["offVariation"], "\"offVariation\"")
        flag.variations = list(node["variations"], "\"variations\"").map(JSONValue.init)
        flag.salt = text(node["salt"], "\"salt\"") ?? ""
        flag.prerequisites = list(node["prerequisites"], "\"prerequisites\"").compactMap { prerequisite($0) }
        flag.targets = list(node["targets"], "\"targets\"").compactMap { target($0) }
        flag.contextTargets = list(node["contextTargets"], "\"contextTargets\"").compactMap { target($0) }
        flag.rules = list(node["rules"], "\"rules\"").compactMap { rule($0) }
        if let fallthroughNode = node["fallthrough"], !fallthroughNode.isNull {
            if fallthroughNode.mapping != nil {
                flag.fallthrough = serve(fallthroughNode, what: "the fallthrough")
            } else {
                wrongType(fallthroughNode, "\"fallthrough\"", "an object")
            }
        } else if flag.on {
            report(
                "the flag has no \"fallthrough\": a context no target or rule matches is MALFORMED_FLAG",
                at: keyNode.location)
        }
        checkVariations(of: flag, node)
        flag.malformation = malformation
        return flag
    }

    /// Reports a flag's or segment's own `key` when it is not the key of its entry.
    mutating func checkKey(_ node: SourceNode?, of key: String) {
        guard let node, !node.isNull else { return }
        if let written = text(node, "\"key\""), !UTF8Bytes.equal(written, key) {
            report(
                "\"key\" is \(Self.quoted(written)) but the entry's key is \(Self.quoted(key)); the entry's key is used",
                at: node.location)
        }
    }

    private mutating func prerequisite(_ node: SourceNode) -> LaunchDarklyPrerequisite? {
        guard node.mapping != nil else {
            wrongType(node, "a prerequisite", "an object")
            return nil
        }
        guard let key = text(node["key"], "a prerequisite's \"key\""),
            let variation = integer(node["variation"], "a prerequisite's \"variation\"")
        else {
            malformation = malformation ?? "a prerequisite has no \"key\" or \"variation\""
            report("a prerequisite has a \"key\" and a \"variation\"", at: node.location)
            return nil
        }
        return LaunchDarklyPrerequisite(key: key, variation: variation, location: node.location)
    }

    private mutating func target(_ node: SourceNode) -> LaunchDarklyTarget? {
        guard node.mapping != nil else {
            wrongType(node, "a target", "an object")
            return nil
        }
        guard let variation = integer(node["variation"], "a target's \"variation\"") else {
            malformation = malformation ?? "a target has no \"variation\""
            report("a target has a \"variation\"", at: node.location)
            return nil
        }
        let kind = text(node["contextKind"], "\"contextKind\"").flatMap { $0.isEmpty ? nil : $0 } ?? "user"
        return LaunchDarklyTarget(
            contextKind: kind, variation: variation, values: LaunchDarklyKeySet(texts(node["values"], "\"values\"")),
            location: node.location)
    }

    private mutating func rule(_ node: SourceNode) -> LaunchDarklyFlagRule? {
        guard node.mapping != nil else {
            wrongType(node, "a rule", "an object")
            return nil
        }
        if node["clauses"] == nil {
            report("the rule has no \"clauses\": it matches every context", at: node.location)
        }
        return LaunchDarklyFlagRule(
            id: text(node["id"], "a rule's \"id\""),
            clauses: list(node["clauses"], "\"clauses\"").compactMap { clause($0) },
            serve: serve(node, what: "the rule"), location: node.location)
    }
}
