import Foundation
import TestSupport
import Testing

/// A private copy of the bundled demo workspace in `demo/` of a temporary folder, so `set` never
/// touches `Resources/Demo`; commands run from the folder around it, with `--config`.
struct ConfiguredDemoCopy {
    let folder: TemporaryFolder
    let config: URL

    init() throws {
        folder = try TemporaryFolder()
        config = try folder.copyDemo(to: "demo")
    }

    /// Runs `flagscope arguments… --config <copy>` from the temp folder, with no demo variables set.
    func run(_ arguments: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(arguments + ["--config", config.path], in: folder.url)
    }

    /// `explain FEATURE --json`, parsed.
    func explainJSON(_ feature: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let output = try run(["explain", feature, "--json"])
        try #require(output.status == 0, "explain \(feature) --json: \(output.stderr)", sourceLocation: sourceLocation)
        return try ConfiguredDemoCopy.object(output.stdout, sourceLocation: sourceLocation)
    }

    /// `flagscope set KEY VALUE`, which must succeed.
    func set(_ key: String, _ value: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = try run(["set", key, value])
        #expect(output.status == 0, "set \(key) \(value): \(output.stderr)", sourceLocation: sourceLocation)
    }

    static func object(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try parseJSONObject(text, sourceLocation: sourceLocation)
    }

    func remove() { folder.remove() }
}
