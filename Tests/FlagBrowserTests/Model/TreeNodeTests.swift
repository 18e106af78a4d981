import Testing

@testable import FlagBrowser

/// A hundred thousand nodes are kept and one is copied for every row drawn, to keep peak memory down.
@Suite("Tree memory")
struct TreeNodeTests {
    @Test("A tree node takes 56 bytes, so the nodes of 100k flags take under 6 MB")
    func nodeSize() {
        #expect(MemoryLayout<TreeNode>.stride <= 56)
    }
}
