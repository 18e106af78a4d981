import OrderedCollections

/// A value as JsonLogic rules see it: JSON whose every number is a double, as flagd's Go
/// evaluator decodes rules and context (`1` and `1.0` are the same value there).
package enum LogicValue: Sendable, Hashable {
    /// `null`, and what a missing attribute reads as.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number, as a double.
    case number(Double)
    /// Text.
    case string(String)
    /// A list.
    case array([LogicValue])
    /// An object, members in the order written.
    indirect case object(OrderedDictionary<String, LogicValue>)

    /// A JSON value with its numbers as doubles.
    package init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .number(Double(value))
        case .double(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(LogicValue.init))
        case .object(let members): self = .object(members.mapValues(LogicValue.init))
        }
    }

    /// The value as JSON; whole numbers that fit an `Int` become ints, so `2` reads as `2`.
    package var json: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 9.007_199_254_740_992e15 { return .int(Int(value)) }
            return .double(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.json))
        case .object(let members): return .object(members.mapValues(\.json))
        }
    }

    /// Whether this is `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The items when this is an array.
    var arrayItems: [LogicValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The text when this is a string.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// JsonLogic truthiness as flagd's evaluator has it: `false`, `0`, `""`, `[]`, `{}` and
    /// `null` are false; everything else, `"0"` included, is true.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let text): return !text.isEmpty
        case .array(let items): return !items.isEmpty
        case .object(let members): return !members.isEmpty
        }
    }

    /// The kind's name for messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a bool"
        case .number: return "a number"
        case .string: return "text"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// The coercions flagd's Go JsonLogic library applies, which differ from JavaScript's in
/// places (a bool cannot be added; `" 1"` is not a number). Where the library fails on a
/// value (a Go panic it turns into an error), these throw, and the rule's result is an error.
enum LogicCoercion {
    /// A number for arithmetic: numbers, and text that parses (else 0); anything else fails.
    static func arithmeticNumber(_ value: LogicValue) throws(RuleEvaluationError) -> Double {
        switch value {
        case .number(let number): return number
        case .string(let text): return GoNumberText.parse(text) ?? 0
        default: throw RuleEvaluationError("\(value.kindName) is not a number")
        }
    }

    /// A number for comparisons: `null` is 0, bools 1 and 0, blank text 0, other text its
    /// number or NaN, lists and objects NaN.
    static func comparisonNumber(_ value: LogicValue) -> Double {
        switch value {
        case .null: return 0
        case .number(let number): return number
        case .bool(let flag): return flag ? 1 : 0
        case .string(let text):
            if text.allSatisfy(\.isGoSpace) { return 0 }
            return GoNumberText.parse(text) ?? .nan
        case .array, .object: return .nan
        }
    }

    /// Text for `cat` and `substr`: numbers in plain decimal, `null` as nothing; bools,
    /// lists and objects fail.
    static func text(_ value: LogicValue) throws(RuleEvaluationError) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return GoNumberText.plain(number)
        case .null: return ""
        default: throw RuleEvaluationError("\(value.kindName) cannot be made text")
        }
    }

    /// Loose equality (`==`): `null` equals only `null`; two texts compare as text; anything
    /// else compares as numbers (so `"1" == 1` and `true == 1`, and no list equals a list).
    static func looselyEqual(_ a: LogicValue, _ b: LogicValue) -> Bool {
        if a.isNull || b.isNull { return a.isNull && b.isNull }
        // Byte for byte, as Go compares texts (Swift's `==` would take "é" and "e\u{301}" as equal).
        if case .string(let left) = a, case .string(let right) = b { return UTF8Bytes.equal(left, right) }
        return comparisonNumber(a) == comparisonNumber(b)
    }

    /// `a < b`: two texts compare by their bytes, anything else as numbers.
    static func less(_ a: LogicValue, _ b: LogicValue) -> Bool {
        if case .string(let left) = a, case .string(let right) = b {
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        return comparisonNumber(a) < comparisonNumber(b)
    }

    /// Strict equality (`===`): the same kind, then loose equality.
    static func strictlyEqual(_ a: LogicValue, _ b: LogicValue) -> Bool {
        if a.isNull || b.isNull { return a.isNull && b.isNull }
        guard kindIndex(a) == kindIndex(b) else { return false }
        return looselyEqual(a, b)
    }

    private static func kindIndex(_ value: LogicValue) -> Int {
        switch value {
        case .null: return 0
        case .bool: return 1
        case .number: return 2
        case .string: return 3
        case .array: return 4
        case .object: return 5
        }
    }

    /// An integer index from a double, as Go's `int(x)` truncates (out-of-range values clamp).
    static func integer(_ value: Double) -> Int {
        guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? .max : .min) }
        if value >= 9.2e18 { return .max }
        if value <= -9.2e18 { return .min }
        return Int(value)
    }
}

extension Character {
    /// Whether Go's `strings.TrimSpace` counts this as space.
    var isGoSpace: Bool {
        unicodeScalars.allSatisfy(\.isGoSpace)
    }
}

/// Numbers written and read as Go's `strconv` does, so that text made from numbers (a `cat`
/// of a number, a version compared as text) and variant names match flagd's byte for byte.
enum GoNumberText {
    /// `strconv.ParseFloat(text, 64)`: decimal or hexadecimal, `inf`/`nan` words, an
    /// optional sign; no surrounding space. Out-of-range values give ±infinity.
    static func parse(_ text: String) -> Double? {
        guard !text.isEmpty, !text.contains(where: { $0.isGoSpace }) else { return nil }
        let body = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
        let lower = body.lowercased()
        if lower == "inf" || lower == "infinity" {
            return text.first == "-" ? -.infinity : .infinity
        }
        if lower == "nan" { return text.first == "+" || text.first == "-" ? nil : .nan }
        guard !lower.contains("_"), lower.first != "." || lower.count > 1 else { return nil }
        return Double(text)
    }

    /// `strconv.FormatFloat(value, 'f', -1, 64)`: the shortest digits that read back as the
    /// same double, written without an exponent (`1e21` is `1000000000000000000000`).
    static func plain(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        let (negative, digits, exponent) = decompose(value)
        return (negative ? "-" : "") + positional(digits: digits, exponent: exponent)
    }

    /// `fmt.Sprint(value)` (`%v`): shortest digits, with an exponent below 1e-4 or from 1e6.
    static func printed(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        let (negative, digits, exponent) = decompose(value)
        let sign = negative ? "-" : ""
        if value == 0 { return sign + "0" }
        let decimalExponent = exponent + digits.count - 1
        if decimalExponent < -4 || decimalExponent >= 6 {
            return sign + scientific(digits: digits, exponent: decimalExponent)
        }
        return sign + positional(digits: digits, exponent: exponent)
    }

    /// How `encoding/json` writes a double: plain between 1e-6 and 1e21, else with an exponent.
    static func json(_ value: Double) -> String {
        let (negative, digits, exponent) = decompose(value)
        let sign = negative ? "-" : ""
        if value == 0 { return sign + "0" }
        let magnitude = abs(value)
        if magnitude < 1e-6 || magnitude >= 1e21 {
            return sign + scientific(digits: digits, exponent: exponent + digits.count - 1)
        }
        return sign + positional(digits: digits, exponent: exponent)
    }

    /// The sign, the shortest round-trip digits (no leading or trailing zeros) and the power
    /// of ten of the last digit.
    private static func decompose(_ value: Double) -> (negative: Bool, digits: [UInt8], exponent: Int) {
        let negative = value.sign == .minus
        if value == 0 { return (negative, [UInt8(ascii: "0")], 0) }
        // Swift's description is the shortest round-trip form, as Go's is: re-spell it.
        let text = abs(value).description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        for byte in mantissa.utf8 {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            digits.append(byte)
            if seenPoint { fractionDigits += 1 }
        }
        exponent -= fractionDigits
        while digits.count > 1, digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        while digits.count > 1, digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        return (negative, digits, exponent)
    }

    private static func positional(digits: [UInt8], exponent: Int) -> String {
        if exponent >= 0 {
            return String(decoding: digits + [UInt8](repeating: UInt8(ascii: "0"), count: exponent), as: UTF8.self)
        }
        let pointAt = digits.count + exponent
        if pointAt > 0 {
            return String(decoding: digits[..<pointAt], as: UTF8.self) + "."
                + String(decoding: digits[pointAt...], as: UTF8.self)
        }
        return "0." + String(repeating: "0", count: -pointAt) + String(decoding: digits, as: UTF8.self)
    }

    private static func scientific(digits: [UInt8], exponent: Int) -> String {
        var text = String(decoding: digits[..<1], as: UTF8.self)
        if digits.count > 1 { text += "." + String(decoding: digits[1...], as: UTF8.self) }
        let magnitude = abs(exponent)
        return text + "e" + (exponent < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + String(magnitude)
    }
}

extension Unicode.Scalar {
    /// Whether Go's `unicode.IsSpace` holds (what `strings.TrimSpace` trims).
    var isGoSpace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default: return false
        }
    }
}

extension String {
    /// The text without leading and trailing Go spaces, trimmed scalar by scalar as Go trims
    /// runes (one pass from each end, however long the text).
    var trimmingGoSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isGoSpace }),
            let last = scalars.lastIndex(where: { !$0.isGoSpace })
        else { return "" }
        return String(Substring(scalars[first...last]))
    }
}
