import Foundation
import TestSupport
import Testing

/// `validate` on rules files: a flagd schema slip, a Firebase condition that does not parse, an
/// Unleash constraint the SDKs cannot use, and what GrowthBook's and LaunchDarkly's SDKs evaluate
/// their own way (warnings) or cannot read (errors), each at its line and column with the source
/// line and caret.
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

    /// The lines `validate` printed for the diagnostic starting `headline`: it, the source line, the caret.
    static func diagnostic(_ headline: String, in stdout: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> [String]
    {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(
            lines.firstIndex { $0.hasPrefix(headline) }, "\(stdout)", sourceLocation: sourceLocation)
        return Array(lines[index..<min(index + 3, lines.count)])
    }

    @Test("GrowthBook: an unknown operator and a missing saved group are warnings at their place; exit 0")
    func growthBookWarnings() throws {
        let payload = GrowthBookWorkspace.payload.replacingOccurrences(of: #""$in": ["US""#, with: #""$within": ["US""#)
            .replacingOccurrences(of: #""$inGroup": "staff""#, with: #""$inGroup": "admins""#)
        let output = try CLIFixture.run(["validate"], in: { try GrowthBookWorkspace.folder(payload: payload) })
        let unknown = try Self.diagnostic(
            "growthbook.json:6:51: warning: growthbook provider 'Experiments': unknown operator '$within'; the condition fails, as in the SDKs",
            in: output.stdout)
        #expect(
            unknown[1].hasSuffix(
                #"{ "id": "na", "condition": { "country": { "$within": ["US", "CA"] } }, "force": "express" },"#))
        #expect(unknown[2] == String(repeating: " ", count: 4 + 50) + "^")
        _ = try Self.diagnostic(
            "growthbook.json:14:69: warning: growthbook provider 'Experiments': no saved group 'admins' in this payload; $inGroup fails, as in the SDKs",
            in: output.stdout)
        #expect(output.stdout.contains("✓ 0 errors, 2 warnings"), "\(output.stdout)")
    }

    @Test("LaunchDarkly: an unknown operator and a missing segment are warnings at their place; exit 0")
    func launchDarklyWarnings() throws {
        let data = LaunchDarklyWorkspace.data.replacingOccurrences(
            of: #""attribute": "country", "op": "in""#, with: #""attribute": "country", "op": "isOneOf""#
        ).replacingOccurrences(
            of: #""contextKind": "device", "attribute": "os", "op": "in", "values": ["iOS"]"#,
            with: #""attribute": "", "op": "segmentMatch", "values": ["testers"]"#)
        let output = try CLIFixture.run(["validate"], in: { try LaunchDarklyWorkspace.folder(data: data) })
        _ = try Self.diagnostic(
            #"launchdarkly.json:7:71: warning: launchdarkly provider 'LD': unknown operator "isOneOf" (the SDKs know in, endsWith, "#,
            in: output.stdout)
        let segment = try Self.diagnostic(
            #"launchdarkly.json:14:88: warning: launchdarkly provider 'LD': no segment "testers" in this file"#,
            in: output.stdout)
        #expect(segment[1].contains(#""op": "segmentMatch", "values": ["testers"] }"#), "\(segment)")
        #expect(output.stdout.contains("✓ 0 errors, 2 warnings"), "\(output.stdout)")

        // The SDK still evaluates the flag: the clause with the unknown operator matches nothing.
        let get = try CLIFixture.run(["get", "banner_text"], in: { try LaunchDarklyWorkspace.folder(data: data) })
        #expect(get.stdout.contains("value    none   from LD"), "\(get.stdout)")
        #expect(get.stdout.contains(#"LaunchDarkly's SDKs know no operator "isOneOf": it matches nothing"#))
    }

    @Test("A GrowthBook or LaunchDarkly file that is not JSON is an error at its place: exit 1, that layer an error")
    func malformedFiles() throws {
        let payload = GrowthBookWorkspace.payload.replacingOccurrences(
            of: #""dark_mode": { "defaultValue": true },"#, with: #""dark_mode": { "defaultValue": true }"#)
        let growthBook = try CLIFixture.run(
            ["validate"], in: { try GrowthBookWorkspace.folder(payload: payload) }, status: 1)
        let error = try Self.diagnostic(
            #"growthbook.json:12:5: error: growthbook provider 'Experiments': expected ',' or '}', found '"'"#,
            in: growthBook.stdout)
        #expect(error[1] == #"        "welcome_text": {"#)
        #expect(error[2] == String(repeating: " ", count: 4 + 4) + "^")
        let get = try CLIFixture.run(
            ["get", "welcome_text", "--json"], in: { try GrowthBookWorkspace.folder(payload: payload) })
        let layer = try #require(CLIFixture.layer(try CLIFixture.object(get.stdout), "Experiments"))
        #expect(layer["state"] as? String == "error")

        let launchDarkly = try CLIFixture.run(
            ["validate"], in: { try LaunchDarklyWorkspace.folder(data: #"{"flags": {"banner_text": {"on": true"#) },
            status: 1)
        _ = try Self.diagnostic(
            "launchdarkly.json:1:38: error: launchdarkly provider 'LD': expected ',' or '}', found end of file",
            in: launchDarkly.stdout)
    }
}
