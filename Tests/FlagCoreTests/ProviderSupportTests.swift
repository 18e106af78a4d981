import Foundation
import Testing
@testable import FlagCore

/// A temporary workspace for provider, resolution and write tests: write files, load with an
/// explicit environment, resolve keys, remove everything.
struct ProviderSandbox {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flagscope-provider-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A sandbox holding `ProviderBlueprint.yaml` and a workspace file with `providers` (YAML list items).
    static func with(providers: String, blueprint: String = ProviderBlueprint.yaml()) throws -> ProviderSandbox {
        let sandbox = try ProviderSandbox()
        try sandbox.write("blueprints/app.yml", blueprint)
        try sandbox.write("flagscope.yml", "blueprints:\n  - blueprints/*.yml\nproviders:\n" + providers)
        return sandbox
    }

    /// The URL of a path inside the sandbox.
    func file(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Writes text (creating folders).
    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        try write(path, bytes: Array(text.utf8))
    }

    /// Writes raw bytes (creating folders).
    @discardableResult
    func write(_ path: String, bytes: [UInt8]) throws -> URL {
        let target = file(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
        return target
    }

    /// The bytes of a file.
    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: file(path))) }

    /// The text of a file.
    func text(_ path: String) throws -> String { String(decoding: try bytes(path), as: UTF8.self) }

    /// Whether a file exists.
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: file(path).path) }

    /// The file names in a folder of the sandbox.
    func listing(_ folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(folder).path).sorted()
    }

    /// Loads the workspace with exactly `environment` for env providers.
    func load(environment: [String: String] = [:], fileSystem: FileSystem = LocalFileSystem()) -> Workspace {
        Workspace.load(from: file("flagscope.yml"), fileSystem: fileSystem, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A small blueprint with one flag of every type, rules that can be broken, a nested
/// collection, and a flag (`sealed`) that never reads the provider named `excluding`.
enum ProviderBlueprint {
    static func yaml(excluding: String = "Source") -> String {
        """
        name: App
        description: Flags of every type
        flags:
          darkMode:
            type: bool
            default: false
            description: Dark appearance
          retries:
            type: int
            default: 3
            min: 0
            max: 10
            description: Network retries
          ratio:
            type: double
            default: 0.5
            min: 0.0
            max: 1.0
            description: Sampling ratio
          greeting:
            type: string
            default: hello
            pattern: "[a-z]+"
            description: Lower-case greeting word
          theme:
            type: enum
            values: [system, light, dark]
            default: system
            description: Colour theme
          launchDate:
            type: date
            default: 2026-01-01
            description: Campaign start
          homepage:
            type: url
            default: https://example.com
            description: Home page
          layout:
            type: json
            default:
              columns: 2
            description: Grid layout
          sealed:
            type: bool
            default: false
            excludedProviders: [\(excluding)]
            description: Never read from \(excluding)
        collections:
          checkout:
            description: Checkout flow
            flags:
              newFlow:
                type: bool
                default: true
                description: New checkout flow

        """
    }

    /// Every declared key.
    static let keys = ["dark_mode", "retries", "ratio", "greeting", "theme", "launch_date", "homepage", "layout", "sealed",
                       "checkout/new_flow"]
}

extension Workspace {
    /// The resolution of a key, failing the test when the key is not declared.
    func requireResolution(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Resolution {
        try #require(Resolver(workspace: self).resolve(key), "no resolution for \(key)", sourceLocation: sourceLocation)
    }

    /// The state of `provider`'s layer for `key`.
    func requireLayer(_ key: String, _ provider: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Layer {
        let resolution = try requireResolution(key, sourceLocation: sourceLocation)
        return try #require(resolution.layers.first { $0.provider == provider }, "no layer \(provider) for \(key)",
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

@Suite("Provider sandbox")
struct ProviderSupportTests {
    @Test("The sample blueprint loads without any diagnostic and declares every type")
    func blueprintIsClean() throws {
        let sandbox = try ProviderSandbox.with(providers: """
              - name: Source
                format: json
                path: source.json

            """)
        defer { sandbox.remove() }
        try sandbox.write("source.json", "{}\n")
        let workspace = sandbox.load()
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics.map(\.headline))")
        for key in ProviderBlueprint.keys { #expect(workspace.flags[key] != nil, "\(key) is declared") }
        #expect(Set(ProviderBlueprint.keys.compactMap { workspace.flags[$0]?.type }) == Set(FlagType.allCases))
    }
}
