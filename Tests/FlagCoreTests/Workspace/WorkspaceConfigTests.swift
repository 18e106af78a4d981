import Testing

@testable import FlagCore

/// The workspace file's own problems (docs/workspace.md): providers and blueprint lists, with positions.
@Suite("Workspace file diagnostics")
struct WorkspaceConfigTests {
    static func load(_ workspace: String, file: String = "flagscope.yml") throws -> Workspace {
        try Fixture.load(workspaceFile: workspace, as: file)
    }

    @Test("An unknown field in a provider is reported at its key with a suggestion")
    func unknownProviderField() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Local
                format: json
                path: local.json
                ‸writeable: true
              - ‸name: Env
                ‸foramt: env

            """)
        expectDiagnostics(
            try Self.load(source.text),
            exactly: [
                .error(
                    "flagscope.yml", source[0], "unknown field 'writeable' in a provider", "did you mean 'writable'?"),
                .error("flagscope.yml", source[2], "unknown field 'foramt' in a provider", "did you mean 'format'?"),
                .error("flagscope.yml", source[1], "provider 'Env' needs a 'format'"),
            ])
    }

    @Test("A provider named like a value's source or the --context layer is refused, at its name")
    func reservedProviderNames() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: ‸default
                format: env
                prefix: A_
              - name: ‸--context
                format: env
                prefix: B_

            """)
        expectDiagnostics(
            try Self.load(source.text),
            exactly: [
                .error(
                    "flagscope.yml", source[0],
                    "'default' is reserved for the value's source; choose another provider name"),
                .error(
                    "flagscope.yml", source[1],
                    "'--context' is the name of the layer `--context` adds; choose another provider name"),
            ])
    }

    @Test("An unknown field at the workspace root is reported at its key with a suggestion")
    func unknownRootField() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            ‸provider:
              - name: Local
                format: json
                path: local.json

            """)
        expectDiagnostics(
            try Self.load(source.text),
            exactly: [
                .error(
                    "flagscope.yml", source[0], "unknown field 'provider' in the workspace file",
                    "did you mean 'providers'?")
            ])
    }

    @Test("An unknown format is reported at the value with a suggestion and the list of formats")
    func unknownFormat() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Remote
                format: ‸flagdd
                path: remote.json

            """)
        expectDiagnostics(
            try Self.load(source.text),
            exactly: [
                .error(
                    "flagscope.yml", source[0], "unknown format 'flagdd'", "did you mean 'flagd'?",
                    "json, plist, env, firebase, unleash, flagd")
            ])
    }

    @Test("An unknown format in a JSON workspace file is reported at the value")
    func unknownFormatJSON() throws {
        let source = MarkedText(
            """
            {
              "blueprints": ["blueprints/app.yml"],
              "providers": [
                {"name": "Remote", "format": ‸"firebas", "path": "remote.json"}
              ]
            }

            """)
        expectDiagnostics(
            try Self.load(source.text, file: "flagscope.json"),
            exactly: [
                .error("flagscope.json", source[0], "unknown format 'firebas'", "did you mean 'firebase'?")
            ])
    }

    @Test("Duplicate provider names and a second writable provider are errors naming the provider")
    func duplicateAndWritableProviders() throws {
        // Where these point is checked by the tests of positions; here: they are errors.
        let workspace = try Self.load(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - { name: Remote, format: json, path: remote.json }
              - { name: Local, format: json, path: local.json, writable: true }
              - { name: Remote, format: json, path: other.json }
              - { name: QA, format: json, path: qa.json, writable: true }

            """)
        let errors = workspace.diagnostics.filter { $0.severity == .error && $0.file == "flagscope.yml" }
        #expect(errors.count == 2, "\(Diagnostic.listing(workspace.diagnostics))")
        #expect(errors.contains { $0.message.contains("duplicate provider name 'Remote'") && $0.location?.line == 5 })
        #expect(
            errors.contains {
                $0.message.contains("only one provider can be writable; 'Local' already is") && $0.location?.line == 6
            })
    }

    @Test("A blueprint glob that matches nothing is a warning; a listed file that does not exist is an error")
    func blueprintPatterns() throws {
        let source = MarkedText(
            """
            blueprints:
              - blueprints/app.yml
              - ‸blueprints/missing.yml
              - ‸experiments/*.yml
            providers:
              - name: Local
                format: json
                path: local.json
                writable: true

            """)
        let workspace = try Self.load(source.text)
        expectDiagnostics(
            workspace,
            exactly: [
                .error("flagscope.yml", source[0], "blueprint file 'blueprints/missing.yml' does not exist"),
                .warning(
                    "flagscope.yml", source[1], "'experiments/*.yml' matches no .yml, .yaml, .json or .swift file"),
            ])
        #expect(workspace.blueprints.map(\.file) == ["blueprints/app.yml"])
    }

    @Test("A workspace without blueprints says what to list")
    func noBlueprints() throws {
        let source = MarkedText(
            """
            ‸providers:
              - name: Local
                format: json
                path: local.json

            """)
        expectDiagnostics(
            try Self.load(source.text),
            exactly: [
                .error("flagscope.yml", source[0], "the workspace lists no 'blueprints'")
            ])
    }

    @Test("A YAML syntax error in the workspace file is reported where libyaml finds it")
    func workspaceSyntaxError() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Local
                format: json‸: yes

            """)
        let workspace = try Self.load(source.text)
        // libyaml reports the second ':', the mapping indicator that is not allowed there.
        expectDiagnostics(
            workspace,
            exactly: [
                .error("flagscope.yml", source[0], "mapping values are not allowed")
            ])
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

    @Test("A duplicate provider name is reported at the second name")
    func duplicateProviderNames() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Remote
                format: json
                path: remote.json
              - name: ‸Remote
                format: json
                path: other.json

            """)
        expectDiagnostics(
            try Fixture.load(workspaceFile: source.text),
            exactly: [
                .error("flagscope.yml", source[0], "duplicate provider name 'Remote'")
            ])
    }

    @Test("A second writable provider is reported at its writable: value")
    func twoWritableProviders() throws {
        let source = MarkedText(
            """
            blueprints: [blueprints/app.yml]
            providers:
              - name: Local
                format: json
                path: local.json
                writable: true
              - name: QA
                format: json
                path: qa.json
                writable: ‸true

            """)
        expectDiagnostics(
            try Fixture.load(workspaceFile: source.text),
            exactly: [
                .error("flagscope.yml", source[0], "only one provider can be writable", "'Local' already is")
            ])
    }
}
