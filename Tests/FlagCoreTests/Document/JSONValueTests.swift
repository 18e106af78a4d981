import Foundation
import Testing

@testable import FlagCore

/// Values read from YAML or JSON as JSON: a key that is itself a collection becomes its JSON text, cut
/// past a limit so that nesting cannot make it grow without end.
@Suite("JSON values")
struct JSONValueTests {
    /// YAML keys that are collections nested in one another (`? ? ? … a`): JSON text that quoted
    /// each level inside the next would double its escapes at every level, and 40 levels (81
    /// bytes) would never finish. A json flag's default written so loads at once, its key cut
    /// with `…`.
    @Test("A json default whose YAML keys nest forty deep loads at once, its key text cut")
    func nestedCollectionKeys() throws {
        let nested = String(repeating: "? ", count: 40) + "a"
        let start = ContinuousClock.now
        let workspace = try Fixture.load(
            blueprint:
                "name: App\nflags:\n  settings:\n    type: json\n    description: d\n    default:\n      \(nested)\n")
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(!workspace.hasErrors)
        guard case .json(.object(let members))? = workspace.flags["settings"]?.defaultValue else {
            Issue.record(
                "the default is no JSON object: \(String(describing: workspace.flags["settings"]?.defaultValue))")
            return
        }
        let key = try #require(members.keys.first)
        #expect(key.hasPrefix(#"{"{\"{\\\"{"#))
        #expect(key.hasSuffix("…"))
        #expect(key.utf8.count <= JSONValue.collectionKeyLimit + 3)
    }
}
