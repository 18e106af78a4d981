import Foundation
import TestSupport
import Testing

/// Small workspaces and output helpers for the command-line tests.
enum CLIFixture {
    /// The bundled demo workspace file in the repository.
    static var demoWorkspace: URL { Repository.demoWorkspaceFile }

    /// A workspace file listing `blueprints` with a read-only Remote layer and a writable Local layer.
    static func workspace(blueprints: [String]) -> String {
        WorkspaceFile.remoteAndLocal(blueprints: blueprints, localPath: ".flagscope/local.json")
    }

    /// A valid blueprint with a flag of each common type, one stale flag and one feature.
    static let blueprint = """
        name: App
        keyPrefix: lab
        flags:
          allowsSSON:
            key: sson
            type: bool
            default: false
            description: Enable single sign-on
          playbackRate:
            type: double
            default: 1.5
            min: 0.5
            max: 3.0
            description: Default playback rate
          theme:
            type: enum
            values: [system, light, dark]
            default: system
            description: Colour theme
          legacyPlayer:
            type: bool
            default: true
            description: Keep the old player
            expires: 2020-01-31
          futureBanner:
            type: string
            default: hello
            description: Winter banner
            expires: 2999-12-31
        features:
          smartPlaylists:
            name: Smart playlists
            description: Playlists that fill themselves
            constraints:
              userToggled: { default: true }

        """

    /// Writes a workspace with `files` (defaults: the blueprint above, empty provider files) into a new folder.
    static func folder(_ files: [String: String] = [:]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        var all: [String: String] = [
            "flagscope.yml": workspace(blueprints: ["blueprints/app.yml"]),
            "blueprints/app.yml": blueprint,
            "remote.json": "{}\n",
            ".flagscope/local.json": "{}\n",
        ]
        for (path, text) in files { all[path] = text }
        for (path, text) in all { try folder.write(path, text) }
        return folder
    }

    /// Runs `flagscope arguments…` in the workspace `make` writes, expects it to exit with
    /// `status`, and removes the workspace.
    static func run(
        _ arguments: [String], in make: () throws -> TemporaryFolder, status: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLIRunner.Output {
        let folder = try make()
        defer { folder.remove() }
        let output = try CLIRunner.run(arguments, in: folder.url)
        #expect(output.status == status, "\(describe(output))", sourceLocation: sourceLocation)
        return output
    }

    /// Parses a JSON object printed by a command.
    static func object(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try parseJSONObject(text, sourceLocation: sourceLocation)
    }

    /// The layer of `provider` in a `get --json` report.
    static func layer(_ report: [String: Any], _ provider: String) -> [String: Any]? {
        (report["layers"] as? [[String: Any]])?.first { $0["provider"] as? String == provider }
    }

    /// Splits a table row into its cells (columns are separated by two or more spaces).
    static func cells(_ line: Substring) -> [String] {
        line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The cells of the table row whose first cell is `key`.
    static func row(_ key: String, in stdout: String) -> [String]? {
        stdout.split(separator: "\n").map(CLIFixture.cells).first { $0.first == key }
    }

    /// Everything a run printed, for failure messages.
    static func describe(_ output: CLIRunner.Output) -> String {
        "status \(output.status)\n--- stdout\n\(output.stdout)\n--- stderr\n\(output.stderr)"
    }

    /// Runs `script` with bash in `directory` (environment added to this process's), to the end:
    /// standard output and error together.
    static func shell(_ script: String, in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> String
    {
        try bash(["-c", script], in: directory, environment: environment).output
    }

    /// Runs bash with `arguments` in `directory` (environment added to this process's, in a
    /// UTF-8 locale), to the end: its exit status, and standard output and error together.
    static func bash(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash"] + arguments
        if let directory { process.currentDirectoryURL = directory }
        var variables = ProcessInfo.processInfo.environment
        variables["LANG"] = "C.UTF-8"
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
