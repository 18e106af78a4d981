import Foundation
import TestSupport
import Testing

/// Firebase conditions seen from the command line: `get` gives the value the template's
/// conditions decide for the simulated device, with the trace; `validate` shows a condition
/// that does not parse at its line and column inside the expression.
@Suite("Firebase conditions on the command line")
struct GetCommandFirebaseTests {
    @Test("get shows every condition evaluated, what it read and which one decided")
    func getShowsTheTrace() throws {
        let folder = try FirebaseWorkspace.folder()
        defer { folder.remove() }
        let plain = try CLIRunner.run(["get", "onboarding"], in: folder.url)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("value    carousel   from Remote"), "\(plain.stdout)")
        #expect(plain.stdout.contains("no rule matched: the default value carousel (DEFAULT)"), "\(plain.stdout)")
        #expect(plain.stdout.contains("italian_store: device.country in ['it'] → false"))
        #expect(plain.stdout.contains("reads context/country (unset)"))
        #expect(plain.stdout.contains("context/country is unset; set it to try the other way"))
        #expect(plain.stdout.contains("half: percent('onboarding') <= 50 → false"))
        #expect(plain.stdout.contains("context/firebase_installation_id is unset"))
        #expect(!plain.stdout.contains("not evaluated"))

        let italy = try CLIRunner.run(["get", "onboarding", "--context", "country=it"], in: folder.url)
        #expect(italy.status == 0, "\(italy.stderr)")
        #expect(italy.stdout.contains("value    video   from Remote"), "\(italy.stdout)")
        #expect(italy.stdout.contains(#"rules chose variant "italian_store" (TARGETING_MATCH)"#), "\(italy.stdout)")
        #expect(italy.stdout.contains(#"reads context/country = "it""#), "\(italy.stdout)")
        #expect(!italy.stdout.contains("half:"), "evaluation stops at the condition that decided")
    }

    @Test("get --json puts the trace on the layer, with the percent split of the installation's bucket")
    func getJSON() throws {
        let folder = try FirebaseWorkspace.folder()
        defer { folder.remove() }
        // Bucket of "onboarding.fid-003" is 15.7: inside the first 50 %.
        let output = try CLIRunner.run(
            [
                "get", "onboarding", "--json", "--context", "country=fr", "--context",
                "firebase_installation_id=fid-003",
            ],
            in: folder.url)
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["value"] as? String == "quiz")
        #expect(object["variant"] as? String == "half")
        let layers = try #require(object["layers"] as? [[String: Any]])
        let remote = try #require(layers.first { $0["provider"] as? String == "Remote" })
        let rules = try #require(remote["rules"] as? [String: Any])
        #expect(rules["variant"] as? String == "half")
        #expect(rules["reason"] as? String == "TARGETING_MATCH")
        let steps = try #require(rules["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["rule"] as? String } == [
                "italian_store: device.country in ['it']", "half: percent('onboarding') <= 50",
            ])
        #expect(steps.map { $0["result"] as? Bool } == [false, true])
        #expect((steps[0]["reads"] as? [String: String]) == ["context/country": "fr"])
        #expect((steps[1]["reads"] as? [String: String]) == ["context/firebase_installation_id": "fid-003"])
        #expect(steps[1]["chosen"] as? String == "in")
        let bucket = try #require(steps[1]["bucket"] as? Double)
        #expect(bucket == 15.7)
        let split = try #require(steps[1]["split"] as? [[String: Any]])
        #expect(split.map { $0["name"] as? String } == ["in", "out"])
        #expect(split.map { $0["percent"] as? Double } == [50, 50])
    }

    @Test("A firebase provider with a url reads the template the server answers, with the same conditions")
    func remoteTemplate() throws {
        let server = try FlagServer()
        defer { server.stop() }
        let workspace = try RemoteWorkspace(
            provider: ["format: firebase", "url: \(server.url("firebase"))/v1/projects/demo/remoteConfig"])
        defer { workspace.remove() }
        let plain = try RemoteWorkspace.layer(try workspace.get("lab/theme"))
        #expect(plain["value"] as? String == "dark")
        #expect((plain["rules"] as? [String: Any])?["variant"] as? String == "default")

        let output = try workspace.run(["get", "lab/theme", "--json", "--context", "country=it"])
        #expect(output.status == 0, "\(output.stderr)")
        let italy = try RemoteWorkspace.layer(try CLIFixture.object(output.stdout))
        #expect(italy["value"] as? String == "light")
        #expect((italy["rules"] as? [String: Any])?["variant"] as? String == "italian_store")
        #expect(server.requests().first?["path"] as? String == "/v1/projects/demo/remoteConfig")
    }
}
