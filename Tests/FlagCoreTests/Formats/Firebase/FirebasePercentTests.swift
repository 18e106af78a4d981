import Foundation
import Testing

@testable import FlagCore

/// `percent` buckets as Firebase's server-side evaluation does: SHA-256 of `seed.id` (or the id
/// alone), the whole digest modulo 100,000,000 micro-percents.
@Suite("Firebase percent")
struct FirebasePercentTests {
    /// Each id's micro-percentile and whether `percent <= 30`, `percent > 62.5` and
    /// `percent between 10 and 55` hold, as firebase-admin 7.7.0 (Python,
    /// `firebase_admin.remote_config`, `_ConditionEvaluator`) evaluated them for the same seed.
    static let officialCases:
        [(seed: String?, id: String, micro: Int64, atMost30: Bool, above62: Bool, between: Bool)] = [
            (nil, "fid-000", 91_366_589, false, true, false),
            (nil, "fid-003", 2_335_901, true, false, false),
            (nil, "fid-006", 21_938_473, true, false, true),
            (nil, "fid-009", 87_289_548, false, true, false),
            (nil, "fid-012", 6_768_073, true, false, false),
            (nil, "fid-015", 35_213_092, false, false, true),
            (nil, "fid-018", 42_851_949, false, false, true),
            (nil, "fid-021", 34_119_130, false, false, true),
            (nil, "fid-024", 8_853_853, true, false, false),
            (nil, "fid-027", 88_534_439, false, true, false),
            (nil, "fid-030", 51_367_460, false, false, true),
            (nil, "fid-033", 63_873_653, false, true, false),
            (nil, "fid-036", 85_335_147, false, true, false),
            (nil, "fid-039", 82_257_382, false, true, false),
            (nil, "cA1b2C3d4E5f6G7h8I9j0k", 59_895_936, false, false, false),
            (nil, "eyJhbGciOiJFUzI1Ni", 97_399_188, false, true, false),
            ("rollout", "fid-000", 77_112_480, false, true, false),
            ("rollout", "fid-003", 68_717_299, false, true, false),
            ("rollout", "fid-006", 10_240_632, true, false, true),
            ("rollout", "fid-009", 78_192_105, false, true, false),
            ("rollout", "fid-012", 80_734_096, false, true, false),
            ("rollout", "fid-015", 18_142_477, true, false, true),
            ("rollout", "fid-018", 18_486_121, true, false, true),
            ("rollout", "fid-021", 11_312_888, true, false, true),
            ("rollout", "fid-024", 85_870_171, false, true, false),
            ("rollout", "fid-027", 57_982_118, false, false, false),
            ("rollout", "fid-030", 63_895_871, false, true, false),
            ("rollout", "fid-033", 23_710_065, true, false, true),
            ("rollout", "fid-036", 77_685_676, false, true, false),
            ("rollout", "fid-039", 28_464_359, true, false, true),
            ("rollout", "cA1b2C3d4E5f6G7h8I9j0k", 69_391_758, false, true, false),
            ("rollout", "eyJhbGciOiJFUzI1Ni", 74_498_156, false, true, false),
            ("Holiday-2026.v1", "fid-000", 3_292_350, true, false, false),
            ("Holiday-2026.v1", "fid-003", 38_297_638, false, false, true),
            ("Holiday-2026.v1", "fid-006", 23_104_038, true, false, true),
            ("Holiday-2026.v1", "fid-009", 27_483_872, true, false, true),
            ("Holiday-2026.v1", "fid-012", 51_810_931, false, false, true),
            ("Holiday-2026.v1", "fid-015", 10_034_143, true, false, true),
            ("Holiday-2026.v1", "fid-018", 96_031_314, false, true, false),
            ("Holiday-2026.v1", "fid-021", 31_441_489, false, false, true),
            ("Holiday-2026.v1", "fid-024", 88_032_106, false, true, false),
            ("Holiday-2026.v1", "fid-027", 7_135_695, true, false, false),
            ("Holiday-2026.v1", "fid-030", 55_214_132, false, false, false),
            ("Holiday-2026.v1", "fid-033", 54_930_432, false, false, true),
            ("Holiday-2026.v1", "fid-036", 71_390_730, false, true, false),
            ("Holiday-2026.v1", "fid-039", 8_643_286, true, false, false),
            ("Holiday-2026.v1", "cA1b2C3d4E5f6G7h8I9j0k", 31_882_287, false, false, true),
            ("Holiday-2026.v1", "eyJhbGciOiJFUzI1Ni", 64_080_972, false, true, false),
        ]

    @Test("Buckets and matches agree with firebase-admin's server-side evaluation, with and without seeds")
    func agreesWithFirebaseAdmin() throws {
        for row in Self.officialCases {
            #expect(FirebasePercent.microPercentile(of: row.id, seed: row.seed) == row.micro, "\(row.id)")
            let seed = row.seed.map { "('\($0)')" } ?? ""
            let context = try RuleFixture.context(#"{"firebase_installation_id": "\#(row.id)"}"#)
            for (expression, expected) in [
                ("percent\(seed) <= 30", row.atMost30), ("percent\(seed) > 62.5", row.above62),
                ("percent\(seed) between 10 and 55", row.between),
            ] {
                #expect(try FirebaseFixture.matches(expression, context) == expected, "\(expression) for \(row.id)")
            }
        }
    }

    @Test("Over many ids a percent condition holds for about its share")
    func shareOfManyIDs() throws {
        var counts = (atMost: 0, between: 0)
        for index in 0..<4000 {
            let bucket = FirebasePercent.microPercentile(of: "install-\(index)", seed: "spread")
            if bucket <= 25_000_000 { counts.atMost += 1 }
            if bucket > 40_000_000, bucket <= 50_000_000 { counts.between += 1 }
        }
        #expect(abs(counts.atMost - 1000) < 100)
        #expect(abs(counts.between - 400) < 70)
    }

    @Test("The trace of a percent condition carries the device's bucket and the split")
    func traceCarriesSplit() throws {
        let template = FirebaseFixture.template(
            conditions: [("rollout", "percent('rollout') <= 30")], parameter: #""rollout": { "value": "on" }"#)
        let outcome = try FirebaseFixture.outcome(template, #"{"firebase_installation_id": "fid-003"}"#)
        let step = try #require(outcome.trace.steps.first)
        let split = try #require(step.split)
        let micro = FirebasePercent.microPercentile(of: "fid-003", seed: "rollout")
        #expect(split.bucket == Double(micro) / 1_000_000)
        #expect(split.shares.map(\.name) == ["in", "out"])
        #expect(split.shares.map(\.percent) == [30, 70])
        #expect(split.chosen == (micro <= 30_000_000 ? "in" : "out"))
        #expect(step.reads == [ContextRead(key: "context/firebase_installation_id", value: .string("fid-003"))])
        #expect(LayerDescription.words(for: split) == "bucket \(String(format: "%.1f", split.bucket)) of 100 → \"out\"")
        #expect(
            LayerDescription.shareLines(for: split).map(\.text) == ["in   ███░░░░░░░ 30 %", "out  ███████░░░ 70 %"])
        let between = FirebasePercent.split(lower: 10_000_000, upper: 55_000_000, bucket: 20_000_000)
        #expect(between.shares.map(\.name) == ["below", "in", "above"])
        #expect(between.shares.map(\.percent) == [10, 45, 45])
        #expect(between.chosen == "in")
    }

    @Test("Without an installation id percent does not hold, and the trace says which key to set")
    func unsetInstallationID() throws {
        let template = FirebaseFixture.template(
            conditions: [("rollout", "percent <= 100")], parameter: #""rollout": { "value": "on" }"#)
        let outcome = try FirebaseFixture.outcome(template, "{}")
        #expect(outcome.result == .value(.text("off")))
        #expect(outcome.trace.steps.first?.result == .bool(false))
        #expect(outcome.trace.steps.first?.note?.contains("context/firebase_installation_id is unset") == true)
        #expect(outcome.trace.steps.first?.reads == [ContextRead(key: "context/firebase_installation_id", value: nil)])
    }
}
