import FlagCore

/// A data file of LaunchDarkly's SDK test harness, expanded as the harness expands it
/// (`docs/data_files.md` there): `constants` and each set of `parameters` (a list of sets, or a
/// list of lists whose every combination is a set) are put in place of `<NAME>` in the text —
/// a whole quoted `"<NAME>"` by the value's JSON, a bare `<NAME>` by a text's own characters or
/// another value's JSON — constants, then the set, then constants again; each set makes a copy
/// of the file. The text is YAML 1.2 as the harness's Go loader reads it: `on`, `off`, `yes`
/// and `no` are text, and `<<` merges a mapping (or a list of them) into the one it is in.
enum LaunchDarklyDataFile {
    /// One copy of the file, read: the JSON and the parameters it was made with.
    struct Copy {
        var json: JSONValue
        var parameters: String
    }

    /// Every copy of the file whose text is `text`.
    static func copies(of text: String) throws(DocumentError) -> [Copy] {
        let original = json(try YAMLReader.parse(text))
        let constants = (original.object?["constants"]?.object ?? [:]).map { ($0.key, $0.value) }
        let sets = parameterSets(original.object?["parameters"])
        if constants.isEmpty && sets.isEmpty { return [Copy(json: original, parameters: "")] }
        var copies: [Copy] = []
        for set in sets.isEmpty ? [[:]] : sets {
            var expanded = replacing(constants, in: text)
            expanded = replacing(set.map { ($0.key, $0.value) }, in: expanded)
            expanded = replacing(constants, in: expanded)
            let shown = set.map { "\($0.key)=\($0.value.compactText(limit: 40))" }.sorted().joined(separator: ", ")
            copies.append(Copy(json: json(try YAMLReader.parse(expanded)), parameters: shown))
        }
        return copies
    }

    /// The parameter sets: a list of objects, or a list of lists of objects, combined.
    static func parameterSets(_ value: JSONValue?) -> [[String: JSONValue]] {
        guard case .array(let items)? = value, let first = items.first else { return [] }
        func set(_ value: JSONValue) -> [String: JSONValue] {
            Dictionary((value.object ?? [:]).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        }
        guard case .array = first else { return items.map(set) }
        let lists = items.map { ($0.arrayValue ?? []).map(set) }
        guard lists.allSatisfy({ !$0.isEmpty }) else { return [] }
        // The first list varies fastest, as the harness counts.
        var indices = [Int](repeating: 0, count: lists.count)
        var combined: [[String: JSONValue]] = []
        while true {
            var merged: [String: JSONValue] = [:]
            for (list, index) in zip(lists, indices) { merged.merge(list[index]) { _, new in new } }
            combined.append(merged)
            var position = 0
            while position < lists.count {
                indices[position] += 1
                if indices[position] < lists[position].count { break }
                indices[position] = 0
                position += 1
            }
            if position == lists.count { return combined }
        }
    }

    /// `text` with every `<NAME>` of `values` replaced.
    static func replacing(_ values: some Sequence<(String, JSONValue)>, in text: String) -> String {
        var text = text
        for (name, value) in values {
            let json = value.compactText
            text = text.replacingOccurrences(of: "\"<\(name)>\"", with: json)
            text = text.replacingOccurrences(of: "<\(name)>", with: value.stringValue ?? json)
        }
        return text
    }

    /// A YAML node as JSON, with `<<` merges applied (keys written in the mapping win).
    static func json(_ node: SourceNode) -> JSONValue {
        switch node.content {
        case .scalar:
            return JSONValue(node)
        case .sequence(let items):
            return .array(items.map(json))
        case .mapping(let pairs):
            var members: [(String, JSONValue)] = []
            var merged: [(String, JSONValue)] = []
            for (key, value) in pairs {
                let name = key.scalarText ?? ""
                guard name == "<<", key.isPlainScalar else {
                    members.append((name, json(value)))
                    continue
                }
                let sources = value.sequence ?? [value]
                for source in sources {
                    for (mergedName, mergedValue) in json(source).object ?? [:]
                    where !merged.contains(where: { $0.0 == mergedName }) {
                        merged.append((mergedName, mergedValue))
                    }
                }
            }
            for (name, value) in merged where !members.contains(where: { $0.0 == name }) {
                members.append((name, value))
            }
            return .object(.init(members, uniquingKeysWith: { first, _ in first }))
        }
    }
}
