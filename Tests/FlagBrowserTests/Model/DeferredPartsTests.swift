import FlagCore
import Foundation
import Testing

@testable import FlagBrowser

/// The first frame is drawn before every key's value, the views' marks and the search index are
/// built (they are built right after it, or on first use); what the browser shows must not
/// depend on which came first.
@Suite("The first frame before the rest")
struct DeferredPartsTests {
    @Test("The first frame needs none of the deferred parts, and is the same frame once they are built")
    func firstFrameBeforeTheRest() throws {
        let demo = try DemoFixture(width: 120, height: 40)
        defer { demo.remove() }
        let model = demo.session.state.model
        let first = demo.session.render().text
        #expect(!model.deferredPartsBuilt, "drawing the first frame built the deferred parts")
        #expect(first.contains("Podcast app"), "\(first)")
        model.buildDeferredParts()
        #expect(model.deferredPartsBuilt)
        #expect(demo.session.render().text == first)
    }

    @Test("Each key's value resolved alone for the first frame is the value the whole pass gives")
    func rowValuesMatchTheWholePass() throws {
        let demo = try DemoFixture()
        defer { demo.remove() }
        let model = demo.session.state.model
        let keys = model.workspace.flags.keys
        let alone = keys.map { model.value($0) }
        #expect(!model.deferredPartsBuilt)
        model.buildDeferredParts()
        #expect(alone.count == model.values.count && !alone.isEmpty)
        for (index, key) in keys.enumerated() {
            #expect(alone[index] == model.value(key), "\(key)")
            #expect(alone[index] == model.values[index], "\(key)")
        }
    }

    @Test("Search builds the index on first use when a key comes before it was built, and finds the same nodes")
    func searchBuildsTheIndexOnFirstUse() throws {
        var early = try DemoFixture(width: 120, height: 40)
        defer { early.remove() }
        #expect(!early.session.state.model.deferredPartsBuilt)
        try early.press("/sson")
        #expect(early.session.state.model.deferredPartsBuilt)
        var late = try DemoFixture(width: 120, height: 40)
        defer { late.remove() }
        late.session.state.model.buildDeferredParts()
        try late.press("/sson")
        #expect(early.screen == late.screen)
        #expect(early.screen.contains("sson"), "\(early.screen)")
        let needle = try #require(SearchIndex.needle("sson"))
        #expect(!early.session.state.model.search.nodes(containing: needle).isEmpty)
    }
}
