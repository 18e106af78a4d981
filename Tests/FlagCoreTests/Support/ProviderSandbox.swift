import Foundation
import TestSupport
import Testing

@testable import FlagCore

/// A temporary workspace for provider, resolution and write tests: write files (``TestFolder``),
/// load with an explicit environment, resolve keys, remove everything.
struct ProviderSandbox: TestFolder {
    let url: URL

    init() throws {
        url = try TemporaryFolder.makeUnique(prefix: "flagscope-provider")
    }

    /// A sandbox holding `ProviderBlueprint.yaml` and a workspace file with `providers` (YAML list items).
    static func with(providers: String, blueprint: String = ProviderBlueprint.yaml()) throws -> ProviderSandbox {
        let sandbox = try ProviderSandbox()
        try sandbox.write("blueprints/app.yml", blueprint)
        try sandbox.write("flagscope.yml", "blueprints:\n  - blueprints/*.yml\nproviders:\n" + providers)
        return sandbox
    }

    /// A sandbox holding `blueprint` and a workspace file listing `providers`, top first.
    static func with(
        providers: [WorkspaceBuilder.Provider], blueprint: String = ProviderBlueprint.yaml()
    ) throws -> ProviderSandbox {
        try with(providers: providers.map(\.yaml).joined(), blueprint: blueprint)
    }

    /// The sandbox of `providers` over `blueprint` with `files` (text by path) written, and its
    /// workspace loaded.
    static func loaded(
        providers: String, blueprint: String = ProviderBlueprint.yaml(), files: [String: String]
    ) throws -> (ProviderSandbox, Workspace) {
        let sandbox = try with(providers: providers, blueprint: blueprint)
        for (path, text) in files { try sandbox.write(path, text) }
        return (sandbox, sandbox.load())
    }

    /// Loads the workspace with exactly `environment` for env providers.
    func load(environment: [String: String] = [:], fileSystem: FileSystem = LocalFileSystem()) -> Workspace {
        Workspace.load(from: file("flagscope.yml"), fileSystem: fileSystem, environment: environment)
    }
}

/// The shared blueprint with one flag of every type, plus a flag (`sealed`) that never reads the
/// provider named `excluding`.
enum ProviderBlueprint {
    static func yaml(excluding: String = "Source") -> String {
        EveryTypeBlueprint.yaml(
            extraFlags: """
                  sealed:
                    type: bool
                    default: false
                    excludedProviders: [\(excluding)]
                    description: Never read from \(excluding)

                """)
    }

    /// Every declared key.
    static let keys = [
        "dark_mode", "retries", "ratio", "greeting", "theme", "launch_date", "homepage", "layout", "sealed",
        "checkout/new_flow",
    ]

    /// A value of every type that the provider tests set in their Source layer, by key.
    static let sampleValues: [(key: String, value: FlagValue)] = [
        ("dark_mode", .bool(true)), ("retries", .int(7)), ("ratio", .double(0.25)), ("greeting", .string("hi")),
        ("theme", .string("dark")), ("launch_date", .date("2026-05-01")),
        ("homepage", .url("https://flags.example.com/home")),
        ("layout", .json(.object(["columns": .int(3), "dense": .bool(true)]))), ("checkout/new_flow", .bool(false)),
    ]
}

extension Workspace {
    /// Expects each key set to its value in `provider`'s layer (the top one), and that layer to win.
    func expectSet(
        _ values: [(key: String, value: FlagValue)], by provider: String = "Source",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (key, value) in values {
            let resolution = try requireResolution(key, sourceLocation: sourceLocation)
            #expect(resolution.layers.first?.provider == provider, "\(key)", sourceLocation: sourceLocation)
            #expect(resolution.layers.first?.state == .set(value), "\(key)", sourceLocation: sourceLocation)
            #expect(resolution.layers.first?.isWinner == true, "\(key)", sourceLocation: sourceLocation)
            #expect(resolution.value == value, "\(key)", sourceLocation: sourceLocation)
            #expect(resolution.source == provider, "\(key)", sourceLocation: sourceLocation)
            #expect(resolution.reason == .provider, "\(key)", sourceLocation: sourceLocation)
        }
    }

    /// The resolution of a key, failing the test when the key is not declared.
    func requireResolution(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Resolution {
        try #require(Resolver(workspace: self).resolve(key), "no resolution for \(key)", sourceLocation: sourceLocation)
    }

    /// The state of `provider`'s layer for `key`.
    func requireLayer(_ key: String, _ provider: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Layer
    {
        let resolution = try requireResolution(key, sourceLocation: sourceLocation)
        return try #require(
            resolution.layers.first { $0.provider == provider }, "no layer \(provider) for \(key)",
            sourceLocation: sourceLocation)
    }

    /// The diagnostics of one severity, as headlines.
    func diagnosticHeadlines(_ severity: Diagnostic.Severity) -> [String] {
        diagnostics.filter { $0.severity == severity }.map(\.headline)
    }
}

extension LayerState {
    /// The raw value of a type mismatch.
    var mismatchRaw: RawValue? {
        if case .typeMismatch(let raw, _) = self { return raw }
        return nil
    }

    /// The message of a type mismatch.
    var mismatchProblem: String? {
        if case .typeMismatch(_, let problem) = self { return problem }
        return nil
    }
}
