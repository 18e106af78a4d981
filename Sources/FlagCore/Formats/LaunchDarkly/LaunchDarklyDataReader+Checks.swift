import OrderedCollections

extension LaunchDarklyDataReader {
    /// Reports each variation index of `flag` that names no variation: serving it is `MALFORMED_FLAG`.
    mutating func checkVariations(of flag: LaunchDarklyFlag, _ node: SourceNode) {
        let count = flag.variations.count
        func check(_ index: Int, what: String, at location: TextLocation?) {
            guard index < 0 || index >= count else { return }
            report(
                "\(what) serves variation \(index), but the flag has \(count == 1 ? "1 variation" : "\(count) variations"): serving it is MALFORMED_FLAG",
                at: location)
        }
        if let index = flag.offVariation {
            check(index, what: "\"offVariation\"", at: node["offVariation"]?.location)
        }
        for target in flag.targets + flag.contextTargets {
            check(target.variation, what: "the target", at: target.location)
        }
        for rule in flag.rules {
            for index in rule.serve.variationIndices { check(index, what: "the rule", at: rule.location) }
        }
        for index in flag.fallthrough.variationIndices {
            check(index, what: "the fallthrough", at: node["fallthrough"]?.location)
        }
    }

    /// The checks across flags and segments: prerequisites and segments named but missing, a
    /// prerequisite's variation its flag lacks, and cycles of prerequisites or of segments.
    mutating func check(_ store: LaunchDarklyStore) {
        for flag in store.flags.values {
            for prerequisite in flag.prerequisites {
                guard let required = store.flags[prerequisite.key] else {
                    report(
                        "no flag \(Self.quoted(prerequisite.key)) in this file: the prerequisite always fails",
                        at: prerequisite.location, severity: .warning)
                    continue
                }
                if !required.variations.indices.contains(prerequisite.variation), required.malformation == nil {
                    report(
                        "\(Self.quoted(prerequisite.key)) has no variation \(prerequisite.variation): the prerequisite always fails",
                        at: prerequisite.location)
                }
            }
        }
        for reference in segmentReferences where store.segments[reference.key] == nil {
            report(
                "no segment \(Self.quoted(reference.key)) in this file: the SDKs match no context with it",
                at: reference.location, severity: .warning)
        }
        let prerequisites = store.flags.mapValues { flag in flag.prerequisites.map(\.key) }
        for cycle in Self.cycles(in: prerequisites) {
            report(
                "prerequisites form a cycle: \(Self.path(cycle)); evaluating a flag on it is MALFORMED_FLAG",
                at: store.flags[cycle[0]]?.location)
        }
        let references = store.segments.mapValues { segment in
            segment.rules.flatMap { rule in
                rule.clauses.flatMap { clause -> [String] in
                    guard case .segments(let keys) = clause.operand else { return [] }
                    return keys
                }
            }
        }
        for cycle in Self.cycles(in: references) {
            report(
                "segments refer to each other in a cycle: \(Self.path(cycle)); evaluating a flag that reaches it is MALFORMED_FLAG",
                at: store.segments[cycle[0]]?.location)
        }
    }

    /// `a → b → a`, capped.
    private static func path(_ cycle: [String]) -> String {
        (cycle.prefix(10).map { TerminalText.capped($0, limit: 60) } + [TerminalText.capped(cycle[0], limit: 60)])
            .joined(separator: " → ")
    }

    /// Each cycle of the graph `edges` (node → the nodes it names), once, starting at its first
    /// node in file order. Found with an explicit stack, so a chain of any length is no risk to
    /// the call stack.
    static func cycles(in edges: OrderedDictionary<String, [String]>) -> [[String]] {
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        var found: [[String]] = []
        for root in edges.keys where state[root] == nil {
            var path: [(node: String, next: Int)] = [(root, 0)]
            state[root] = false
            while let top = path.last {
                let targets = edges[top.node] ?? []
                guard top.next < targets.count else {
                    state[top.node] = true
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = targets[top.next]
                guard edges[target] != nil else { continue }
                switch state[target] {
                case nil:
                    state[target] = false
                    path.append((target, 0))
                case false?:
                    if let start = path.firstIndex(where: { $0.node == target }) {
                        found.append(path[start...].map(\.node))
                    }
                case true?:
                    break
                }
            }
        }
        return found
    }
}
