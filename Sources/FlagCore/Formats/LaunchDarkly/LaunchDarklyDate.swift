/// Dates as LaunchDarkly's `before` and `after` read them: a number is epoch milliseconds (its
/// fraction dropped, as Go's SDK does), text is an RFC 3339 date-time with a zone
/// (`2024-05-01T12:00:00Z`, `…T12:00:00.250+02:00`). Any other value, and text that is not such
/// a date-time (a date alone, no zone, `1512543600000` as text), is no date and never matches.
///
/// The text is read as Go's SDK reads it: a one- or two-digit hour, at most nine digits of
/// fraction, a second of 60, an offset of `hh:mm` with any two-digit hour, `t` and `z` in either
/// case; a day past the month's end rolls over into the next month.
enum LaunchDarklyDate {
    /// `value` as epoch milliseconds, or `nil` when it is no date.
    static func milliseconds(of value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number.rounded(.towardZero)
        case .string(let text): return milliseconds(of: text)
        default: return nil
        }
    }

    /// RFC 3339 text as epoch milliseconds, or `nil`.
    static func milliseconds(of text: String) -> Double? {
        var scanner = Scanner(text)
        guard let year = scanner.field(until: "-", digits: 4...4, range: 0...9999),
            let month = scanner.field(until: "-", digits: 2...2, range: 1...12),
            let day = scanner.field(until: "tT", digits: 2...2, range: 1...31),
            let hour = scanner.field(until: ":", digits: 1...2, range: 0...23),
            let minute = scanner.field(until: ":", digits: 2...2, range: 0...59),
            let second = scanner.field(until: ".zZ+-", digits: 2...2, range: 0...60)
        else { return nil }
        var nanoseconds = 0
        var terminator = scanner.terminator
        if terminator == UInt8(ascii: ".") {
            guard let fraction = scanner.number(until: "zZ+-"), (1...9).contains(fraction.count) else { return nil }
            nanoseconds = fraction.value
            for _ in fraction.count..<9 { nanoseconds *= 10 }
            terminator = scanner.terminator
        }
        var offsetSeconds = 0
        if terminator == UInt8(ascii: "+") || terminator == UInt8(ascii: "-") {
            guard let hours = scanner.field(until: ":", digits: 2...2, range: 0...99),
                let minutes = scanner.field(until: "", digits: 2...2, range: 0...59)
            else { return nil }
            offsetSeconds = (hours * 60 + minutes) * 60 * (terminator == UInt8(ascii: "+") ? 1 : -1)
        } else if !scanner.isAtEnd {
            // Nothing may follow the `Z`.
            return nil
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return Double(seconds) * 1_000 + Double(nanoseconds) / 1_000_000
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (a day past the end of
    /// its month counts on into the next).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads ASCII fields separated by terminators, as Go's SDK scans a date-time.
    private struct Scanner {
        let bytes: String.UTF8View
        var index: String.UTF8View.Index
        /// The byte that ended the last field (`nil`: the end of the text).
        var terminator: UInt8?

        init(_ text: String) {
            bytes = text.utf8
            index = bytes.startIndex
        }

        var isAtEnd: Bool { index == bytes.endIndex }

        /// The number written up to one of `stop` (an empty `stop`: up to the end of the text,
        /// which must come), with how many digits it has; `nil` when another byte comes first,
        /// or the text ends before a terminator.
        mutating func number(until stop: StaticString) -> (value: Int, count: Int)? {
            var value = 0
            var count = 0
            while index < bytes.endIndex {
                let byte = bytes[index]
                index = bytes.index(after: index)
                if stop.withUTF8Buffer({ $0.contains(byte) }) {
                    terminator = byte
                    return (value, count)
                }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 18 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
            }
            terminator = nil
            return stop.utf8CodeUnitCount == 0 ? (value, count) : nil
        }

        /// A number of `digits` digits within `range`, ended by one of `stop`.
        mutating func field(until stop: StaticString, digits count: ClosedRange<Int>, range: ClosedRange<Int>)
            -> Int?
        {
            guard let found = number(until: stop), count.contains(found.count), range.contains(found.value) else {
                return nil
            }
            return found.value
        }
    }
}
