import Testing

@testable import FlagCore

/// The workspace file's own problems (docs/workspace.md): providers and blueprint lists, with positions.
@Suite("Workspace file diagnostics")
struct WorkspaceConfigTests {
    static func load(_ workspace: String, file: String = "flagscope.yml") throws -> Workspace {
        try Fixture.load(workspaceFile: workspace, as: file)
    }

    /// Files with mistakes, each reported where it is and in the words a user reads.
    static let mistakes: [MarkedWorkspaceFile] = [
        MarkedWorkspaceFile(
            "An unknown field in a provider is reported at its key with a suggestion",
            providers: """
                  - name: Local
                    format: json
                    path: local.json
                    ‸writeable: true
                  - ‸name: Env
                    ‸foramt: env
                """,
            .error("unknown field 'writeable' in a provider", "did you mean 'writable'?"),
            .error("provider 'Env' needs a 'format'"),
            .error("unknown field 'foramt' in a provider", "did you mean 'format'?")),
        MarkedWorkspaceFile(
            "A provider named like a value's source or the --context layer is refused, at its name",
            providers: """
                  - name: ‸default
                    format: env
                    prefix: A_
                  - name: ‸--context
                    format: env
                    prefix: B_
                """,
            .error("'default' is reserved for the value's source; choose another provider name"),
            .error("'--context' is the name of the layer `--context` adds; choose another provider name")),
        MarkedWorkspaceFile(
            "An unknown field at the workspace root is reported at its key with a suggestion",
            marked: """
                blueprints: [blueprints/app.yml]
                ‸provider:
                  - { name: Local, format: json, path: local.json }

                """,
            .error("unknown field 'provider' in the workspace file", "did you mean 'providers'?")),
        MarkedWorkspaceFile(
            "An unknown format is reported at the value with a suggestion and the list of formats",
            providers: "  - { name: Remote, format: ‸flagdd, path: remote.json }",
            .error("unknown format 'flagdd'", "did you mean 'flagd'?", "json, plist, env, firebase, unleash, flagd")),
        MarkedWorkspaceFile(
            "An unknown format in a JSON workspace file is reported at the value", file: "flagscope.json",
            marked: """
                {
                  "blueprints": ["blueprints/app.yml"],
                  "providers": [
                    {"name": "Remote", "format": ‸"firebas", "path": "remote.json"}
                  ]
                }

                """,
            .error("unknown format 'firebas'", "did you mean 'firebase'?")),
        MarkedWorkspaceFile(
            "A workspace without blueprints says what to list",
            marked: """
                ‸providers:
                  - { name: Local, format: json, path: local.json }

                """,
            .error("the workspace lists no 'blueprints'")),
        // libyaml reports the second ':', the mapping indicator that is not allowed there.
        MarkedWorkspaceFile(
            "A YAML syntax error in the workspace file is reported where libyaml finds it",
            providers: """
                  - name: Local
                    format: json‸: yes
                """,
            .error("mapping values are not allowed")),
        MarkedWorkspaceFile(
            "A duplicate provider name is reported at the second name",
            providers: """
                  - name: Remote
                    format: json
                    path: remote.json
                  - name: ‸Remote
                    format: json
                    path: other.json
                """,
            .error("duplicate provider name 'Remote'")),
        MarkedWorkspaceFile(
            "A second writable provider is reported at its writable: value",
            providers: """
                  - name: Local
                    format: json
                    path: local.json
                    writable: true
                  - name: QA
                    format: json
                    path: qa.json
                    writable: ‸true
                """,
            .error("only one provider can be writable", "'Local' already is")),
        MarkedWorkspaceFile(
            "Duplicate names and a second writable provider in flow style: each error at its place",
            providers: """
                  - { name: Remote, format: json, path: remote.json }
                  - { name: Local, format: json, path: local.json, writable: true }
                  - { name: ‸Remote, format: json, path: other.json }
                  - { name: QA, format: json, path: qa.json, writable: ‸true }
                """,
            .error("duplicate provider name 'Remote'"),
            .error("only one provider can be writable; 'Local' already is")),
    ]

    @Test("A mistake in the workspace file is reported at its place, saying what to do", arguments: mistakes)
    func mistake(_ file: MarkedWorkspaceFile) throws {
        try file.check(Self.load)
    }

    @Test("A blueprint glob that matches nothing is a warning; a listed file that does not exist is an error")
    func blueprintPatterns() throws {
        let workspace = try MarkedWorkspaceFile(
            marked: """
                blueprints:
                  - blueprints/app.yml
                  - ‸blueprints/missing.yml
                  - ‸experiments/*.yml
                providers:
                  - { name: Local, format: json, path: local.json, writable: true }

                """,
            .error("blueprint file 'blueprints/missing.yml' does not exist"),
            .warning("'experiments/*.yml' matches no .yml, .yaml, .json or .swift file")
        ).check(Self.load)
        #expect(workspace.blueprints.map(\.file) == ["blueprints/app.yml"])
    }

    @Test("Providers with a priority are ordered by descending priority, stable; others count as 0")
    func priorityOrder() throws {
        let workspace = try Self.load(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - { name: A, format: json, path: remote.json }
              - { name: B, format: json, path: local.json, priority: 10 }
              - { name: C, format: json, path: qa.json, priority: -1 }
              - { name: D, format: json, path: other.json }
              - { name: E, format: env, prefix: E_, priority: 10 }

            """)
        expectClean(workspace)
        #expect(workspace.config.providers.map(\.name) == ["B", "E", "A", "D", "C"])
    }
}
