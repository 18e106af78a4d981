import Testing

@testable import FlagCore

/// Sticky-bucket documents: read from a file, and what an evaluation saves into them.
@Suite("GrowthBook: sticky-bucket documents")
struct GrowthBookStickyBucketsTests {
    @Test("A list of documents (or the SDK's object of them) is read; a broken document is a problem at its place")
    func read() throws {
        let buckets = try GrowthBookStickyBuckets.read(
            Array(
                """
                [{"attributeName": "id", "attributeValue": "ann", "assignments": {"exp__0": "1", "bad": 2}},
                 {"attributeName": "deviceId"}]
                """.utf8))
        #expect(buckets.documents.keys.elements == ["id||ann"])
        #expect(buckets.documents["id||ann"]?.assignments == ["exp__0": "1"])
        #expect(
            buckets.problems.map { $0.location } == [
                TextLocation(line: 1, column: 89), TextLocation(line: 2, column: 2),
            ])
        let object = try GrowthBookStickyBuckets.read(
            Array(#"{"id||ann": {"attributeName": "id", "attributeValue": "ann", "assignments": {}}}"#.utf8))
        #expect(object.documents.count == 1)
        #expect(throws: DocumentError.self) { try GrowthBookStickyBuckets.read(Array("5".utf8)) }
    }

    @Test("Saving an assignment merges it into its document, or makes one")
    func saving() {
        let buckets = GrowthBookStickyBuckets(documents: [
            GrowthBookStickyBucketDocument(attributeName: "id", attributeValue: "ann", assignments: ["a__0": "0"])
        ])
        let saved = buckets.saving(
            GrowthBookStickyAssignment(
                attributeName: "id", attributeValue: "ann", experimentKey: "b__0", variationKey: "1")
        )
        .saving(
            GrowthBookStickyAssignment(
                attributeName: "deviceId", attributeValue: "d", experimentKey: "b__0", variationKey: "2"))
        #expect(saved.documents["id||ann"]?.assignments == ["a__0": "0", "b__0": "1"])
        #expect(saved.documents["deviceId||d"]?.assignments == ["b__0": "2"])
    }
}
