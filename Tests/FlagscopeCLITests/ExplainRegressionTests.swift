import Foundation
import Testing

/// explain in cases that once went wrong.
@Suite("explain and context keys on the command line, found by review")
struct ExplainRegressionTests {
    @Test("BUG QA can record any context/* key with set (docs/blueprints.md#features): set context/region EU")
    func setAnyContextKey() throws {
        let demo = try ExplainDemoWorkspace()
        defer { demo.remove() }
        let get = try demo.run(["get", "context/region"])
        #expect(get.status == 0, "get context/region: \(get.stderr)")
        let set = try demo.run(["set", "context/region", "EU"])
        #expect(set.status == 0, "set context/region EU: \(set.stderr)")
        let json = try ExplainDemoWorkspace.object(try demo.run(["get", "lab/show_eu_consent", "--json"]).stdout)
        #expect(json["reason"] as? String == "computed")
        #expect(json["value"] as? Bool == false)
    }
}
