import Foundation

/// A typed flag value. Enum values are `.string`; dates keep the text they were written as.
package enum FlagValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case date(String)
    case url(String)
    case json(JSONValue)

    /// The value as JSON, for `--json` output and for JSON provider files.
    package var json: JSONValue {
        switch self {
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value), .date(let value), .url(let value): return .string(value)
        case .json(let value): return value
        }
    }

    /// The value as people read it: `true`, `1.5`, `dark`, `{"a":1}` (control characters not yet escaped).
    package var displayText: String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return JSONValue.format(value)
        case .string(let value), .date(let value), .url(let value): return value
        case .json(let value): return value.compactText
        }
    }

    /// `displayText` cut to about `limit` characters (ending in `…` when cut), at a cost that
    /// does not grow with the value: what screens show of values that may be megabytes long.
    package func preview(limit: Int) -> String {
        switch self {
        case .string(let value), .date(let value), .url(let value): return TerminalText.capped(value, limit: limit)
        case .json(let value): return value.compactText(limit: limit)
        default: return displayText
        }
    }

    /// Bytes of `displayText`: free for text values; JSON values are serialised to count them.
    package var textSize: Int {
        switch self {
        case .string(let value), .date(let value), .url(let value): return value.utf8.count
        case .json(let value): return value.compactText.utf8.count
        default: return displayText.utf8.count
        }
    }
}

/// ISO 8601 dates as flags and `expires` use them: `2026-03-01` or `2026-03-01T09:30:00Z`.
package enum FlagDate {
    /// The instant a date text stands for (a bare date is midnight UTC), or `nil` when invalid.
    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        if bytes.count == 10 {
            return parseDay(bytes).flatMap { day in
                var components = DateComponents()
                components.year = day.year
                components.month = day.month
                components.day = day.day
                components.timeZone = TimeZone(identifier: "UTC")
                return utcCalendar.date(from: components)
            }
        }
        guard bytes.count >= 20, parseDay(Array(bytes[0..<10])) != nil,
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t")
        else { return nil }
        return instants.date(from: text)
    }

    /// An instant as RFC 3339 text with milliseconds (`2026-03-01T09:30:00.000Z`).
    package static func instantText(_ date: Date) -> String {
        instants.text(from: date)
    }

    /// The formatters instants are read and written with, made once: making one costs more than
    /// a hundred parses with it (an Unleash date constraint is read on every evaluation).
    private static let instants = InstantFormatters()

    /// Formatters are not safe to share between threads on every platform: each use holds a lock.
    private final class InstantFormatters: @unchecked Sendable {
        private let lock = NSLock()
        private let whole = ISO8601DateFormatter()
        private let fractional = ISO8601DateFormatter()

        init() {
            whole.formatOptions = [.withInternetDateTime]
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        }

        func date(from text: String) -> Date? {
            lock.lock()
            defer { lock.unlock() }
            return whole.date(from: text) ?? fractional.date(from: text)
        }

        func text(from date: Date) -> String {
            lock.lock()
            defer { lock.unlock() }
            return fractional.string(from: date)
        }
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `YYYY-MM-DD` with a real month and day.
    private static func parseDay(_ bytes: [UInt8]) -> (year: Int, month: Int, day: Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), day >= 1
        else { return nil }
        let daysInMonth = [
            31, (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28,
            31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
        ]
        guard day <= daysInMonth[month - 1] else { return nil }
        return (year, month, day)
    }
}
