import Testing

@testable import FlagCore

/// The versions platform constraints compare: dotted numbers of up to four components, compared
/// numerically per component.
@Suite("OS versions")
struct OSVersionTests {
    @Test(
        "OS versions compare numerically per component",
        arguments: [
            ("10.13.4", "10.13", 1), ("9", "10.0", -1), ("10.13", "10.13.0", 0), ("10.10", "10.9", 1),
            ("17.4.1", "17.4.1", 0), ("1.0.0.1", "1", 1), ("013", "13", 0), ("2", "10", -1),
        ])
    func versionOrder(left: String, right: String, order: Int) throws {
        let l = try #require(OSVersion(left))
        let r = try #require(OSVersion(right))
        #expect((l < r) == (order < 0))
        #expect((l > r) == (order > 0))
        #expect((l == r) == (order == 0))
        if order == 0 { #expect(l.hashValue == r.hashValue) }
    }

    @Test(
        "Only dotted numbers of up to four components are versions",
        arguments: ["", "13.x", "10..1", ".1", "1.", "1.2.3.4.5", "v13", "13 ", "-1", "1e3", "١٣", "1234567890"])
    func badVersions(text: String) {
        #expect(OSVersion(text) == nil)
    }

    @Test("OSVersion orders and equates numerically")
    func osVersionValues() throws {
        func v(_ text: String) throws -> OSVersion { try #require(OSVersion(text)) }
        #expect(try v("10.13.4") > v("10.13"))
        #expect(try v("9") < v("10.0"))
        #expect(try v("10.13") == v("10.13.0"))
        #expect(try v("16.4") == v("16.4"))
        #expect(try v("16.4") > v("9.3"))
        #expect(try Set([v("10.13"), v("10.13.0"), v("10.13.0.0")]).count == 1)
        #expect(OSVersion("") == nil)
        #expect(OSVersion("17.") == nil)
        #expect(OSVersion("17.x") == nil)
        #expect(OSVersion("v17") == nil)
    }
}
