import Foundation
import TestSupport
import Testing

/// `validate` on rules files: a flagd schema slip, a Firebase condition that does not parse and an
/// Unleash constraint the SDKs cannot use, each at its line and column with the source line and caret.
@Suite("validate on rules")
struct ValidateCommandRulesTests {
    @Test("validate reports a schema slip in targeting with its line, column, source line and caret")
    func validateLocatesRuleProblems() throws {
        let output = try CLIFixture.run(["validate"], in: { try TargetingWorkspace.folder(device: "{}") }, status: 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headline =
            "flags.flagd.json:13:57: error: flagd provider 'Flags': a weight of 'fractional' must not be negative, found -5"
        let index = try #require(lines.firstIndex(of: headline), "\(output.stdout)")
        #expect(lines[index + 1].hasSuffix(#""targeting": { "fractional": [["on", 50], ["off", -5]] }"#))
        #expect(lines[index + 2] == String(repeating: " ", count: 4 + 56) + "^")
    }

    @Test("validate shows a condition that does not parse at its line and column, with the source line and caret")
    func validateLocatesConditionProblems() throws {
        let broken = FirebaseWorkspace.template.replacingOccurrences(
            of: "percent('onboarding') <= 50", with: "percent('onboarding') < 50")
        let folder = try FirebaseWorkspace.folder(remote: broken)
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headline =
            "remote.json:4:60: error: firebase provider 'Remote': condition 'half': percent is compared with <=, > or between … and …, found '<'"
        let index = try #require(lines.firstIndex(of: headline), "\(output.stdout)")
        #expect(lines[index + 1].hasSuffix(#"{ "name": "half", "expression": "percent('onboarding') < 50" }"#))
        #expect(lines[index + 2] == String(repeating: " ", count: 4 + 59) + "^")

        let get = try CLIRunner.run(["get", "onboarding", "--json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(get.stdout.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.first?["state"] as? String == "error")
        #expect((layers.first?["error"] as? String)?.hasPrefix("condition 'half' cannot be evaluated") == true)
        #expect(object["value"] as? String == "carousel")
    }

    @Test("validate reports a constraint the SDKs cannot use at its line and column")
    func validateProblem() throws {
        let folder = try UnleashWorkspace.folder(device: "{}")
        defer { folder.remove() }
        try folder.write(
            "unleash.json",
            """
            {"version": 2, "features": [
              {"name": "beta_banner", "enabled": true, "strategies": [{"name": "default",
                "constraints": [{"contextName": "score", "operator": "NUM_GT", "value": "lots"}]}]}
            ]}

            """)
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(
            (output.stdout + output.stderr).contains(
                #"unleash.json:3:77: error: unleash provider 'Unleash': NUM_GT needs a number "value", found "lots""#),
            "\(output.stdout)\(output.stderr)")
    }
}
