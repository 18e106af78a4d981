import ArgumentParser
import FlagBrowser
import FlagCore
import Foundation

/// `flagscope refs KEY`: where the app's code reads a flag or a feature (docs/code.md).
struct Refs: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show where the app's Swift code reads a flag or a feature (path:line:column: the line).")

    @OptionGroup var workspace: WorkspaceOptions
    @Flag(help: "Print JSON.") var json = false
    @Option(help: "Open the N-th reference (from 1) in $VISUAL or $EDITOR (default vi).") var open: Int?
    @Argument(help: "The full key of a flag or a feature, such as podcasts/theme.") var key: String

    func run() throws {
        let loaded = try workspace.loadValid()
        guard loaded.flags[key] != nil || loaded.features[key] != nil else {
            let keys = loaded.flags.keys.elements + loaded.features.keys.elements
            Console.error("error: unknown key '\(TerminalText.escaped(key))'\(Suggestion.hint(for: key, in: keys))")
            throw ExitCode.failure
        }
        guard
            let report = ReferencesReport(
                key: key, workspace: loaded, currentDirectory: WorkspaceOptions.currentDirectory)
        else {
            Console.error(
                "error: the workspace has no code to search: list the app's Swift sources under code: in \(loaded.config.file.lastPathComponent), such as code: [\"Sources/**/*.swift\"] (docs/code.md)"
            )
            throw ExitCode.failure
        }
        if let open {
            guard report.references.indices.contains(open - 1) else {
                Console.error(
                    "error: --open \(open): \(TerminalText.escaped(key)) has \(Plural.count(report.references.count, "reference")); give a number from 1\(report.references.count > 1 ? " to \(report.references.count)" : "")"
                )
                throw ExitCode(64)
            }
            let reference = report.references[open - 1]
            let launch = EditorLaunch(
                environment: ProcessInfo.processInfo.environment,
                file: WorkspacePath.url(ofPath: reference.place.file, in: loaded.folder), shown: reference.place.file,
                line: reference.place.location.line)
            launch.run()
            return
        }
        if json {
            Console.json(report.json)
        } else {
            Console.out(report.text)
        }
    }
}
