import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// `flagscope diff` (docs/devices.md#comparing-two-devices): what two devices get, with the rule
/// step that parts each flag, compared with answers worked out by hand from the rules below.
@Suite("Diff report")
struct DiffReportTests {
    /// Three flags, one decided by each kind of rules, and a feature that needs the camera.
    static let blueprint = """
        name: App
        flags:
          cellular: { type: bool, default: false, description: Downloads over cellular }
          turbo: { type: bool, default: false, description: Turbo downloads }
          greeting: { type: string, default: hello, description: Greeting }
          plain: { type: int, default: 3, description: Decided by nothing }
        features:
          scanner: { name: Scanner, description: Scans codes, constraints: { permissions: [camera] } }

        """

    /// flagd: cellular is on in Italy and Germany.
    static let flagd = """
        {"flags": {"cellular": {"state": "ENABLED", "variants": {"on": true, "off": false}, "defaultVariant": "off",
          "targeting": {"if": [{"in": [{"var": "country"}, ["it", "de"]]}, "on", "off"]}}}}
        """

    /// Unleash: turbo is on for the user ids qa-ana and qa-bo.
    static let unleash = """
        {"version": 2, "features": [{"name": "turbo", "enabled": true,
          "strategies": [{"name": "userWithId", "parameters": {"userIds": "qa-ana,qa-bo"}}]}]}
        """

    /// Firebase: greeting is ciao in Italy.
    static let firebase = """
        {"conditions": [{"name": "italy", "expression": "device.country in ['it']"}],
         "parameters": {"greeting": {"defaultValue": {"value": "hello"},
                                     "conditionalValues": {"italy": {"value": "ciao"}}}}}
        """

    /// The workspace with two device profiles: Ana in Italy with the camera, Bo in France without.
    static func folder() throws -> TemporaryFolder {
        try WorkspaceBuilder(
            blueprints: ["app.yml"],
            providers: [
                .firebase("Remote", "remote.json"), .json("Local", "local.json", writable: true),
                .flagd("Rollouts", "rollouts.flagd.json"), .unleash("Toggles", "toggles.json"),
            ]
        )
        .file("app.yml", blueprint).file("rollouts.flagd.json", flagd).file("toggles.json", unleash)
        .file("remote.json", firebase).file("local.json", "{}")
        .file(
            "devices/ana.yml",
            "name: Ana in Italy\ncontext:\n  country: it\n  userId: qa-ana\n  permissions:\n    camera: authorized\n"
        )
        .file(
            "devices/bo.yml",
            "name: Bo in France\ncontext:\n  country: fr\n  userId: qa-zed\n  permissions:\n    camera: denied\n"
        )
        .folder(prefix: "flagscope-diff")
    }

    static func side(_ device: String, in folder: TemporaryFolder) throws -> DiffReport.Side {
        let workspace = Workspace.load(
            from: folder.file("flagscope.yml"), environment: [:], remote: .known([:]), device: device)
        let profile = try #require(workspace.activeDevice)
        return DiffReport.Side(label: profile.name, file: profile.file, workspace: workspace)
    }

    @Test(
        "Two devices: each rule kind's flag with the step that parts it, the feature's constraint, and the attributes apart"
    )
    func twoDevices() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let report = DiffReport(a: try Self.side("ana", in: folder), b: try Self.side("bo", in: folder))
        let expected = """
            {
              "a" : {"label" : "Ana in Italy", "file" : "devices/ana.yml"},
              "b" : {"label" : "Bo in France", "file" : "devices/bo.yml"},
              "context" : [
                {"key" : "context/country", "a" : "it", "b" : "fr"},
                {"key" : "context/permissions/camera", "a" : "authorized", "b" : "denied"},
                {"key" : "context/userId", "a" : "qa-ana", "b" : "qa-zed"}
              ],
              "flags" : [
                {"key" : "cellular",
                 "a" : {"value" : true, "source" : "Rollouts", "variant" : "on"},
                 "b" : {"value" : false, "source" : "Rollouts", "variant" : "off"},
                 "step" : {"provider" : "Rollouts", "rule" : "country in [\\"it\\", \\"de\\"]",
                           "a" : {"result" : true, "reads" : {"context/country" : "it"}},
                           "b" : {"result" : false, "reads" : {"context/country" : "fr"}}}},
                {"key" : "turbo",
                 "a" : {"value" : true, "source" : "Toggles"},
                 "b" : {"value" : false, "source" : "Toggles"},
                 "step" : {"provider" : "Toggles", "rule" : "userWithId userIds qa-ana, qa-bo",
                           "a" : {"result" : true, "reads" : {"context/userId" : "qa-ana"}},
                           "b" : {"result" : false, "reads" : {"context/userId" : "qa-zed"}}}},
                {"key" : "greeting",
                 "a" : {"value" : "ciao", "source" : "Remote", "variant" : "italy"},
                 "b" : {"value" : "hello", "source" : "Remote", "variant" : "default"},
                 "step" : {"provider" : "Remote", "rule" : "italy: device.country in ['it']",
                           "a" : {"result" : true, "reads" : {"context/country" : "it"}},
                           "b" : {"result" : false, "reads" : {"context/country" : "fr"}}}}
              ],
              "features" : [
                {"key" : "scanner", "name" : "Scanner", "a" : "available", "b" : "unavailable",
                 "constraints" : [{"name" : "camera", "a" : "satisfied", "b" : "notSatisfied"}]}
              ]
            }
            """
        let actual = try JSONSerialization.jsonObject(
            with: Data(report.json.serialized(pretty: false, sortedKeys: true).utf8))
        let wanted = try JSONSerialization.jsonObject(with: Data(expected.utf8))
        #expect(
            NSDictionary(dictionary: try #require(actual as? [String: Any]))
                == NSDictionary(dictionary: try #require(wanted as? [String: Any])),
            "\(report.json.serialized(pretty: true, sortedKeys: false))")
        #expect(report.text.hasSuffix("3 flags and 1 feature differ"), "\(report.text)")
    }

    @Test("A percentage split parts two devices by the share each bucket fell in, for every rule format that splits")
    func splitsPartByTheChosenShare() throws {
        let growthbook = """
            {"features": {"skip": {"defaultValue": 15, "rules": [{"id": "exp", "key": "skip-test",
              "hashAttribute": "id", "variations": [15, 30], "weights": [0.5, 0.5]}]}}}
            """
        let launchdarkly = """
            {"flags": {"speed": {"key": "speed", "on": true, "salt": "s", "variations": [1, 2], "offVariation": 0,
              "fallthrough": {"rollout": {"variations": [{"variation": 0, "weight": 50000},
                                                         {"variation": 1, "weight": 50000}]}}}}}
            """
        let folder = try WorkspaceBuilder(
            blueprints: ["app.yml"],
            providers: [.growthbook("Experiments", "gb.json"), .launchdarkly("Releases", "ld.json")]
        )
        .file(
            "app.yml",
            "name: App\nflags:\n  skip: { type: int, default: 15, description: Skip }\n"
                + "  speed: { type: int, default: 1, description: Speed }\n"
        )
        .file("gb.json", growthbook).file("ld.json", launchdarkly)
        .file("devices/one.yml", "name: One\ncontext:\n  id: listener-3\n  key: listener-3\n")
        .file("devices/two.yml", "name: Two\ncontext:\n  id: listener-2\n  key: listener-2\n")
        .folder(prefix: "flagscope-diff-split")
        defer { folder.remove() }
        let report = DiffReport(a: try Self.side("one", in: folder), b: try Self.side("two", in: folder))
        #expect(report.flags.map(\.key) == ["skip", "speed"], "\(report.text)")
        for change in report.flags {
            let step = try #require(change.step, "\(report.text)")
            #expect(step.a.result == .bool(true) && step.b.result == .bool(true))
            #expect(step.a.split?.chosen != step.b.split?.chosen)
        }
        let text = report.text
        #expect(text.contains("parted by a rule of Experiments: rule \"exp\": experiment \"skip-test\""), "\(text)")
        #expect(text.contains("parted by a rule of Releases: fallthrough: percentage rollout by key"), "\(text)")
        #expect(text.contains("a: bucket "), "\(text)")
        #expect(text.contains(" of 100 → \"variation 1\", reading context/key = \"listener-2\""), "\(text)")
    }

    @Test("A device compared with itself has no differences, and says so")
    func sameDevice() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let report = DiffReport(a: try Self.side("ana", in: folder), b: try Self.side("Ana in Italy", in: folder))
        #expect(report.isEmpty)
        #expect(report.text == "a: Ana in Italy\nb: Ana in Italy\n\nno differences")
    }

    @Test("A flag only one side declares is a difference, said as not declared")
    func undeclaredOnOneSide() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let before = try Self.side("ana", in: folder)
        try folder.write("app.yml", Self.blueprint.replacingOccurrences(of: "  plain:", with: "  later:"))
        let after = try Self.side("ana", in: folder)
        let report = DiffReport(a: before, b: after)
        #expect(report.flags.map(\.key) == ["plain", "later"])
        #expect(report.text.contains("plain\n  a: 3  blueprint default\n  b: not declared"), "\(report.text)")
    }
}
