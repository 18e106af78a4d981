import Foundation
import OrderedCollections

/// JavaScript's conversions, as GrowthBook's reference SDK (JavaScript) applies them when a
/// condition compares an attribute with a value: `value + ""`, `value * 1`, `!!value`, `<`,
/// `===` and `JSON.stringify`. The Swift, Python and other SDKs follow the JavaScript one, and
/// the spec's test cases pin these coercions (a missing attribute is `null`, which is `0` to
/// `$lt` and the text `"null"` to a string condition).
///
/// A value is a `JSONValue?`, `nil` standing for JavaScript's `null` (a missing attribute reads
/// as `null` in the SDK, exactly like one set to `null`).
enum GrowthBookCoercion {
    /// `!!value`: `false` for null, `false`, `0`, `NaN` and empty text; `true` for anything else
    /// (an empty list or object included).
    static func isTruthy(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null: return false
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .double(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        case .array, .object: return true
        }
    }

    /// `String(value)`: numbers as JavaScript writes them, lists joined by commas (a null item as
    /// nothing), objects as `[object Object]`.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return numberText(Double(number))
        case .double(let number): return numberText(number)
        case .string(let text): return text
        case .array(let items): return listText(items, depth: 0)
        case .object: return "[object Object]"
        }
    }

    /// How deep lists inside lists are written out before the rest is left out: a hostile
    /// attribute may nest deeply, and no rule compares such text.
    private static let listTextDepth = 32

    private static func listText(_ items: [JSONValue], depth: Int) -> String {
        guard depth < listTextDepth else { return "" }
        return items.map { item -> String in
            switch item {
            case .null: return ""
            case .array(let inner): return listText(inner, depth: depth + 1)
            default: return text(item)
            }
        }.joined(separator: ",")
    }

    /// `value * 1`: null is 0, bools 1 and 0, text its number (blank text 0, else `NaN` unless
    /// it is a JavaScript number literal), lists their text's number, objects `NaN`.
    static func number(_ value: JSONValue?) -> Double {
        switch value {
        case nil, .null: return 0
        case .bool(let flag): return flag ? 1 : 0
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string(let text): return number(text: text)
        case .array(let items): return number(text: listText(items, depth: 0))
        case .object: return .nan
        }
    }

    /// JavaScript's `StringToNumber`: white space around is ignored; decimal with an optional
    /// sign, fraction and exponent, `Infinity`, or `0x`/`0o`/`0b` integers; anything else `NaN`.
    static func number(text: String) -> Double {
        let trimmed = text.unicodeScalars.drop(while: isWhiteSpace).reversed().drop(while: isWhiteSpace)
        let scalars = Array(trimmed.reversed())
        if scalars.isEmpty { return 0 }
        let body = String(String.UnicodeScalarView(scalars))
        if scalars.count > 2, scalars[0] == "0" {
            let radix: Int?
            switch scalars[1] {
            case "x", "X": radix = 16
            case "o", "O": radix = 8
            case "b", "B": radix = 2
            default: radix = nil
            }
            if let radix { return integer(scalars.dropFirst(2), radix: radix) }
        }
        switch body {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        return decimal(scalars) ?? .nan
    }

    private static func integer(_ digits: ArraySlice<Unicode.Scalar>, radix: Int) -> Double {
        var result = 0.0
        for scalar in digits {
            guard let digit = Int(String(scalar), radix: radix) else { return .nan }
            result = result * Double(radix) + Double(digit)
        }
        return result
    }

    /// A decimal literal (`-1.5e3`, `.5`, `5.`); `nil` when the text is not one.
    private static func decimal(_ scalars: [Unicode.Scalar]) -> Double? {
        var index = 0
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var digits = 0
        while index < scalars.count, isDigit(scalars[index]) {
            index += 1
            digits += 1
        }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            var exponentDigits = 0
            while index < scalars.count, isDigit(scalars[index]) {
                index += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == scalars.count else { return nil }
        // Swift reads what remains as JavaScript does, `5.` and `.5` included once made plain.
        var text = String(String.UnicodeScalarView(scalars))
        if text.hasPrefix("+") { text.removeFirst() }
        text = text.replacingOccurrences(of: ".e", with: "e").replacingOccurrences(of: ".E", with: "E")
        if text.hasSuffix(".") { text.removeLast() }
        if text.hasPrefix(".") { text = "0" + text }
        if text.hasPrefix("-.") { text = "-0" + text.dropFirst() }
        return Double(text)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// JavaScript's white space and line terminators (what `trim` removes).
    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// `Number.prototype.toString()`: the shortest digits that read back as the number, plain
    /// from 1e-7 up to 1e21 and in exponent form (`1e+21`, `1.5e-7`) outside.
    static func numberText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return "0" }
        if number < 0 { return "-" + numberText(-number) }
        // Swift's description has the same shortest digits; only where the point goes differs.
        let description = "\(number)"
        let parts = description.split(separator: "e", maxSplits: 1)
        var exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0]
        let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        var digits = String(mantissa[..<point]) + String(mantissa[point...].dropFirst())
        exponent += mantissa.distance(from: mantissa.startIndex, to: point)
        // Leading zeros (0.001) move the point; trailing ones (100.0) are not digits.
        while digits.hasPrefix("0"), digits.count > 1 {
            digits.removeFirst()
            exponent -= 1
        }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        let count = digits.count
        // The number is 0.DIGITS × 10^exponent.
        if count <= exponent, exponent <= 21 {
            return digits + String(repeating: "0", count: exponent - count)
        }
        if 0 < exponent, exponent <= 21 {
            return String(digits.prefix(exponent)) + "." + String(digits.dropFirst(exponent))
        }
        if -6 < exponent, exponent <= 0 {
            return "0." + String(repeating: "0", count: -exponent) + digits
        }
        let power = exponent - 1
        let sign = power < 0 ? "-" : "+"
        let head = count == 1 ? digits : String(digits.prefix(1)) + "." + String(digits.dropFirst())
        return head + "e" + sign + String(abs(power))
    }

    /// `JSON.stringify(value)`, as the SDK writes a sticky bucket's attribute value that is not
    /// text: numbers as JavaScript writes them, members in their order.
    static func json(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null: return "null"
        case .int(let number): return numberText(Double(number))
        case .double(let number): return number.isFinite ? numberText(number) : "null"
        case .array(let items): return "[" + items.map { json($0) }.joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { JSONValue.string($0.key).compactText + ":" + json($0.value) }.joined(separator: ",")
                + "}"
        case .bool, .string: return value?.compactText ?? "null"
        }
    }

    /// A primitive, as JavaScript's `<` and `<=` reduce their operands first: lists become their
    /// text, objects `[object Object]`.
    private enum Primitive {
        case text(String)
        case other(JSONValue?)
    }

    private static func primitive(_ value: JSONValue?) -> Primitive {
        switch value {
        case .string(let text): return .text(text)
        case .array, .object: return .text(text(value))
        default: return .other(value)
        }
    }

    /// JavaScript's `left < right` (`nil` is `undefined`: a comparison with `NaN`): text with
    /// text by UTF-16 code units, anything else as numbers.
    static func lessThan(_ left: JSONValue?, _ right: JSONValue?) -> Bool? {
        switch (primitive(left), primitive(right)) {
        case (.text(let a), .text(let b)):
            return a.utf16.lexicographicallyPrecedes(b.utf16)
        case (let a, let b):
            let x = number(of: a)
            let y = number(of: b)
            if x.isNaN || y.isNaN { return nil }
            return x < y
        }
    }

    private static func number(of primitive: Primitive) -> Double {
        switch primitive {
        case .text(let text): return number(text: text)
        case .other(let value): return number(value)
        }
    }

    /// `left === right`: the same type and value; a list or object is never strictly equal to
    /// another (JavaScript compares their identity, and a condition's value is never the
    /// attribute's own).
    static func strictlyEqual(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left ?? .null, right ?? .null) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.int(let a), .double(let b)): return Double(a) == b
        case (.double(let a), .int(let b)): return a == Double(b)
        case (.double(let a), .double(let b)): return a == b
        default: return false
        }
    }

    /// `JSON.stringify(left) === JSON.stringify(right)`: the same structure, members in the same
    /// order (JavaScript puts members named by array indexes first, in numeric order), numbers
    /// equal as numbers.
    static func sameJSON(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left ?? .null, right ?? .null) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameJSON($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            let first = orderedMembers(a)
            let second = orderedMembers(b)
            return zip(first, second).allSatisfy { $0.key == $1.key && sameJSON($0.value, $1.value) }
        case (let a, let b):
            return strictlyEqual(a, b)
        }
    }

    /// An object's members in JavaScript's own order: those named by an array index first, by
    /// number, then the rest as written.
    private static func orderedMembers(_ members: OrderedDictionary<String, JSONValue>) -> [(
        key: String, value: JSONValue
    )] {
        let indexed = members.filter { arrayIndex($0.key) != nil }
        guard !indexed.isEmpty else { return Array(members.elements) }
        let sorted = indexed.sorted { (arrayIndex($0.key) ?? 0) < (arrayIndex($1.key) ?? 0) }
        return sorted.map { ($0.key, $0.value) }
            + members.filter { arrayIndex($0.key) == nil }.map { ($0.key, $0.value) }
    }

    /// The number a member name stands for when it is an array index as JavaScript writes one
    /// (`0`, `17`; never `01` or `-1`).
    static func arrayIndex(_ name: String) -> Int? {
        guard let first = name.utf8.first, name.utf8.count <= 10, name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        if first == UInt8(ascii: "0") && name.utf8.count > 1 { return nil }
        guard let value = Int(name), value < 4_294_967_295 else { return nil }
        return value
    }

    /// The text when the value is text.
    static func textValue(_ value: JSONValue?) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// `text.toLowerCase()`.
    static func lowercased(_ text: String) -> String {
        text.lowercased()
    }
}
