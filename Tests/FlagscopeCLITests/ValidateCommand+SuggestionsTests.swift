import Foundation
import TestSupport
import Testing

/// "Did you mean" where users mistype names: permissions, provider keys, expression keys.
@Suite("did you mean")
struct ValidateCommandSuggestionsTests {
    @Test("An unknown permission suggests the close one and lists every permission")
    func unknownPermission() throws {
        let blueprint = CLIFixture.blueprint.replacingOccurrences(
            of: "      userToggled: { default: true }\n",
            with: "      userToggled: { default: true }\n      permissions: [fotos]\n")
        let folder = try CLIFixture.folder(["blueprints/app.yml": blueprint])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "error: unknown permission 'fotos'; did you mean 'photos'? Permissions are camera, photos, microphone, location_when_in_use, location_always, contacts, calendar_events, reminders, motion, speech_recognition, siri_kit, bluetooth, media_library"
            ),
            "\(output.stdout)")
    }

    @Test("A permission far from every name lists them all without a guess")
    func farPermission() throws {
        let blueprint = CLIFixture.blueprint.replacingOccurrences(
            of: "      userToggled: { default: true }\n",
            with: "      userToggled: { default: true }\n      permissions: [teleportation]\n")
        let folder = try CLIFixture.folder(["blueprints/app.yml": blueprint])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(
            output.stdout.contains("error: unknown permission 'teleportation'; permissions are camera, photos, "),
            "\(output.stdout)")
        #expect(!output.stdout.contains("did you mean"))
    }

    @Test(
        "A provider key with two letters swapped, or only its last segment mistyped, gets 'did you mean' in validate and list --json"
    )
    func undeclaredProviderKeys() throws {
        let folder = try CLIFixture.folder([".flagscope/local.json": #"{"lab/theem": "dark", "theem": "light"}"# + "\n"]
        )
        defer { folder.remove() }
        let validate = try CLIRunner.run(["validate"], in: folder.url)
        #expect(validate.status == 0, "\(CLIFixture.describe(validate))")
        #expect(
            validate.stdout.contains(
                "warning: 'lab/theem' in provider 'Local' is declared by no blueprint; did you mean 'lab/theme'?"),
            "\(validate.stdout)")
        #expect(
            validate.stdout.contains(
                "warning: 'theem' in provider 'Local' is declared by no blueprint; did you mean 'lab/theme'?"),
            "\(validate.stdout)")
        let list = try CLIRunner.run(["list", "--json"], in: folder.url)
        let unknown = try #require(try CLIFixture.object(list.stdout)["unknownKeys"] as? [[String: Any]])
        #expect(unknown.map { $0["key"] as? String } == ["lab/theem", "theem"])
        #expect(unknown.map { $0["didYouMean"] as? String } == ["lab/theme", "lab/theme"])
    }

    @Test("An unknown key in a computed expression suggests the declared one, even with letters swapped")
    func expressionKey() throws {
        let blueprint = """
            name: App
            keyPrefix: lab
            flags:
              alpha: { type: bool, default: false, description: Alpha }
              beta: { type: bool, default: false, description: Beta, computed: "lab/alpah && true" }
              gamma: { type: bool, default: false, description: Gamma, computed: "!alpah" }

            """
        let folder = try CLIFixture.folder(["blueprints/app.yml": blueprint])
        defer { folder.remove() }
        let output = try CLIRunner.run(["validate"], in: folder.url)
        #expect(output.status == 1)
        #expect(
            output.stdout.contains("error: in computed expression: unknown key 'lab/alpah'; did you mean 'lab/alpha'?"),
            "\(output.stdout)")
        #expect(
            output.stdout.contains("error: in computed expression: unknown key 'alpah'; did you mean 'lab/alpha'?"),
            "\(output.stdout)")
    }
}
