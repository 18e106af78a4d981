import FlagCore
import OrderedCollections

/// A JSON reader for the scenarios' context objects, which repeat keys on purpose (to test
/// that the last one wins, as in Go, Java and Python): FlagCore's reader refuses repeats.
struct LenientJSON {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// The value of `text`, or `nil` when it is not JSON.
    static func parse(_ text: String) -> JSONValue? {
        var reader = LenientJSON(scalars: Array(text.unicodeScalars))
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.index == reader.scalars.count ? value : nil
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private mutating func skipSpace() {
        while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
    }

    private mutating func value() -> JSONValue? {
        skipSpace()
        guard index < scalars.count else { return nil }
        switch scalars[index] {
        case "{":
            index += 1
            var members = OrderedDictionary<String, JSONValue>()
            skipSpace()
            if index < scalars.count, scalars[index] == "}" {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard index < scalars.count, scalars[index] == ":" else { return nil }
                index += 1
                guard let member = value() else { return nil }
                members[key] = member
                skipSpace()
                guard index < scalars.count else { return nil }
                if scalars[index] == "," {
                    index += 1
                    continue
                }
                if scalars[index] == "}" {
                    index += 1
                    return .object(members)
                }
                return nil
            }
        case "[":
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if index < scalars.count, scalars[index] == "]" {
                index += 1
                return .array(items)
            }
            while true {
                guard let item = value() else { return nil }
                items.append(item)
                skipSpace()
                guard index < scalars.count else { return nil }
                if scalars[index] == "," {
                    index += 1
                    continue
                }
                if scalars[index] == "]" {
                    index += 1
                    return .array(items)
                }
                return nil
            }
        case "\"":
            return string().map(JSONValue.string)
        default:
            var text = ""
            while index < scalars.count, !",]} \t\n\r".unicodeScalars.contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                if !text.contains("."), !text.lowercased().contains("e"), let int = Int(text) { return .int(int) }
                return Double(text).map(JSONValue.double)
            }
        }
    }

    private mutating func string() -> String? {
        guard index < scalars.count, scalars[index] == "\"" else { return nil }
        index += 1
        var text = ""
        var pendingHigh: UInt32?
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { return text }
            guard scalar == "\\" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            guard index < scalars.count else { return nil }
            let escape = scalars[index]
            index += 1
            switch escape {
            case "n": text += "\n"
            case "t": text += "\t"
            case "r": text += "\r"
            case "b": text += "\u{08}"
            case "f": text += "\u{0C}"
            case "u":
                guard index + 4 <= scalars.count,
                    let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
                else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(code) {
                    pendingHigh = code
                    continue
                }
                if (0xDC00..<0xE000).contains(code), let high = pendingHigh {
                    text.unicodeScalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00))!)
                    pendingHigh = nil
                    continue
                }
                text.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: text.unicodeScalars.append(escape)
            }
        }
        return nil
    }
}
