/// The simulated device as a LaunchDarkly context (docs/context.md#launchdarkly-contexts): a
/// context of kind `user` whose key is `context/key` (else `context/targeting_key`) and whose
/// attribute `a` is `context/a`; a context of any other kind `K` when `context/K/key` is set, its
/// attributes under `context/K/`. With more than one kind, the context is multi-kind.
///
/// Nothing is copied out of the device: each question reads the keys it needs, and records every
/// read, set or unset, so a trace's reads are exactly what was looked at.
package struct LaunchDarklyContext {
    /// The device.
    let device: EvaluationContext

    /// The key of the context of `kind`, or `nil` when the device has no such kind. A key is
    /// text; a number set as the key stands for its digits.
    func key(of kind: String, reads: inout ReadLog) -> String? {
        if kind == "user" {
            let key = device.attributes["key"].flatMap(Self.keyText)
            reads.record(key: ContextKeys.prefix + "key", value: device.attributes["key"])
            if let key { return key }
            let targeting = device.attributes["targeting_key"]
            reads.record(key: ContextKeys.targetingKey, value: targeting)
            return targeting.flatMap(Self.keyText)
        }
        let value = device.attributes[kind + "/key"] ?? device.attributes[kind]?.object?["key"]
        reads.record(key: ContextKeys.prefix + kind + "/key", value: value)
        return value.flatMap(Self.keyText)
    }

    /// A key's text: non-empty text, or a number's digits.
    static func keyText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .int(let number): return String(number)
        case .double(let number): return JSONValue.double(number).compactText
        default: return nil
        }
    }

    /// Every kind the device has: `user` first when it has a key, then the others by name.
    func kinds(reads: inout ReadLog) -> [String] {
        var kinds: [String] = []
        if key(of: "user", reads: &reads) != nil { kinds.append("user") }
        var others: Set<String> = []
        for (name, value) in device.attributes {
            if name.hasSuffix("/key") {
                let kind = String(name.dropLast(4))
                if Self.isKind(kind) { others.insert(kind) }
            } else if value.object?["key"] != nil, Self.isKind(name) {
                others.insert(name)
            }
        }
        for kind in others.sorted() where key(of: kind, reads: &reads) != nil { kinds.append(kind) }
        return kinds
    }

    /// Whether `name` can be a context kind other than `user` (letters, digits, `.`, `_`, `-`).
    static func isKind(_ name: String) -> Bool {
        guard !name.isEmpty, name != "user", name != "kind", name != "multi" else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// The value `reference` reads in the context of `kind` whose key is `key`, or `nil` when
    /// unset. `key` and `kind` are the context's own; `name` counts only as text and `anonymous`
    /// only as a bool (false when unset); other attributes are the device's keys, and a
    /// reference into an object walks its members (never a list's items).
    func value(
        of reference: LaunchDarklyAttributeReference, kind: String, key: String, reads: inout ReadLog
    ) -> JSONValue? {
        guard let first = reference.components.first else { return nil }
        let prefix = kind == "user" ? "" : kind + "/"
        var base: JSONValue?
        switch first {
        case "key": base = .string(key)
        case "kind": base = .string(kind)
        case "name", "anonymous":
            let stored = device.attributes[prefix.isEmpty ? first : prefix + first]
            reads.record(key: ContextKeys.prefix + prefix + first, value: stored)
            if first == "name" {
                base = stored.flatMap { $0.launchDarklyText.map(JSONValue.string) }
            } else {
                base = .bool(stored == .bool(true))
            }
        default:
            let found = lookup(reference, prefix: prefix)
            reads.record(key: ContextKeys.prefix + prefix + reference.deviceSuffix, value: found)
            return found
        }
        for member in reference.components.dropFirst() {
            guard let object = base?.object, let inner = object[member], inner != .null else { return nil }
            base = inner
        }
        return base
    }

    /// The device's value at the reference's pieces below `prefix`: the longest key written flat
    /// wins, then the members of the object found there (a reference's component holding `/` is
    /// one member, a plain name's pieces are nested keys); with no key on the way, an object made
    /// of the keys below.
    private func lookup(_ reference: LaunchDarklyAttributeReference, prefix: String) -> JSONValue? {
        let pieces = reference.pieces
        guard !pieces.isEmpty else { return nil }
        let attributes = device.attributes
        for length in stride(from: pieces.count, through: 1, by: -1) {
            let path = length == 1 ? pieces[0] : pieces[..<length].joined(separator: "/")
            let flat = prefix.isEmpty ? path : prefix + path
            guard let found = attributes[flat] else { continue }
            var value = found
            var index = length
            while index < pieces.count {
                // A reference's component is one member, `/` and all; a plain name's pieces are nested keys.
                var end = index + 1
                while reference.isReference, end < pieces.count,
                    reference.pieceComponents[end] == reference.pieceComponents[index]
                {
                    end += 1
                }
                let member = end == index + 1 ? pieces[index] : pieces[index..<end].joined(separator: "/")
                guard let object = value.object, let inner = object[member] else { return nil }
                value = inner
                index = end
            }
            return value == .null ? nil : value
        }
        let path = (prefix.isEmpty ? [] : [String(prefix.dropLast())]) + pieces
        let below = device.value(at: path)
        return below == .null ? nil : below
    }
}
