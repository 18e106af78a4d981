import Foundation
import Testing

@testable import FlagCore

/// Dates as the `before` and `after` operators read them, RFC 3339 as Go's SDK scans it.
@Suite("LaunchDarkly: dates")
struct LaunchDarklyDateTests {
    @Test(
        "RFC 3339 text with a zone is epoch milliseconds; Go's leniencies are kept",
        arguments: [
            ("2017-12-06T07:00:00Z", 1_512_543_600_000.0), ("2017-12-06T00:00:00.000-07:00", 1_512_543_600_000),
            ("2017-12-06t07:00:00z", 1_512_543_600_000), ("2017-12-06T07:00:00.25Z", 1_512_543_600_250),
            ("2017-12-06T07:00:00.125000000+00:00", 1_512_543_600_125),
            ("2017-12-06T7:00:00Z", 1_512_543_600_000), ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1_000), ("2016-02-30T00:00:00Z", 1_456_790_400_000),
            ("2017-12-06T07:00:60Z", 1_512_543_660_000), ("0000-01-01T00:00:00Z", -62_167_219_200_000),
        ])
    func readsText(text: String, milliseconds: Double) {
        #expect(LaunchDarklyDate.milliseconds(of: text) == milliseconds)
    }

    @Test(
        "A date alone, no zone, more than nine digits of fraction, other shapes: no date",
        arguments: [
            "2017-12-06", "2017-12-06T07:00:00", "00:00:00.000-07.00", "2017-12-06X00:00:00.000-07:00", "badstring", "",
            "1512543600000", "2017-12-06T07:00:00.1234567890Z", "2017-13-06T07:00:00Z", "2017-12-06T24:00:00Z",
            "2017-12-06T07:00Z", "2017-12-06T07:00:00+0700", "2017-12-06T07:00:00Zjunk", "2017-12-06T07:00:00.Z",
            "２０17-12-06T07:00:00Z",
        ])
    func refusesOtherText(text: String) {
        #expect(LaunchDarklyDate.milliseconds(of: text) == nil)
    }

    @Test("A number is epoch milliseconds without its fraction; other JSON types are no date")
    func numbersAndOtherTypes() {
        #expect(LaunchDarklyDate.milliseconds(of: .int(1_512_543_600_000)) == 1_512_543_600_000)
        #expect(LaunchDarklyDate.milliseconds(of: .double(1.9)) == 1)
        #expect(LaunchDarklyDate.milliseconds(of: .double(-1.9)) == -1)
        #expect(LaunchDarklyDate.milliseconds(of: .bool(true)) == nil)
        #expect(LaunchDarklyDate.milliseconds(of: .null) == nil)
        #expect(LaunchDarklyDate.milliseconds(of: .object([:])) == nil)
    }
}
