import Foundation
import TestSupport
import Testing

/// `get` and `list` on computed flags of the demo (docs/computed.md, docs/commands.md): provenance `computed` with the
/// expression and the keys it read, or the stack when a context key it reads is unset.
@Suite("Computed flags on the command line")
struct GetCommandComputedTests {
    static var demoConfig: String { Repository.demoWorkspaceFile.path }

    @Test("get --json of a computed flag: value, source and reason computed, expression and keys read")
    func getComputed() throws {
        let output = try CLIRunner.run(["get", "lab/remember_login", "--json", "--config", Self.demoConfig])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try ConfiguredDemoCopy.object(output.stdout)
        #expect(json["value"] as? Bool == true)
        #expect(json["default"] as? Bool == false)
        #expect(json["source"] as? String == "computed")
        #expect(json["reason"] as? String == "computed")
        let computed = try #require(json["computed"] as? [String: Any], "no computed object")
        #expect(computed["expression"] as? String == "lab/sson && context/locale == 'it'")
        #expect(computed["reads"] as? [String] == ["lab/sson", "context/locale"])
        // No provider layer wins over a computed value.
        let layers = try #require(json["layers"] as? [[String: Any]])
        #expect(layers.allSatisfy { $0["winner"] == nil })
    }

    @Test("get --json of a computed flag reading an unset context key: the stack decides, reads still listed")
    func getComputedWithoutValue() throws {
        let output = try CLIRunner.run(["get", "lab/show_eu_consent", "--json", "--config", Self.demoConfig])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try ConfiguredDemoCopy.object(output.stdout)
        #expect(json["value"] as? Bool == true)
        #expect(json["source"] as? String == "default")
        #expect(json["reason"] as? String == "default")
        let computed = try #require(json["computed"] as? [String: Any])
        #expect(computed["reads"] as? [String] == ["context/region", "lab/sson"])
    }

    @Test("get in text shows the expression of a computed flag and where its value came from")
    func getComputedText() throws {
        let output = try CLIRunner.run(["get", "lab/remember_login", "--config", Self.demoConfig])
        #expect(output.status == 0)
        #expect(output.stdout.contains("lab/sson && context/locale == 'it'"))
        #expect(output.stdout.contains("computed"))
    }

    @Test("Once a provider sets the context key, the expression decides; changing an input changes the value")
    func contextSetInProviderFile() throws {
        let demo = try ConfiguredDemoCopy()
        defer { demo.remove() }
        // The QA profile is a plain JSON provider: add the region there, as a tester would.
        let profile = demo.config.deletingLastPathComponent().appendingPathComponent("profiles/qa.json")
        var qa = try ConfiguredDemoCopy.object(String(contentsOf: profile, encoding: .utf8))
        qa["context/region"] = "EU"
        try JSONSerialization.data(withJSONObject: qa, options: [.prettyPrinted, .sortedKeys]).write(to: profile)

        var json = try ConfiguredDemoCopy.object(try demo.run(["get", "lab/show_eu_consent", "--json"]).stdout)
        // lab/sson is true (Remote), so the EU consent sheet is not shown.
        #expect(json["value"] as? Bool == false)
        #expect(json["reason"] as? String == "computed")

        // Locale changed to English in the writable provider: remember_login is computed false.
        try demo.set("context/locale", "en")
        json = try ConfiguredDemoCopy.object(try demo.run(["get", "lab/remember_login", "--json"]).stdout)
        #expect(json["value"] as? Bool == false)
        #expect(json["reason"] as? String == "computed")
    }
}
