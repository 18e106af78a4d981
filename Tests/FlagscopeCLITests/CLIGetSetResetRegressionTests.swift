import Foundation
import TestSupport
import Testing

/// get and set in cases that once went wrong.
@Suite("get and set: cases found by review")
struct CLIGetSetResetRegressionTests {
    @Test("get --json shows an unparseable read-only provider as an error layer; the other layers still resolve")
    func brokenReadOnlyProviderIsAnErrorLayer() throws {
        let workspace = try EditWorkspace(local: "{\"theme\": \"dark\"}\n", qa: "{\"ratio\": 0.9,\n")
        defer { workspace.remove() }
        let output = try workspace.run(["get", "--json", "theme"])
        #expect(output.status == 0, "\(output.stderr)")
        let report = try parseJSONObject(output.stdout)
        #expect(report["value"] as? String == "dark")
        #expect(report["source"] as? String == "Local")
        let qa = (report["layers"] as? [[String: Any]])?.first { $0["provider"] as? String == "QA profile" }
        #expect(qa?["state"] as? String == "error")
    }

    @Test("set still writes the valid writable provider when a read-only provider file is broken")
    func setWithBrokenReadOnlyProvider() throws {
        let workspace = try EditWorkspace(local: "{}\n", qa: "{\"ratio\": 0.9,\n")
        defer { workspace.remove() }
        let output = try workspace.run(["set", "theme", "light"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try workspace.localObject()["theme"] as? String == "light")
    }

    @Test("set accepts a negative number as the value")
    func negativeValues() throws {
        let workspace = try EditWorkspace(local: "{}\n")
        defer { workspace.remove() }
        try workspace.folder.write(
            "blueprints/offsets.yml",
            """
            name: Offsets
            description: Signed values
            flags:
              offset:
                type: int
                default: 0
                min: -10
                max: 10
                description: Signed offset
              gain:
                type: double
                default: 0.0
                description: Signed gain

            """)
        let int = try workspace.run(["set", "offset", "-5"])
        #expect(int.status == 0, "\(int.stderr)")
        let double = try workspace.run(["set", "gain", "-1.5"])
        #expect(double.status == 0, "\(double.stderr)")
        #expect(try workspace.localObject()["offset"] as? Int == -5)
    }

    @Test("set --json reports the value that was written (written) beside the resolved value (value)")
    func setJSONValueIsTheWrittenValue() throws {
        let workspace = try EditWorkspace()
        defer { workspace.remove() }
        let report = try parseJSONObject(try workspace.run(["set", "--json", "retries", "8"]).stdout)
        let change = (report["changes"] as? [[String: Any]])?.first
        #expect(
            change?["written"] as? Int == 8,
            "human output says 'set retries = 8'; JSON says \(String(describing: change?["written"]))")
        #expect(change?["value"] as? Int == 5, "value is what the key resolves to, as in get --json: Remote still wins")
    }

    @Test("set records any context/* key as text, as docs/blueprints.md#features allows, even before a provider has it")
    func setAnyContextKey() throws {
        let folder = try CLIGetSetResetDemoTests.demoCopy()
        defer { folder.remove() }
        // The demo's own lab/show_eu_consent reads key("context/region").
        let output = try CLIGetSetResetDemoTests.run(folder, ["set", "context/region", "EU"])
        #expect(output.status == 0, "\(output.stderr)")
        let consent = try parseJSONObject(
            try CLIGetSetResetDemoTests.run(folder, ["get", "--json", "lab/show_eu_consent"]).stdout)
        #expect(consent["source"] as? String == "computed")
    }
}
