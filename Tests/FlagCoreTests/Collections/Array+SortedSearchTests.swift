import Testing

@testable import FlagCore

/// The binary search that line numbers, code positions and the browser's trigram blocks are
/// looked up with.
@Suite("Sorted search")
struct ArraySortedSearchTests {
    @Test(
        "The lower bound is the first element not below the value, or the count",
        arguments: [
            ([], 5, 0), ([1, 3, 5], 0, 0), ([1, 3, 5], 1, 0), ([1, 3, 5], 2, 1), ([1, 3, 5], 5, 2), ([1, 3, 5], 9, 3),
            ([2, 2, 2, 7], 2, 0), ([1, 2, 2, 2, 7], 2, 1), ([1, 2, 2, 2, 7], 3, 4),
        ] as [([Int], Int, Int)])
    func lowerBound(sorted: [Int], value: Int, index: Int) {
        #expect(sorted.lowerBound(of: value) == index)
    }

    @Test("An ascending array holds exactly its elements")
    func contains() {
        let sorted = Array(stride(from: 0, to: 1_000, by: 3))
        for value in -2..<1_002 {
            #expect(sorted.sortedContains(value) == (value >= 0 && value < 1_000 && value % 3 == 0))
        }
        #expect(![Int]().sortedContains(0))
    }
}
