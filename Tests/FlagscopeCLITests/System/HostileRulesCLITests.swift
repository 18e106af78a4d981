import Foundation
import TestSupport
import Testing

/// Hostile rules seen from the command line: `validate` locates what cannot work, `get` and the
/// browser give bounded answers (the time bounds are generous: a debug build, a loaded machine).
@Suite("Hostile rules on the command line")
struct HostileRulesCLITests {
    static let files = [
        "flagscope.yml": """
        blueprints:
          - blueprints/*.yml
        providers:
          - name: Remote
            format: firebase
            path: remote.firebase.json
          - name: Toggles
            format: unleash
            path: toggles.unleash.json
          - name: Rollouts
            format: flagd
            path: rollouts.flagd.json

        """,
        "blueprints/app.yml": """
        name: App
        flags:
          pattern_toggle:
            type: bool
            default: false
            description: A REGEX that backtracks catastrophically in a backtracking engine
          big_pattern:
            type: bool
            default: false
            description: A REGEX past the size limit
          signal_match:
            type: string
            default: plain
            description: A .matches that backtracks catastrophically in a backtracking engine
          cycle:
            type: bool
            default: false
            description: A $ref cycle
          fan_out:
            type: bool
            default: false
            description: Shared rules that double with every level

        """,
        "toggles.unleash.json": """
        {"version": 2, "features": [
          {"name": "pattern_toggle", "enabled": true, "strategies": [{"name": "default", "constraints": [
            {"contextName": "userId", "operator": "REGEX", "value": "(a+)+$"}]}]},
          {"name": "big_pattern", "enabled": true, "strategies": [{"name": "default", "constraints": [
            {"contextName": "userId", "operator": "REGEX", "value": "a{1000}{1000}"}]}]}
        ]}

        """,
        "remote.firebase.json": """
        {"conditions": [{"name": "aaa", "expression": "app.customSignal['s'].matches(['(a|a)*b'])"}],
         "parameters": {"signal_match": {"defaultValue": {"value": "plain"},
                                         "conditionalValues": {"aaa": {"value": "matched"}}}}}

        """,
        "rollouts.flagd.json": """
        {"flags": {
          "cycle": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                    "targeting": {"$ref": "a"}},
          "fan_out": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
                      "targeting": {"if": [{"$ref": "e40"}, "on", "off"]}}
         },
         "$evaluators": \(fanOut)}

        """,
    ]

    /// `a → b → a`, and 40 shared rules each using the one before twice (2^40 operations).
    static var fanOut: String {
        var evaluators = [#""a": {"$ref": "b"}"#, #""b": {"$ref": "a"}"#, #""e0": {"==": [{"var": "x"}, 1]}"#]
        for level in 1...40 {
            evaluators.append(#""e\#(level)": {"and": [{"$ref": "e\#(level - 1)"}, {"$ref": "e\#(level - 1)"}]}"#)
        }
        return "{" + evaluators.joined(separator: ",\n") + "}"
    }

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (path, text) in files { try folder.write(path, text) }
        let hostile = String(repeating: "a", count: 100_000) + "!"
        try folder.write("device.json", #"{"userId": "\#(hostile)", "custom_signals": {"s": "\#(hostile)"}}"#)
        return folder
    }

    /// Runs the binary, expecting it to finish within a generous bound.
    static func run(_ arguments: [String], in folder: TemporaryFolder) throws -> CLIRunner.Output {
        let clock = ContinuousClock()
        let start = clock.now
        let output = try CLIRunner.run(arguments, in: folder.url)
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(30), "\(arguments) took \(elapsed)")
        return output
    }

    @Test("validate locates the pattern past the size limit, the $ref cycle and the expansion past its limit")
    func validateLocates() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try Self.run(["validate"], in: folder)
        #expect(output.status == 1)
        let text = output.stdout + output.stderr
        #expect(
            text.contains(
                #"toggles.unleash.json:5:61: error: unleash provider 'Toggles': REGEX needs a regular expression "value" the SDKs accept, found "a{1000}{1000}": at character 1: the pattern is too big"#
            ), "\(text)")
        #expect(
            text.contains(
                "error: flagd provider 'Rollouts': evaluators refer to each other in a cycle: 'a' → 'b' → 'a'"),
            "\(text)")
        #expect(text.contains("the rule expands to more than 200000 operations and values"), "\(text)")
    }

    @Test("get answers a catastrophic pattern on a 100,000-character value at once, and names the $ref cycle")
    func getIsBounded() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let toggle = try Self.run(["get", "pattern_toggle", "--context-file", "device.json"], in: folder)
        #expect(toggle.status == 0, "\(toggle.stderr)")
        #expect(toggle.stdout.contains("Toggles    set    false   ← wins"), "\(toggle.stdout)")
        // The value read is shown cut, not 100,000 characters.
        #expect(toggle.stdout.count < 5_000)
        let signal = try Self.run(["get", "signal_match", "--context-file", "device.json"], in: folder)
        #expect(signal.stdout.contains("value    plain"), "\(signal.stdout)")
        let cycle = try Self.run(["get", "cycle"], in: folder)
        #expect(
            cycle.stdout.contains(
                "error  its targeting cannot be evaluated: evaluators refer to each other in a cycle: 'a' → 'b' → 'a'"),
            "\(cycle.stdout)")
    }

    @Test("The browser stays responsive with hostile rules: snapshot with keys returns promptly")
    func browserResponsive() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let output = try Self.run(
            ["snapshot", "--size", "120x40", "--context-file", "device.json", "--keys", "jjjj<Enter>jj<Enter>"],
            in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix(" Flagscope · "), "\(output.stdout)")
        #expect(output.stdout.contains("pattern_toggle"), "\(output.stdout)")
    }
}
