import Foundation

/// The variant name flagd looks up for a targeting result: the result written as Go's
/// `encoding/json` writes it, with every `"` removed. So `"on"` is `on`, `true` is `true` and
/// `2` is `2`; `null` is no variant (the default one applies).
enum VariantName {
    /// The name for `value`, or `nil` for `null` (also when it cannot be written, which
    /// ``written(_:)`` reports as an error).
    static func of(_ value: LogicValue) -> String? {
        if value.isNull { return nil }
        return try? written(value)
    }

    /// The name for a non-null `value`; a number JSON cannot hold (infinite, NaN) fails, as
    /// flagd's evaluator fails to write it.
    static func written(_ value: LogicValue) throws(RuleEvaluationError) -> String {
        // The usual result, a plain name (`on`, `dark-mode`), is itself: nothing to escape,
        // remove or trim.
        if case .string(let text) = value, isPlainName(text) { return text }
        var output = ""
        try write(value, to: &output)
        output.removeAll { $0 == "\"" }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func write(_ value: LogicValue, to output: inout String) throws(RuleEvaluationError) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number):
            guard number.isFinite else { throw RuleEvaluationError("the rule gave \(number), which JSON cannot hold") }
            output += GoNumberText.json(number)
        case .string(let text): writeString(text, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                try write(item, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                try write(members[key]!, to: &output)
            }
            output += "}"
        }
    }

    /// Whether `text` is written as itself between quotes and has no space to trim: every
    /// scalar printable ASCII or above U+009F (but the line separators), the first and last
    /// visible ASCII, and no `"`, `\`, `<`, `>` or `&`.
    private static func isPlainName(_ text: String) -> Bool {
        // The usual name is short ASCII: its bytes say it all, without decoding scalars.
        var plainASCII = true
        var (first, last): (UInt8?, UInt8) = (nil, 0)
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x26, 0x3C, 0x3E, 0x5C: return false
            case 0x20...0x7E: break
            default: plainASCII = false
            }
            if !plainASCII { break }
            if first == nil { first = byte }
            last = byte
        }
        if plainASCII, let first {
            return first != 0x20 && last != 0x20
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, (0x21...0x7E).contains(first.value),
            (0x21...0x7E).contains(last.value)
        else {
            return false
        }
        for scalar in scalars {
            switch scalar.value {
            case 0x22, 0x26, 0x3C, 0x3E, 0x5C, 0x2028, 0x2029: return false
            case 0x20...0x7E: continue
            case 0x00...0x9F: return false
            default: continue
            }
        }
        return true
    }

    /// A JSON string as Go writes it, HTML-safe: `<`, `>`, `&` and the line separators escaped.
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                output += "\\u" + hex4(scalar.value)
            default:
                if scalar.value < 0x20 {
                    output += "\\u" + hex4(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
