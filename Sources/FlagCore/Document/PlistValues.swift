import Foundation
import OrderedCollections

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
