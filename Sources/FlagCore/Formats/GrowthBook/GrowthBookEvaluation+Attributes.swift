/// How GrowthBook's attributes are the simulated device: a condition's path `a.b` reads
/// `context/a/b` (or the member `b` of a JSON object at `context/a`), a hash attribute is read by
/// its whole name (`context/<name>`, as the SDK reads `attributes[name]`), and nothing is renamed.
/// Every read is recorded, set or not, so a trace lists exactly what was looked at.
extension GrowthBookEvaluation {
    /// The device's attribute at a condition's path.
    mutating func attribute(_ names: [String]) -> JSONValue? {
        let value = Self.lookup(names, in: context)
        reads.record(
            key: ContextKeys.prefix + (names.count == 1 ? names[0] : names.joined(separator: "/")), value: value)
        return value
    }

    /// The device's attribute of this whole name (a hash attribute).
    mutating func attribute(named name: String) -> JSONValue? {
        let value = Self.lookup([name], in: context)
        reads.record(key: ContextKeys.prefix + name, value: value)
        return value
    }

    /// The value at `names`: the longest key written flat (`user/name`) wins, then members of the
    /// JSON value found there, as the SDK's `getPath` walks them (list items by index, and a
    /// list's `length`). `nil` when unset or null.
    static func lookup(_ names: [String], in context: EvaluationContext) -> JSONValue? {
        guard let first = names.first else { return nil }
        let attributes = context.attributes
        if names.count == 1, let found = attributes[first] {
            return found == .null ? nil : found
        }
        for length in stride(from: names.count, through: 1, by: -1) {
            let key = length == 1 ? first : names[..<length].joined(separator: "/")
            if let found = attributes[key] { return walk(found, names[length...]) }
        }
        // Keys below the path (`user/name` when `user` is read) make an object of their own.
        guard let below = context.value(at: names) else { return nil }
        return below == .null ? nil : below
    }

    /// The member at `names` inside `value`, as `getPath` walks it: objects by member name,
    /// lists by index or `length`; anything else, or null on the way, is `nil`.
    static func walk(_ value: JSONValue?, _ names: ArraySlice<String>) -> JSONValue? {
        var current = value
        for name in names {
            switch current {
            case .object(let members):
                guard let member = members[name] else { return nil }
                current = member
            case .array(let items):
                if name == "length" {
                    current = .int(items.count)
                } else if let index = GrowthBookCoercion.arrayIndex(name), index < items.count {
                    current = items[index]
                } else {
                    return nil
                }
            default:
                return nil
            }
        }
        return current == .null ? nil : current
    }
}
