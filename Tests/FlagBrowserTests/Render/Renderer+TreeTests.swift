import Testing

@testable import FlagBrowser

/// How a tree row's right-hand runs share a narrow row (docs/browser.md#the-tree): the values
/// are cut first, the source and markers after them stay whole.
@Suite("A tree row's right-hand side")
struct RendererTreeTests {
    private static let runs: [(String, StyleRole)] = [
        ("https://podcasts.example.com/store", .value), (" Releases", .source), (" ✎!", .warning),
    ]

    @Test("Everything fits: every run whole")
    func fits() {
        #expect(Renderer.fitted(Self.runs, values: 1, limit: 60).map(\.columns) == [34, 9, 3])
    }

    @Test("Too narrow: the value gives up what the source and markers need")
    func valueCut() {
        #expect(Renderer.fitted(Self.runs, values: 1, limit: 30).map(\.columns) == [18, 9, 3])
    }

    @Test("Two values (this device's and the compared one's) share the room, the narrower whole")
    func twoValues() {
        let runs: [(String, StyleRole)] = [
            ("personalised", .value), (" ≠ popularity", .warning), (" Rollouts", .source),
        ]
        #expect(Renderer.fitted(runs, values: 2, limit: 30).map(\.columns) == [10, 11, 9])
        let short: [(String, StyleRole)] = [
            ("true", .value), (" ≠ https://beta.example.com/x", .warning), (" Remote", .source),
        ]
        #expect(Renderer.fitted(short, values: 2, limit: 24).map(\.columns) == [4, 13, 7])
    }

    @Test("Even the source does not fit: the value keeps a few columns and the end is cut")
    func sourceCut() {
        #expect(Renderer.fitted(Self.runs, values: 1, limit: 10).map(\.columns) == [4, 6, 0])
    }
}
