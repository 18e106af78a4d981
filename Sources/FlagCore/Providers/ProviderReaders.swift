import Foundation
import OrderedCollections

/// Reads each provider format (docs/providers.md) into key → entry, with positions where the format has them.
enum ProviderReaders {
    /// The entries of a file, in file order.
    typealias Entries = OrderedDictionary<String, ProviderEntry>

    /// What a provider file reads into, whatever its format: its entries, what `validate`
    /// reports about its rules (each at its place), and the attributes its rules may read when
    /// the reader found them as it went.
    struct ProviderFile {
        /// The entries, in file order.
        var entries: Entries
        /// Rules that cannot work, or that the format's schema forbids.
        var problems: [RuleProblem] = []
        /// Every attribute the rules may read (more, never fewer), when the reader knows.
        var attributeKeys: Set<String>? = nil
        /// Whether the entries' keys are the declared keys' own strings (the JSON readers hand
        /// them out as they read), so the entries need no key table of their own.
        var sharesDeclaredKeys = false
    }

    /// Reads a provider file in `format`. `knownKeys` are the declared keys (the JSON readers
    /// hand out their strings), `typeOf` says what a key reads (an Unleash toggle gives a bool
    /// or a variant's payload), `isKey` which nested names of a plist are keys.
    static func file(
        _ bytes: [UInt8], format: ProviderFormat, knownKeys: KnownKeys, typeOf: (String) -> FlagType?,
        isKey: (String) -> Bool
    ) throws(DocumentError) -> ProviderFile {
        switch format {
        case .json: return ProviderFile(entries: try json(bytes, knownKeys: knownKeys), sharesDeclaredKeys: true)
        case .plist: return ProviderFile(entries: try plist(bytes, isKey: isKey))
        case .firebase: return try firebaseFile(bytes, knownKeys: knownKeys)
        case .flagd: return try flagdFile(bytes, knownKeys: knownKeys)
        case .unleash: return try unleashFile(bytes, typeOf: typeOf)
        // Read from the environment or a server, never from a file.
        case .env, .ofrep: return ProviderFile(entries: [:])
        }
    }

    /// A flat JSON object of full keys to native values; `null` leaves a key unset.
    static func json(_ bytes: [UInt8], knownKeys: KnownKeys = KnownKeys()) throws(DocumentError) -> Entries {
        var root = try JSONReader.parse(bytes, knownKeys: knownKeys)
        guard var pairs = root.mapping else {
            throw DocumentError(
                "a json provider file must be an object of flag keys to values, found \(root.kindDescription)",
                at: root.location)
        }
        // The tree is held only by `pairs`, so each member's nodes go as its entry is made
        // instead of the whole tree staying beside the entries.
        root = SourceNode(.sequence([]), at: .start)
        var entries = Entries()
        entries.reserveCapacity(pairs.count)
        for index in pairs.indices {
            let (key, value) = pairs[index]
            pairs[index] = (root, root)
            let name = key.scalarText ?? ""
            entries[name] = ProviderEntry(value: value.isNull ? nil : .native(JSONValue(value)), location: key.location)
        }
        return entries
    }

    /// Environment variables: `prefix` + key upper-cased with `/` → `__`.
    static func environment(_ variables: [String: String], prefix: String, keys: some Sequence<String>) -> Entries {
        var entries = Entries()
        var claimed: Set<String> = []
        // Usually no variable carries the prefix: then no key needs its variable name spelled.
        if !prefix.isEmpty, !variables.keys.contains(where: { $0.hasPrefix(prefix) }) { return entries }
        for key in keys {
            let name = variableName(for: key, prefix: prefix)
            if let value = variables[name] {
                entries[key] = ProviderEntry(value: .text(value), notes: ["from $\(name)"])
                claimed.insert(name)
            }
        }
        // With a prefix, other variables that carry it are keys nobody declares.
        if !prefix.isEmpty {
            for name in variables.keys.sorted() where name.hasPrefix(prefix) && !claimed.contains(name) {
                let key = String(name.dropFirst(prefix.count)).replacingOccurrences(of: "__", with: "/").lowercased()
                entries[key] = ProviderEntry(value: .text(variables[name]!), notes: ["from $\(name)"])
            }
        }
        return entries
    }

    /// The variable that holds `key` for an env provider.
    static func variableName(for key: String, prefix: String) -> String {
        prefix + key.uppercased().replacingOccurrences(of: "/", with: "__")
    }

    /// A RealFlags LocalProvider plist: one nested dictionary per key segment. A dictionary whose
    /// path is a declared key is that flag's (json) value; otherwise it is descended into.
    static func plist(_ bytes: [UInt8], isKey: (String) -> Bool) throws(DocumentError) -> Entries {
        let tree: Any
        do {
            tree = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw DocumentError(
                "not a valid property list: \(PlistValues.reason(error))", at: PlistValues.line(of: error))
        }
        guard let root = tree as? [String: Any] else {
            throw DocumentError("a plist provider file must hold a dictionary at its root", at: .start)
        }
        var entries = Entries()
        func visit(_ dictionary: [String: Any], prefix: String) {
            for name in dictionary.keys.sorted() {
                let key = prefix.isEmpty ? name : prefix + "/" + name
                let value = dictionary[name]!
                if let nested = value as? [String: Any], !isKey(key) {
                    visit(nested, prefix: key)
                } else {
                    entries[key] = ProviderEntry(value: .native(PlistValues.json(from: value)))
                }
            }
        }
        visit(root, prefix: "")
        return entries
    }
}

/// Conversions between property-list objects and ``JSONValue``.
enum PlistValues {
    /// A plist object as JSON: numbers keep int/real, dates become ISO 8601 text, data base64.
    static func json(from value: Any) -> JSONValue {
        switch value {
        case let bool as Bool where !(value is NSNumber) || String(cString: (value as! NSNumber).objCType) == "c":
            return .bool(bool)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "d" || type == "f" { return .double(number.doubleValue) }
            if type == "c" || type == "B" { return .bool(number.boolValue) }
            return .int(number.intValue)
        case let text as String:
            return .string(text)
        case let date as Date:
            return .string(ISO8601DateFormatter().string(from: date))
        case let data as Data:
            return .string(data.base64EncodedString())
        case let array as [Any]:
            return .array(array.map(json(from:)))
        case let dictionary as [String: Any]:
            var object = OrderedDictionary<String, JSONValue>()
            for key in dictionary.keys.sorted() { object[key] = json(from: dictionary[key]!) }
            return .object(object)
        default:
            return .string(String(describing: value))
        }
    }

    /// A plist provider file of `members`: one nested dictionary per key segment, as RealFlags'
    /// LocalProvider keeps them, in XML.
    static func fileBytes(_ members: some Sequence<(key: String, value: JSONValue)>) throws -> [UInt8] {
        var root: [String: Any] = [:]
        func insert(_ value: Any, at path: ArraySlice<String>, into dictionary: inout [String: Any]) {
            guard let first = path.first else { return }
            if path.count == 1 {
                dictionary[first] = value
                return
            }
            var nested = dictionary[first] as? [String: Any] ?? [:]
            insert(value, at: path.dropFirst(), into: &nested)
            dictionary[first] = nested
        }
        for (key, value) in members {
            insert(object(from: value), at: key.split(separator: "/").map(String.init)[...], into: &root)
        }
        return Array(try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0))
    }

    /// A JSON value as a plist object (`null` cannot be stored and becomes an empty string).
    static func object(from value: JSONValue) -> Any {
        switch value {
        case .null: return ""
        case .bool(let bool): return bool
        case .int(let int): return int
        case .double(let double): return double
        case .string(let text): return text
        case .array(let items): return items.map(object(from:))
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for (key, member) in members { dictionary[key] = object(from: member) }
            return dictionary
        }
    }

    /// The parser's reason without Foundation's error wrapping.
    static func reason(_ error: Error) -> String {
        let description = (error as NSError).userInfo["NSDebugDescription"] as? String
        return description ?? "unreadable"
    }

    /// The line the plist parser names, if any.
    static func line(of error: Error) -> TextLocation {
        let text = reason(error)
        guard let range = text.range(of: "at line ") else { return .start }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        return TextLocation(line: Int(digits) ?? 1, column: 1)
    }
}
