import Foundation
import Testing

@testable import FlagCore

/// Remote provider entries in the workspace file: `url:` instead of `path:`, and the fields only
/// they take, each problem at `path:line:col` (loaded without asking any server).
@Suite("Remote provider configuration")
struct WorkspaceConfigRemoteTests {
    /// Loads a workspace file; remote layers are left pending, so no server is asked.
    static func load(_ workspace: String) throws -> Workspace {
        let folder = try FixtureFolder()
        defer { folder.remove() }
        try folder.write("flagscope.yml", workspace)
        try folder.write("blueprints/app.yml", Fixture.oneFlagBlueprint)
        try folder.write("local.json", "{}\n")
        return Workspace.load(
            from: folder.url.appendingPathComponent("flagscope.yml"),
            environment: ["XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path], remote: .known([:]))
    }

    @Test("A valid OFREP and Unleash pair loads clean, with the fields and the short defaults")
    func validRemoteProviders() throws {
        let workspace = try Self.load(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Flags
                format: ofrep
                url: http://localhost:8016
              - name: Unleash
                format: unleash
                url: https://unleash.example.com/api
                tokenEnv: UNLEASH_TOKEN
                timeout: 5
                connectTimeout: 0.5
                refresh: 0
              - name: Local
                format: json
                path: local.json
                writable: true

            """)
        expectClean(workspace)
        let flags = try #require(workspace.config.providers.first)
        #expect(flags.isRemote && flags.path == nil && !flags.writable)
        #expect(flags.url == "http://localhost:8016")
        #expect(flags.remote == RemoteSettings(tokenEnv: nil, timeout: 3, connectTimeout: 1, refresh: 30))
        #expect(
            workspace.config.providers[1].remote
                == RemoteSettings(tokenEnv: "UNLEASH_TOKEN", timeout: 5, connectTimeout: 0.5, refresh: 0))
        #expect(workspace.config.writableProvider?.name == "Local")
        let layer = try #require(workspace.providers.first)
        #expect(layer.status == .pending, "not fetched: the browser's first frame")
        #expect(layer.displayPath == "http://localhost:8016")
    }

    /// Remote entries with mistakes, each reported where it is.
    static let mistakes: [MarkedWorkspaceFile] = [
        MarkedWorkspaceFile(
            "url and path exclude each other; ofrep needs url; file formats take no url; a remote provider is never writable",
            providers: """
                  - name: Both
                    format: unleash
                    path: flags.json
                    ‸url: http://localhost:4242/api
                  - ‸name: NoURL
                    format: ofrep
                  - name: PathOnly
                    format: ofrep
                    ‸path: flags.json
                  - name: FileFormat
                    format: json
                    ‸url: http://localhost:8016
                  - name: Writable
                    format: ofrep
                    url: http://localhost:8016
                    writable: ‸true
                  - name: Env
                    format: env
                    ‸url: http://localhost:8016
                """,
            .error("a provider reads either a file ('path') or a server ('url'), not both"),
            .error("provider 'NoURL' needs a 'url' (its ofrep server, such as http://localhost:8016)"),
            .error("an ofrep provider reads a server: give its 'url'", "not a 'path'"),
            .error(
                "a json provider reads a file ('path'); "
                    + "only firebase, unleash, ofrep, growthbook and launchdarkly read a server ('url')"),
            .error("a remote provider cannot be writable; edits go to a local json or plist file"),
            .error("an env provider reads environment variables and takes no 'url'")),
        MarkedWorkspaceFile(
            "Remote-only fields on a file provider are errors; misspelt ones get a suggestion",
            providers: """
                  - name: Local
                    format: json
                    path: local.json
                    ‸timeout: 3
                    ‸tokenEnv: TOKEN
                  - name: Flags
                    format: ofrep
                    url: http://localhost:8016
                    ‸tokenenv: FLAGS_TOKEN
                    ‸conectTimeout: 1
                    ‸uri: http://other
                """,
            .error("'timeout' only applies to remote providers (those with a 'url')"),
            .error("'tokenEnv' only applies to remote providers"),
            .error("unknown field 'tokenenv' in a provider", "did you mean 'tokenEnv'?"),
            .error("unknown field 'conectTimeout' in a provider", "did you mean 'connectTimeout'?"),
            .error("unknown field 'uri' in a provider", "did you mean 'url'?")),
        MarkedWorkspaceFile(
            "The unknown-format message lists ofrep",
            providers: "  - { name: Flags, format: ‸ofrap, url: http://localhost:8016 }",
            .error("unknown format 'ofrap'", "did you mean 'ofrep'?", "flagd, ofrep")),
    ]

    @Test("A mistake in a remote provider's entry is reported at its place", arguments: mistakes)
    func mistake(_ file: MarkedWorkspaceFile) throws {
        try file.check { text, _ in try Self.load(text) }
    }

    @Test("Bad urls, numbers and variable names are reported at the value; a pasted token is not quoted back")
    func valueErrors() throws {
        let workspace = try MarkedWorkspaceFile(
            providers: """
                  - name: A
                    format: ofrep
                    url: ‸localhost:8016
                    timeout: ‸0
                    connectTimeout: ‸soon
                    refresh: ‸0.5
                  - name: B
                    format: unleash
                    url: ‸https://user:hunter2@unleash.example.com/api
                    tokenEnv: ‸"*:development.4f2e"
                  - name: C
                    format: ofrep
                    url: ‸http://localhost:8016/?env=prod
                    timeout: 2
                    connectTimeout: ‸5
                """,
            .error("'url' must be an http:// or https:// address with a host, such as http://localhost:8016"),
            .error("'timeout' must be from 0.1 to 300 seconds"), .error("'connectTimeout' must be a number"),
            .error("'refresh' must be from 1 to 86400 seconds (or 0 to turn it off)"),
            .error("'url' must not carry credentials", "name it with 'tokenEnv'"),
            .error("'tokenEnv' names the environment variable that holds the token"),
            .error("'url' is the server's base address and takes no query"),
            .warning("'connectTimeout' (5 s) is longer than 'timeout' (2 s)")
        ).check { text, _ in try Self.load(text) }
        let rendered = workspace.diagnosticRenderer.render(all: workspace.diagnostics)
        #expect(!rendered.contains("4f2e"), "the pasted token is neither in a message nor a quoted line:\n\(rendered)")
        #expect(!rendered.contains("hunter2"), "a url with a password is not quoted back either:\n\(rendered)")
        #expect(
            workspace.providers[1].status
                == .failed(message: "its url cannot be used (see flagscope validate)", location: nil))
        #expect(workspace.providers[1].displayPath == "B")
    }
}
