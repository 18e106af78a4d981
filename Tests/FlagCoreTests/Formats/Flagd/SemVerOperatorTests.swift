import Foundation
import Testing

@testable import FlagCore

/// flagd's sem_ver operator: versions read byte by byte, numbers of any length, and the
/// comparisons it knows, as flagd compares them.
@Suite("sem_ver")
struct SemVerOperatorTests {
    @Test(
        "sem_ver compares as flagd does",
        arguments: [
            (#""2.0.0""#, "=", "2.0.0", "true"), (#""2.1.0""#, ">", "2.0.0", "true"),
            (#""1.9.0""#, "<", "2.0.0", "true"),
            (#""2.0.0-alpha""#, "<", "2.0.0", "true"), (#""2.0.0-alpha.1""#, ">", "2.0.0-alpha", "true"),
            (#""2.0.0-alpha.10""#, ">", "2.0.0-alpha.9", "true"), (#""2.0.0-beta""#, ">", "2.0.0-alpha.9", "true"),
            (#""2.0.0""#, "!=", "2.0.1", "true"), (#""2.0.0""#, "<=", "2.0.0", "true"),
            (#""2.0.1""#, ">=", "2.0.0", "true"),
            (#""3.0.1""#, "~", "3.0.0", "true"), (#""3.1.0""#, "~", "3.0.0", "false"),
            (#""3.1.0""#, "^", "3.0.0", "true"),
            (#""4.0.0""#, "^", "3.0.0", "false"),
            // A `v` or `V` in front, a missing minor or patch, build metadata: as flagd reads them.
            (#""v1.0.0""#, "=", "1.0.0", "true"), (#""V1.0.0""#, "=", "v1.0.0", "true"),
            (#""1.0""#, "=", "1.0.0", "true"),
            (#""1""#, "^", "1.5.0", "true"), (#""1.0.0+other""#, "=", "1.0.0+build", "true"),
            // Numbers are read as their text.
            ("1.2", ">", "1.1", "true"), ("1.1", ">", "1.1", "false"), ("2", ">", "1.1", "true"),
            ("1", "^", "1", "true"),
            // Anything else is null.
            (#""2.0.0.0""#, "=", "2.0.0", "null"), (#""not-a-version""#, "=", "1.0.0", "null"),
            (#""01.0.0""#, "=", "1.0.0", "null"),
            (#""1.0-pre""#, "=", "1.0.0", "null"), (#""1.0.0""#, "===", "1.0.0", "null"),
            ("null", "=", "1.0.0", "null"),
            ("true", "=", "1.0.0", "null"),
        ])
    func semVer(version: String, comparison: String, target: String, expected: String) throws {
        let rule = #"{"sem_ver": [\#(version), "\#(comparison)", "\#(target)"]}"#
        #expect(try RuleFixture.result(rule) == RuleFixture.value(expected), "\(rule)")
    }

    @Test(
        "sem_ver with other than three arguments is null",
        arguments: [#"{"sem_ver": ["1.0.0", "="]}"#, #"{"sem_ver": "1.0.0"}"#])
    func semVerArity(rule: String) throws {
        #expect(try RuleFixture.result(rule) == .null)
    }

    @Test(
        "sem_ver reads prereleases and build metadata byte by byte as before",
        arguments: [
            (#""1.2.3-rc.1""#, ">", "1.2.3-rc.0", "true"), (#""1.2.3-0""#, "<", "1.2.3-1", "true"),
            (#""1.2.3-a-b""#, "=", "1.2.3-a-b", "true"),
            (#""1.2.3+build.01""#, "=", "1.2.3", "true"), (#""1.2.3-rc.1+exp.sha""#, "=", "1.2.3-rc.1", "true"),
            (#""10.0.0""#, ">", "9.99.99", "true"), (#""1.10.0""#, ">", "1.9.0", "true"),
            // Not versions: null.
            (#""1.2.3-""#, "=", "1.2.3", "null"), (#""1.2.3+""#, "=", "1.2.3", "null"),
            (#""1.2.3-01""#, "=", "1.2.3", "null"),
            (#""1.2.3-a..b""#, "=", "1.2.3", "null"), (#""1.2.3-é""#, "=", "1.2.3", "null"),
            (#""1.2.3+b_c""#, "=", "1.2.3", "null"),
            (#""1..2""#, "=", "1.0.2", "null"), (#""1.2.""#, "=", "1.2.0", "null"), (#""1́.2.3""#, "=", "1.2.3", "null"),
            (#""vv1.2.3""#, "=", "1.2.3", "null"), (#""""#, "=", "1.2.3", "null"), (#""v""#, "=", "1.2.3", "null"),
        ])
    func semVerPrereleases(version: String, comparison: String, target: String, expected: String) throws {
        let rule = #"{"sem_ver": [\#(version), "\#(comparison)", "\#(target)"]}"#
        #expect(try RuleFixture.result(rule) == RuleFixture.value(expected), "\(rule)")
    }

    @Test(
        "sem_ver compares numbers kept as values and numbers too long for 64 bits alike, with or without a v",
        arguments: [
            (#""18446744073709551616.0.0""#, ">", "9999999999999999999.0.0", "true"),
            (#""99999999999999999999.0.0""#, ">", "18446744073709551616.0.0", "true"),
            (#""18446744073709551616.0.0""#, "=", "18446744073709551616.0.0", "true"),
            (#""1.18446744073709551616.0""#, "^", "1.0.0", "true"),
            (#""1.18446744073709551616.0""#, "~", "1.18446744073709551617.0", "false"),
            (#""9999999999999999999.1.0""#, "<", "10000000000000000000.0.0", "true"),
            (#""v2.1.0""#, "=", "2.1.0", "true"), (#""V2.1""#, "=", "2.1.0", "true"), (#""2""#, "<", "2.0.1", "true"),
            (#""v1.2.3-rc.10""#, ">", "1.2.3-rc.9", "true"),
            (#""1.2.3-rc.100000000000000000000""#, ">", "1.2.3-rc.99", "true"),
        ])
    func semVerNumbers(version: String, comparison: String, target: String, expected: String) throws {
        let rule = #"{"sem_ver": [\#(version), "\#(comparison)", "\#(target)"]}"#
        #expect(try RuleFixture.result(rule) == RuleFixture.value(expected), "\(rule)")
    }

    @Test("Every comparison sem_ver knows is found by its bytes; anything else is none")
    func semVerComparisons() {
        for comparison in SemVerComparison.allCases {
            #expect(SemVerComparison(symbol: comparison.rawValue) == comparison)
        }
        for other in ["", "==", "=>", "<<", "!", "^^", "~>", " =", "= ", "≥"] {
            #expect(SemVerComparison(symbol: other) == nil, "\(other)")
        }
    }
}
