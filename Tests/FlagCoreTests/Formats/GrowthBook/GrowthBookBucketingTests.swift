import Testing

@testable import FlagCore

/// The hash that places a device, and the ranges experiments cut: bit for bit what the SDKs give
/// (vectors from the Python SDK, which matches the JavaScript one here).
@Suite("GrowthBook: bucketing")
struct GrowthBookBucketingTests {
    @Test(
        "FNV-1a 32 hashes UTF-16 code units: a character beyond the BMP is two",
        arguments: [
            ("", 0x811C_9DC5 as UInt32), ("a", 0xE40C_292C), ("foobar", 0xBF9C_F968), ("é", 0x6C0B_6C44),
            ("😀", 0xCB31_C4B8), ("user-42", 0x0260_73AB),
        ])
    func fnv(text: String, expected: UInt32) {
        #expect(GrowthBookBucketing.fnv1a32(text) == expected)
    }

    @Test(
        "Version 1 hashes value then seed (three decimals), version 2 the hash of seed then value (four); others none",
        arguments: [
            ("checkout", "user-42", 1.0, 0.911 as Double?), ("checkout", "user-42", 2, 0.4884), ("", "αβ", 2, 0.1157),
            ("seed", "😀", 1, 0.429), ("s", "17", 2, 0.9578), ("s", "17", 3, nil), ("s", "17", 1.5, nil),
        ])
    func hash(seed: String, value: String, version: Double, expected: Double?) {
        #expect(GrowthBookBucketing.hash(seed: seed, value: value, version: version) == expected)
    }

    @Test("Ranges follow the weights, cut to coverage from each start; bad weights become equal ones")
    func ranges() {
        func ends(_ count: Int, _ coverage: Double?, _ weights: [Double]?) -> [[Double]] {
            GrowthBookBucketing.bucketRanges(count: count, coverage: coverage, weights: weights).map {
                [($0.start * 1000).rounded() / 1000, ($0.end * 1000).rounded() / 1000]
            }
        }
        #expect(ends(3, 0.5, [0.5, 0.25, 0.25]) == [[0, 0.25], [0.5, 0.625], [0.75, 0.875]])
        #expect(ends(2, nil, [0.3, 0.3]) == [[0, 0.5], [0.5, 1]], "weights adding up to 0.6")
        #expect(ends(2, 2, [1]) == [[0, 0.5], [0.5, 1]], "one weight for two variations; coverage clamped")
        #expect(ends(2, -1, nil) == [[0, 0], [0.5, 0.5]])
        #expect(ends(0, 1, nil).isEmpty)
    }

    @Test("A device is in the first range that holds it; an end is outside, a start inside")
    func choosing() {
        let ranges = [
            GrowthBookRange(start: 0, end: 0.3), GrowthBookRange(start: 0.3, end: 0.3),
            GrowthBookRange(start: 0.3, end: 0.6),
        ]
        #expect(GrowthBookBucketing.chooseVariation(0.3, ranges: ranges) == 2)
        #expect(GrowthBookBucketing.chooseVariation(0.6, ranges: ranges) == nil)
        #expect(GrowthBookBucketing.chooseVariation(0, ranges: ranges) == 0)
    }

    @Test("A namespace hashes the value with __id, version 1, and takes [start, end)")
    func namespaces() {
        // "user-42" hashes to 0.121 in the namespace "pricing".
        #expect(GrowthBookBucketing.inNamespace("user-42", GrowthBookNamespace(id: "pricing", start: 0, end: 0.5)))
        #expect(
            !GrowthBookBucketing.inNamespace("user-42", GrowthBookNamespace(id: "pricing", start: 0.121, end: 0.121)))
        #expect(!GrowthBookBucketing.inNamespace("user-42", GrowthBookNamespace(id: "pricing", start: 0.2, end: 1)))
    }

    @Test("Equal weights are 1/n each, none for no variations")
    func equalWeights() {
        #expect(GrowthBookBucketing.equalWeights(4) == [0.25, 0.25, 0.25, 0.25])
        #expect(GrowthBookBucketing.equalWeights(-2).isEmpty)
    }
}
