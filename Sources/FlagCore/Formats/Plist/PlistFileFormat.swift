import Foundation
import OrderedCollections

/// The `plist` format (docs/providers.md): RealFlags' LocalProvider property list, one nested
/// dictionary per key segment; Flagscope writes it too.
struct PlistFileFormat: FormatDescriptor {
    let name = "plist"
    let source = FormatSource.file
    let writable: WritableFormat? = .plist

    func read(_ bytes: [UInt8], _ reading: FormatReading) throws(DocumentError) -> ProviderFile {
        ProviderFile(entries: try ProviderReaders.plist(bytes, isKey: reading.isKey))
    }

    func remedy(forKey key: String, in provider: ProviderConfig, displayPath: String) -> (action: String, why: String?)
    {
        ("edit \(displayPath)", "\(provider.name), read-only here")
    }
}

extension ProviderFormat {
    /// RealFlags' LocalProvider property list.
    package static let plist = ProviderFormat(PlistFileFormat())
}

extension ProviderReaders {
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
