import Foundation
import Testing

/// The token of a remote provider lives in its environment variable and nowhere else: not in the
/// cache, not in the local file, not in any output, whatever happens to the server.
@Suite("Remote providers: the token is never written or printed")
struct RemoteSecretTests {
    /// Every command that prints or writes, each in its human and JSON form where it has one.
    static let commands: [[String]] = [
        ["get", "lab/sson"], ["get", "lab/sson", "--json"], ["list"], ["list", "--json"], ["validate"],
        ["validate", "--json"],
        ["explain", "lab/smart_playlists"], ["explain", "lab/smart_playlists", "--json"],
        ["set", "lab/theme", "light"],
        ["set", "context/locale", "it", "--json"], ["reset", "lab/theme"],
        ["snapshot", "--write", "--keys", "/sson<Enter><Space><Tab>"],
    ]

    @Test(
        "No output and no file under the cache or the workspace holds the token: good token, wrong token, server down, server failing"
    )
    func tokenNeverLeaks() throws {
        let token = "tok-\(UUID().uuidString)-secret"
        let server = try FlagServer(token: token)
        defer { server.stop() }
        var outputs: [String] = []
        func check(_ workspace: RemoteWorkspace, token value: String, _ situation: String) throws {
            for command in Self.commands {
                let output = try workspace.run(command, environment: ["FLAGS_TOKEN": value])
                #expect(
                    output.status == 0 || command.first == "validate",
                    "\(situation) \(command): \(CLIFixture.describe(output))")
                outputs.append(output.stdout + output.stderr)
            }
            for file in workspace.writtenFiles() {
                let text = String(decoding: file.bytes, as: UTF8.self)
                #expect(!text.contains(token), "\(situation): \(file.path) holds the token")
                #expect(!text.lowercased().contains("authorization"), "\(situation): \(file.path) mentions a header")
            }
        }

        for format in ["ofrep", "unleash"] {
            let mode = format == "ofrep" ? "auth" : "unleash-auth"
            let workspace = try RemoteWorkspace(provider: [
                "format: \(format)", "url: \(server.url(mode))", "tokenEnv: FLAGS_TOKEN",
            ])
            defer { workspace.remove() }
            try check(workspace, token: token, "\(format), good token")
            #expect(!workspace.cacheFiles.isEmpty, "the good answer was cached")
            #expect(server.requests().contains { $0["auth"] as? String == "ok" })
            try check(workspace, token: "x" + token, "\(format), wrong token")
            try server.override("500")
            try check(workspace, token: token, "\(format), server failing")
            try server.override("malformed")
            try check(workspace, token: token, "\(format), malformed answer")
            try server.override(nil)
        }

        let down = try RemoteWorkspace(ofrep: try RemoteFailureTests.downURL("auth"), ["tokenEnv: FLAGS_TOKEN"])
        defer { down.remove() }
        try check(down, token: token, "server down")

        for output in outputs { #expect(!output.contains(token), "printed the token:\n\(output)") }
        #expect(outputs.count == Self.commands.count * 9)
    }

    @Test("A token pasted into tokenEnv by mistake is refused without being quoted back")
    func pastedToken() throws {
        let token = "Bearer eyJhbGciOi.pasted.\(UUID().uuidString)"
        let workspace = try RemoteWorkspace(ofrep: "http://127.0.0.1:9/flags", ["tokenEnv: \(token)"])
        defer { workspace.remove() }
        let output = try workspace.run(["validate"])
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "flagscope.yml:6:15: error: 'tokenEnv' names the environment variable that holds the token"),
            "\(output.stdout)")
        #expect(!output.stdout.contains("eyJhbGciOi") && !output.stderr.contains("eyJhbGciOi"), "\(output.stdout)")
    }
}
