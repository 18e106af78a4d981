import Foundation

/// The simulated device as rules see it (docs/rules.md): the `context/*` keys with their JSON types,
/// and the clock.
package struct EvaluationContext: Sendable, Hashable {
    /// Attribute values by key without the `context/` prefix (`email`, `user/name`).
    package var attributes: [String: JSONValue] {
        didSet { listed = Self.listed(attributes) }
    }
    /// The clock; `context/now`, when set, overrides it.
    package var now: Date
    /// The attributes in a list when there are few (a device has a handful): a rule reads one
    /// for every flag evaluated, and comparing a short name with a few is cheaper than hashing it.
    private var listed: [(key: String, value: JSONValue)]?

    private static func listed(_ attributes: [String: JSONValue]) -> [(key: String, value: JSONValue)]? {
        attributes.count <= 16 ? attributes.map { ($0.key, $0.value) } : nil
    }

    package static func == (left: EvaluationContext, right: EvaluationContext) -> Bool {
        left.attributes == right.attributes && left.now == right.now
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(attributes)
        hasher.combine(now)
    }

    /// Creates a context from attributes keyed with or without `context/`.
    package init(attributes: [String: JSONValue] = [:], now: Date = Date()) {
        var stored: [String: JSONValue] = [:]
        for (key, value) in attributes {
            let name = key.hasPrefix(ContextKeys.prefix) ? String(key.dropFirst(ContextKeys.prefix.count)) : key
            stored[name] = value
        }
        self.attributes = stored
        self.now = now
        listed = Self.listed(stored)
    }

    /// The key a rule's attribute name reads: `targetingKey` is `context/targeting_key`; a
    /// dotted path `user.name` is `context/user/name`.
    package static func key(forAttribute attribute: String) -> String {
        if attribute == "targetingKey" { return ContextKeys.prefix + "targeting_key" }
        // Most names are one word: nothing to split.
        if !attribute.utf8.contains(UInt8(ascii: ".")) { return ContextKeys.prefix + attribute }
        return ContextKeys.prefix
            + attribute.split(separator: ".", omittingEmptySubsequences: true).joined(separator: "/")
    }

    /// The attribute at `path` (a rule's dotted name, split), recorded in `reads` whether set
    /// or not: the one lookup every rule kind reads the context through, so a trace's reads
    /// are exactly what was looked at. `targetingKey` reads `context/targeting_key`.
    func attribute(_ path: [String], reads: inout ReadLog) -> JSONValue? {
        var names = path
        if names.first == "targetingKey" { names[0] = "targeting_key" }
        let value = value(at: names)
        reads.record(
            key: ContextKeys.prefix + (names.count == 1 ? names[0] : names.joined(separator: "/")), value: value)
        return value
    }

    /// ``attribute(_:reads:)`` of a path of one name, without making the path.
    func attribute(named name: String, reads: inout ReadLog) -> JSONValue? {
        let key = name == "targetingKey" ? "targeting_key" : name
        let value: JSONValue?
        if let found = listed.map({ $0.first { $0.key == key }?.value }) ?? attributes[key] {
            value = found == .null ? nil : found
        } else {
            value = self.value(at: [key])
        }
        reads.record(key: ContextKeys.prefix + key, value: value)
        return value
    }

    /// The value at a path of names: the longest key written flat (`user/name`) wins, then
    /// fields of the JSON object (or items of the list) found there. `nil` when unset.
    func value(at path: [String]) -> JSONValue? {
        guard !path.isEmpty else { return nil }
        for length in stride(from: path.count, through: 1, by: -1) {
            guard let found = attributes[length == 1 ? path[0] : path[..<length].joined(separator: "/")] else {
                continue
            }
            var value = found
            for name in path[length...] {
                switch value {
                case .object(let members):
                    guard let member = members[name] else { return nil }
                    value = member
                case .array(let items):
                    let index = LogicCoercion.integer(GoNumberText.parse(name) ?? 0)
                    guard index >= 0, index < items.count else { return nil }
                    value = items[index]
                default:
                    return nil
                }
                if value == .null { return nil }
            }
            return value == .null ? nil : value
        }
        // Keys below the path (`user/name` when `user` is read) make an object of their own.
        let prefix = path.joined(separator: "/") + "/"
        let below = attributes.filter { $0.key.hasPrefix(prefix) }
        guard !below.isEmpty else { return nil }
        var object: JSONValue = .object([:])
        for (key, member) in below.sorted(by: { $0.key < $1.key }) {
            object = Self.inserting(
                member, at: key.dropFirst(prefix.count).split(separator: "/").map(String.init), into: object)
        }
        return object
    }

    /// Every attribute as one object (what `{"var": ""}` reads), nested by `/`.
    var wholeObject: JSONValue {
        var object: JSONValue = .object([:])
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            object = Self.inserting(value, at: key.split(separator: "/").map(String.init), into: object)
        }
        return object
    }

    /// The instant rules take as now: `context/now` (ISO 8601, no zone meaning UTC, or epoch
    /// seconds) when set and readable, else the clock.
    func currentTime(reads: inout ReadLog) -> Date {
        let value = attributes["now"]
        reads.record(key: ContextKeys.now, value: value)
        switch value {
        case .string(let text): return Self.instant(text) ?? now
        case .int(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds): return Date(timeIntervalSince1970: seconds)
        default: return now
        }
    }

    /// An ISO 8601 date or date-time; a time without a zone is UTC.
    static func instant(_ text: String) -> Date? {
        if let date = FlagDate.parse(text) { return date }
        let hasZone =
            text.hasSuffix("Z") || text.hasSuffix("z") || text.dropFirst(10).contains("+")
            || text.dropFirst(11).contains("-")
        return hasZone ? nil : FlagDate.parse(text + "Z")
    }

    /// `object` with `value` put at `path` (names of nested objects, made where missing). A key
    /// written flat below another wins over what that one holds there, as ``value(at:)`` reads it.
    static func inserting(_ value: JSONValue, at path: [String], into object: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        var members = object.object ?? [:]
        let existing = members[first] ?? .object([:])
        members[first] = path.count == 1 ? value : inserting(value, at: Array(path.dropFirst()), into: existing)
        return .object(members)
    }
}

/// The `context/*` keys read while evaluating, in reading order: where a trace's `reads`
/// come from (never from a second pass over the rules).
struct ReadLog: Sendable {
    /// Every read so far, repeats included (each step lists what it read itself).
    private(set) var reads: [ContextRead] = []
    /// Whether reads are kept: not when nobody will see the trace (resolving every key at once).
    var isRecording = true

    /// Records that `key` was read and held `value` (`nil`: unset). The key is made only when
    /// reads are kept: a bulk resolve reads every flag's attributes, and joining each key's
    /// `context/` (a new string for longer names) was a sixth of reading one.
    mutating func record(key: @autoclosure () -> String, value: JSONValue?) {
        guard isRecording else { return }
        let key = key()
        // Room for the few keys a flag's rules usually read, made once.
        if reads.isEmpty { reads.reserveCapacity(4) }
        reads.append(ContextRead(key: key, value: value))
    }

    /// How many reads there are (a step notes where its own begin).
    var count: Int { reads.count }

    /// The reads from position `start` on, each key once.
    func reads(from start: Int) -> [ContextRead] {
        let slice = reads[min(start, reads.count)...]
        // A step reads a few keys: comparing them is cheaper than hashing them into a set.
        guard slice.count > 8 else {
            var unique: [ContextRead] = []
            unique.reserveCapacity(slice.count)
            for read in slice where !unique.contains(where: { $0.key == read.key }) { unique.append(read) }
            return unique
        }
        var seen: Set<String> = []
        return slice.filter { seen.insert($0.key).inserted }
    }
}
