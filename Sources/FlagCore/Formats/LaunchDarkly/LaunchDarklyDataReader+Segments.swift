extension LaunchDarklyDataReader {
    /// A segment; `nil` for a deleted one (the SDKs hold it as absent).
    mutating func segment(_ keyNode: SourceNode, _ node: SourceNode) -> LaunchDarklySegment? {
        var segment = LaunchDarklySegment(key: keyNode.scalarText ?? "", location: keyNode.location)
        malformation = nil
        guard node.mapping != nil else {
            segment.malformation = wrongType(node, "a segment", "an object")
            return segment
        }
        if bool(node["deleted"], "\"deleted\"") == true {
            report("segment \(Self.quoted(segment.key)) is deleted: the SDKs hold it as absent", at: keyNode.location)
            return nil
        }
        checkKey(node["key"], of: segment.key)
        segment.included = LaunchDarklyKeySet(texts(node["included"], "\"included\""))
        segment.excluded = LaunchDarklyKeySet(texts(node["excluded"], "\"excluded\""))
        segment.includedContexts = segmentTargets(node["includedContexts"], "\"includedContexts\"")
        segment.excludedContexts = segmentTargets(node["excludedContexts"], "\"excludedContexts\"")
        segment.salt = text(node["salt"], "\"salt\"") ?? ""
        segment.unbounded = bool(node["unbounded"], "\"unbounded\"") ?? false
        segment.unboundedContextKind =
            text(node["unboundedContextKind"], "\"unboundedContextKind\"").flatMap { $0.isEmpty ? nil : $0 } ?? "user"
        segment.generation = integer(node["generation"], "\"generation\"")
        segment.rules = list(node["rules"], "\"rules\"").compactMap { segmentRule($0) }
        if segment.unbounded {
            report(
                "segment \(Self.quoted(segment.key)) is a big segment: its members are in a big-segment store, which Flagscope does not have, so only its rules are evaluated"
                    + (segment.generation == nil ? " (it has no \"generation\": it matches no context)" : ""),
                at: keyNode.location, severity: .note)
        }
        segment.malformation = malformation
        return segment
    }

    private mutating func segmentTargets(_ node: SourceNode?, _ what: String) -> [LaunchDarklySegmentTarget] {
        list(node, what).compactMap { item in
            guard item.mapping != nil else {
                wrongType(item, "an entry of \(what)", "an object")
                return nil
            }
            let kind = text(item["contextKind"], "\"contextKind\"").flatMap { $0.isEmpty ? nil : $0 } ?? "user"
            return LaunchDarklySegmentTarget(
                contextKind: kind, values: LaunchDarklyKeySet(texts(item["values"], "\"values\"")))
        }
    }

    private mutating func segmentRule(_ node: SourceNode) -> LaunchDarklySegmentRule? {
        guard node.mapping != nil else {
            wrongType(node, "a segment rule", "an object")
            return nil
        }
        if node["clauses"] == nil {
            report("the segment rule has no \"clauses\": it matches every context", at: node.location)
        }
        let kind = text(node["rolloutContextKind"], "\"rolloutContextKind\"").flatMap { $0.isEmpty ? nil : $0 }
        return LaunchDarklySegmentRule(
            id: text(node["id"], "a rule's \"id\""),
            clauses: list(node["clauses"], "\"clauses\"").compactMap { clause($0) },
            weight: integer(node["weight"], "\"weight\""),
            bucketBy: reference(node["bucketBy"], isReference: kind != nil, what: "\"bucketBy\""),
            rolloutContextKind: kind ?? "user", location: node.location)
    }
}
